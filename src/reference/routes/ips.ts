// HTTP binding of the addresses of an instance: read the parsed request, call the model, return its views.

import * as ips from '../model/ips.js';
import { caller, type Handlers, intParam, type RequestContext } from './context.js';

const nodeId = (ctx: RequestContext) => intParam(ctx, 'nodeId');
const address = (ctx: RequestContext) => String(ctx.params.address);

export const handlers: Handlers = {
  'ips/list': (ctx) => ips.networkingInfo(caller(ctx), nodeId(ctx)),
  'ips/allocate': (ctx) =>
    ips.allocateAddress(caller(ctx), nodeId(ctx), ctx.body as unknown as { public: boolean; type: string }),
  'ips/view': (ctx) => ips.getAddress(caller(ctx), nodeId(ctx), address(ctx)),
  'ips/update': (ctx) =>
    ips.updateRdns(caller(ctx), nodeId(ctx), address(ctx), (ctx.body.rdns ?? null) as string | null),
  'ips/delete': (ctx) => {
    ips.deleteAddress(caller(ctx), nodeId(ctx), address(ctx));
    return {};
  },
};
