// HTTP binding of service transfers and their deprecated entity-transfer forms, which act on the same records: read the parsed request, call the model, shape the transfer records.

import type { Transfer } from '../model/transfers.js';
import * as transfers from '../model/transfers.js';
import { type Principal, timestamp } from '../model/world.js';
import { caller, type Handler, type Handlers, type RequestContext } from './context.js';

/** The document shows only `token`; the reference server also answers the state, times, side and instances. */
export const transferRecord = (p: Principal, t: Transfer) => {
  const { world } = p.account;
  return {
    token: t.token,
    status: transfers.transferStatus(world, t),
    created: timestamp(t.created),
    updated: timestamp(transfers.transferUpdated(world, t)),
    is_sender: transfers.isSender(p, t),
    expiry: timestamp(t.expiry),
    entities: { nodes: [...t.nodes] },
  };
};

const token = (ctx: RequestContext) => String(ctx.params.token);

const list: Handler = (ctx) => {
  const p = caller(ctx);
  return transfers.listTransfers(p).map((t) => transferRecord(p, t));
};

const create: Handler = (ctx) => {
  const p = caller(ctx);
  return transferRecord(p, transfers.createTransfer(p, ctx.body as unknown as transfers.TransferInput));
};

const view: Handler = (ctx) => {
  const p = caller(ctx);
  return transferRecord(p, transfers.getTransfer(p, token(ctx)));
};

const cancel: Handler = (ctx) => {
  transfers.cancelTransfer(caller(ctx), token(ctx));
  return {};
};

const accept: Handler = (ctx) => {
  transfers.acceptTransfer(caller(ctx), token(ctx));
  return {};
};

export const handlers: Handlers = {
  'transfers/service/list': list,
  'transfers/service/create': create,
  'transfers/service/view': view,
  'transfers/service/cancel': cancel,
  'transfers/service/accept': accept,
  'transfers/entity/list': list,
  'transfers/entity/create': create,
  'transfers/entity/view': view,
  'transfers/entity/cancel': cancel,
  'transfers/entity/accept': accept,
};
