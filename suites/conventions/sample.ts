// The operations each convention is tried on (a fixed sample across the Part 1 and Part 2 areas), and small helpers to call them.

import { opOf } from '../../spec/index.js';
import type { Operation } from '../../spec/types.js';
import { destroys, type Kit, type SendOptions, validRequest, type WrittenContext } from '../support/author.js';

export { opOf };

/** Paginated lists, one or two per area. */
export const LISTS = [
  'vpcs/list',
  'vpcs/subnets/list',
  'stackscripts/list',
  'tags/list',
  'managed/contacts/list',
  'billing/invoices/list',
  'users/list',
  'events/list',
  'oauth-clients/list',
];

/** Operations with a JSON body (a create and an update per area where the suite can make the entity). */
export const BODIES = [
  'vpcs/create',
  'vpcs/update',
  'vpcs/subnets/create',
  'vpcs/subnets/update',
  'stackscripts/create',
  'stackscripts/update',
  'tags/create',
  'managed/contacts/create',
  'managed/contacts/update',
  'managed/services/create',
  'oauth-clients/create',
];

/** Operations that need a token: each method of each area, on entities the suite can make. */
export const AUTHENTICATED = [
  'vpcs/list',
  'vpcs/create',
  'vpcs/view',
  'vpcs/update',
  'vpcs/delete',
  'vpcs/subnets/view',
  'stackscripts/create',
  'stackscripts/view',
  'stackscripts/update',
  'stackscripts/delete',
  'tags/list',
  'tags/create',
  'tags/delete',
  'managed/contacts/list',
  'managed/contacts/view',
  'managed/contacts/update',
  'managed/contacts/delete',
  'account/view',
  'users/list',
  'events/list',
  'oauth-clients/list',
  'oauth-clients/create',
  'billing/invoices/list',
];

/** Reading back a record: the view operation of each sampled entity. */
export const VIEWS = ['vpcs/view', 'vpcs/subnets/view', 'stackscripts/view', 'account/view', 'account/settings/view'];

/** A valid request for an operation; a fresh entity when the operation destroys it. */
export const requestFor = (ctx: WrittenContext, op: Operation): Promise<SendOptions> =>
  validRequest({ kit: ctx.kit, op, fixtures: ctx.fixtures }, destroys(op));

/** An operation at a path or with a method the API does not have, for unknown routes and wrong methods. */
export const offRoute = (base: Operation, path: string, method: Operation['method'] = base.method): Operation => ({
  ...base,
  path,
  method,
});

/** A label carrying the run's prefix, unique within the run. */
export const runLabel = (kit: Kit, tag: string): string =>
  `${kit.session.config.labelPrefix}-${tag}${kit.session.nextSeed() % 100000}`;
