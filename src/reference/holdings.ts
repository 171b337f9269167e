// What the fake holds: for each account, the entities of every list operation of the documents, read through the areas' own handlers as the account's owner (for the landing page and `GET /__cloudconf/entities`).

import { operations } from '../../spec/index.js';
import { servedAnswers } from '../../spec/served.js';
import type { Operation } from '../../spec/types.js';
import { ModelError } from './model/errors.js';
import type { Account, World } from './model/world.js';
import type { RequestContext } from './routes/context.js';
import { handlers } from './routes/index.js';

/** Accounts shown; a server with more (noise, throwaway accounts) shows the first ones and says how many. */
export const MAX_ACCOUNTS = 20;
/** Entities one answer of `/__cloudconf/entities` holds at most. */
export const MAX_ENTITIES = 500;

/** The documents' list operations that need nothing but a token: one per kind of entity an account holds. */
export const listOperations: readonly Operation[] = operations.filter(
  (op) =>
    op.method === 'GET' &&
    op.root === 'base' &&
    op.pathParams.length === 0 &&
    op.status.kind === 'stable' &&
    (op.response.kind === 'envelope' || servedAnswers[op.id]?.kind === 'list'),
);

export interface Holding {
  operation: string;
  area: string;
  count?: number;
  /** Why the list could not be read for the account (the model refused it). */
  refused?: string;
}

/** The list an operation answers the account's owner, every item (unpaged); a refusal as a reason. */
export function listFor(world: World, account: Account, op: Operation): unknown[] | string {
  const user = account.users.values().next().value;
  if (!user) return 'the account has no user';
  const handler = handlers[op.id];
  if (!handler) return 'not served';
  const ctx: RequestContext = {
    op,
    world,
    principal: { account, user, scopes: new Set(['*']) },
    account,
    params: {},
    query: {},
    body: {},
  };
  try {
    const result = handler(ctx) as unknown;
    if (Array.isArray(result)) return result;
    const data = (result as { data?: unknown } | null)?.data;
    return Array.isArray(data) ? data : [];
  } catch (error) {
    if (error instanceof ModelError) return error.items.map((i) => i.reason).join('; ');
    throw error;
  }
}

export function holdings(world: World, account: Account): Holding[] {
  return listOperations.map((op) => {
    const list = listFor(world, account, op);
    return typeof list === 'string'
      ? { operation: op.id, area: op.area, refused: list }
      : { operation: op.id, area: op.area, count: list.length };
  });
}

/** `GET /__cloudconf/entities?operation=vpcs/list&account=1001`: a list's items as its operation answers them. */
export function entities(world: World, query: URLSearchParams): { status: number; body: unknown } {
  const op = listOperations.find((o) => o.id === query.get('operation'));
  if (!op)
    return {
      status: 400,
      body: { errors: [{ reason: `operation must be one of ${listOperations.map((o) => o.id).join(', ')}` }] },
    };
  const id = query.get('account');
  const account = id === null ? world.accounts.values().next().value : world.accounts.get(Number(id));
  if (!account) return { status: 404, body: { errors: [{ reason: 'no such account' }] } };
  const list = listFor(world, account, op);
  if (typeof list === 'string') return { status: 409, body: { errors: [{ reason: list }] } };
  return {
    status: 200,
    body: {
      account: account.id,
      operation: op.id,
      data: list.slice(0, MAX_ENTITIES),
      results: list.length,
      ...(list.length > MAX_ENTITIES ? { cut: `the first ${MAX_ENTITIES} of ${list.length}` } : {}),
    },
  };
}
