// After a managed contact, credential or service is deleted (or revoked), it is neither listed nor viewable.

import {
  acceptedWith2xx,
  notListed,
  rejectedWith4xx,
  validRequest,
  type WrittenContext,
} from '../../support/author.js';
import { listAll, operation } from '../stackscripts/list-all.js';

interface Kind {
  what: string;
  param: string;
  list: string;
  view: string;
}

/** Removes a fresh entity with the requirement's operation, then looks for it in the list and by id. */
async function goneAfterRemoval(ctx: WrittenContext, kind: Kind) {
  const { kit, op } = ctx;
  if (!op) throw new Error(`the requirement names no operation removing ${kind.what}`);
  const request = await validRequest({ kit, op, fixtures: ctx.fixtures }, true);
  const id = request.params?.[kind.param];
  if (!kit.check(acceptedWith2xx(await kit.send(op, request)), op.name)) return;
  kit.check(rejectedWith4xx(await kit.send(operation(kind.view), request)), `view after ${op.name}`);
  const listing = await listAll(kit, operation(kind.list));
  if (listing)
    kit.check(notListed(listing.items, id, `the removed ${kind.what}`, listing.exchange), `list after ${op.name}`);
}

export const contactRemoved = (ctx: WrittenContext) =>
  goneAfterRemoval(ctx, {
    what: 'contact',
    param: 'contactId',
    list: 'managed/contacts/list',
    view: 'managed/contacts/view',
  });

export const credentialRevoked = (ctx: WrittenContext) =>
  goneAfterRemoval(ctx, {
    what: 'credential',
    param: 'credentialId',
    list: 'managed/credentials/list',
    view: 'managed/credentials/view',
  });

export const serviceRemoved = (ctx: WrittenContext) =>
  goneAfterRemoval(ctx, {
    what: 'service',
    param: 'serviceId',
    list: 'managed/services/list',
    view: 'managed/services/view',
  });
