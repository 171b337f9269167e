// HTTP binding of the statistics and network transfer of an instance: read the path, call the model, return its records.

import * as stats from '../model/stats.js';
import { caller, type Handlers, intParam, type RequestContext } from './context.js';

const nodeId = (ctx: RequestContext) => intParam(ctx, 'nodeId');

export const handlers: Handlers = {
  'stats/view': (ctx) => stats.dayStats(caller(ctx), nodeId(ctx)),
  'stats/view-month': (ctx) =>
    stats.monthStats(caller(ctx), nodeId(ctx), intParam(ctx, 'year'), intParam(ctx, 'month')),
  'stats/transfer': (ctx) => stats.currentTransfer(caller(ctx), nodeId(ctx)),
  'stats/transfer-month': (ctx) =>
    stats.monthTransfer(caller(ctx), nodeId(ctx), intParam(ctx, 'year'), intParam(ctx, 'month')),
};
