// Shared steps of the users, events and OAuth client procedures: JSON reading, whole lists, users and restricted credentials, and entities made for one test.

import { opOf, runLabel } from '../../conventions/sample.js';
import {
  acceptedWith2xx,
  type Credential,
  type CredentialRequest,
  type Exchange,
  hintsFor,
  type Kit,
  sampleOne,
  validBody,
  type WrittenContext,
} from '../../support/author.js';

export type Json = Record<string, unknown>;

export const jsonOf = (e: Exchange): Json | undefined => e.response?.json as Json | undefined;

export const succeeded = (e: Exchange): boolean => {
  const s = e.response?.status ?? 0;
  return s >= 200 && s < 300;
};

const PAGE_SIZE = 100;
const MAX_PAGES = 20;

/** Every item of a paginated list (up to a cap), as the caller with `token` sees it, with the pages' exchanges. */
export async function listAll(
  kit: Kit,
  listId: string,
  token?: string,
): Promise<{ items: Json[]; last: Exchange | undefined; pages: Exchange[] }> {
  const items: Json[] = [];
  const pages: Exchange[] = [];
  let last: Exchange | undefined;
  for (let page = 1; page <= MAX_PAGES; page++) {
    last = await kit.send(opOf(listId), { query: { page, page_size: PAGE_SIZE }, ...(token ? { token } : {}) });
    pages.push(last);
    const body = jsonOf(last);
    if (!succeeded(last) || !Array.isArray(body?.data)) break;
    for (const item of body.data as Json[]) items.push(item);
    if (typeof body.pages !== 'number' || page >= body.pages) break;
  }
  return { items, last, pages };
}

/** A username unique across the target (usernames are logins), carrying the run's prefix. */
export const uniqueUsername = (kit: Kit): string =>
  `${kit.session.config.labelPrefix}-u${Math.random().toString(36).slice(2, 10)}`;

export interface UserMade {
  username: string;
  email: string;
  restricted: boolean;
}

/** Creates a user through the API (the harness deletes it when the test ends); undefined after recording a refusal. */
export async function newUser(ctx: WrittenContext, restricted = false): Promise<UserMade | undefined> {
  const username = uniqueUsername(ctx.kit);
  const user = { username, email: `${username}@example.com`, restricted };
  const e = await ctx.kit.send(opOf('users/create'), { body: user });
  return ctx.kit.check(acceptedWith2xx(e), `creating user ${username}`) ? user : undefined;
}

/** A token of a new user of the run's account with the restriction and grants asked; skips without the control interface. */
export async function mintedUser(ctx: WrittenContext, request: CredentialRequest): Promise<Credential> {
  const credential = await ctx.kit.session.credential(request);
  if (!credential)
    return ctx.kit.skip("needs a user's token with chosen grants, which only the control interface can mint");
  ctx.fixtures.track(opOf('users/delete'), { username: credential.username });
  return credential;
}

/** A restricted user holding the grants given (in the shape of the grants PUT body). */
export const restrictedUser = (ctx: WrittenContext, grants: CredentialRequest['grants'] = {}) =>
  mintedUser(ctx, { restricted: true, grants });

export interface EntityMade {
  id: number;
  label: string;
}

/** Creates an entity from a generated valid body (with the run's label prefix); deleted when the test ends. */
async function generated(ctx: WrittenContext, createId: string, token?: string): Promise<EntityMade | undefined> {
  const { kit } = ctx;
  const op = opOf(createId);
  const body = sampleOne(validBody(op, hintsFor(kit.session, op)), kit.session.nextSeed()) as Json;
  body.label = runLabel(kit, createId.split('/')[0] ?? 'x');
  const e = await kit.send(op, { body, ...(token ? { token } : {}) });
  const id = jsonOf(e)?.id;
  if (!kit.check(acceptedWith2xx(e), `${createId} as the account owner`) || typeof id !== 'number') return undefined;
  return { id, label: String(body.label) };
}

/** A VPC of the account, or of the account `token` belongs to. */
export const newVpc = (ctx: WrittenContext, token?: string) => generated(ctx, 'vpcs/create', token);

/** A private StackScript of the account (generated bodies are never public). */
export const newStackScript = (ctx: WrittenContext) => generated(ctx, 'stackscripts/create');
