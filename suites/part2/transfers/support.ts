// What the written transfer procedures share: the parties (the run's account creates, other accounts accept or look on), a pending transfer to act on, and the calls on it.

import {
  acceptedWith2xx,
  BoundReached,
  type Exchange,
  type Kit,
  rejectedWith4xx,
  type Session,
  type WrittenContext,
} from '../../support/author.js';
import { as, type Json, jsonOf, opOf } from '../account/support.js';

export const CREATE = opOf('transfers/service/create');
export const VIEW = opOf('transfers/service/view');
export const CANCEL = opOf('transfers/service/cancel');
export const ACCEPT = opOf('transfers/service/accept');
export const LIST = opOf('transfers/service/list');

/**
 * The owner of another account. Accepting is irreversible, so only accounts made for the run
 * accept (DECISIONS 15); `key` keeps one account per role for the whole file.
 */
export async function otherOwner(kit: Kit, role: 'acceptor' | 'bystander'): Promise<string> {
  const other = await kit.session.otherAccount(`transfers-${role}`);
  if (!other) return kit.skip(`needs a second account as the ${role} of a transfer (control interface)`);
  return other.token;
}

/** Both other parties a transfer test may need, the bystander made first: one that looks on, one that accepts. */
export async function otherOwners(kit: Kit): Promise<{ bystander: string; acceptor: string }> {
  const bystander = await otherOwner(kit, 'bystander');
  const acceptor = await otherOwner(kit, 'acceptor');
  return { bystander, acceptor };
}

export interface Made {
  token: string;
  e: Exchange;
}

/**
 * Creates a transfer as `creator` (the run's account when undefined); a run's-account transfer is
 * canceled at the end if it is still pending. Undefined when the create was refused.
 */
export async function createTransfer(
  ctx: WrittenContext,
  nodes: number[],
  creator?: string,
  extraEntities: Json = {},
): Promise<Made | undefined> {
  const e = await ctx.kit.send(CREATE, { body: { entities: { nodes, ...extraEntities } }, ...as(creator) });
  const token = jsonOf(e)?.token;
  if (e.response?.status !== 200 || typeof token !== 'string') return undefined;
  if (creator === undefined) ctx.fixtures.track(CANCEL, { token });
  return { token, e };
}

/** A pending transfer of no instances, the least a transfer can carry; skips when the target refuses to make one. */
export async function pendingTransfer(ctx: WrittenContext, creator?: string): Promise<Made> {
  const made = await createTransfer(ctx, [], creator);
  if (made) return made;
  return ctx.kit.skip('a transfer of no instances, needed to act on, could not be created');
}

const on = (token: string, caller: string | undefined) => ({ params: { token }, ...as(caller) });

export const viewAs = (kit: Kit, token: string, caller?: string) => kit.send(VIEW, on(token, caller));
export const cancelAs = (kit: Kit, token: string, caller?: string) => kit.send(CANCEL, on(token, caller));
export const acceptAs = (kit: Kit, token: string, caller?: string) => kit.send(ACCEPT, on(token, caller));

/** Accepts as another account, recording a failure when the accept is refused; whether it was accepted. */
export async function accepted(kit: Kit, token: string, acceptor: string, context: string): Promise<boolean> {
  return kit.check(acceptedWith2xx(await acceptAs(kit, token, acceptor)), context);
}

/**
 * A pending transfer canceled by its creator, then viewed by the creator (allowed) and by another
 * account (refused); its token, or nothing when the cancel was refused.
 */
export async function canceledAndViewed(ctx: WrittenContext, bystander: string): Promise<string | undefined> {
  const { kit } = ctx;
  const { token } = await pendingTransfer(ctx);
  if (!kit.check(acceptedWith2xx(await cancelAs(kit, token)), 'canceling a pending transfer')) return undefined;
  kit.check(acceptedWith2xx(await viewAs(kit, token)), 'the canceled transfer viewed by its creator');
  kit.check(rejectedWith4xx(await viewAs(kit, token, bystander)), 'the canceled transfer viewed by another account');
  return token;
}

/** Pages a full listing reads at most: a target can announce any number. */
const MAX_PAGES = 20;

/** The tokens of every transfer in a caller's list, over all pages, as list items keyed `id` for the visibility checks. */
export async function listedTokens(kit: Kit, caller?: string): Promise<{ items: Json[]; e: Exchange }> {
  const items: Json[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const e = await kit.send(LIST, { query: { page, page_size: 500 }, ...as(caller) });
    const json = jsonOf(e) as { data?: Json[]; pages?: number } | undefined;
    if (e.response?.status !== 200 || !Array.isArray(json?.data))
      return kit.skip('the transfers list could not be read');
    for (const item of json.data.map((t) => ({ id: t.token }))) items.push(item);
    if (page >= (json.pages ?? 1)) return { items, e };
  }
  throw new BoundReached(`the transfers list still had pages after ${MAX_PAGES} of 500 items`);
}

const DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}/;

/** Milliseconds of a record timestamp (written without offset means UTC, DECISIONS 5). */
function instant(value: unknown): number | undefined {
  if (typeof value !== 'string' || !DATE.test(value)) return undefined;
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(value) ? value : `${value}Z`;
  const ms = Date.parse(zoned);
  return Number.isNaN(ms) ? undefined : ms;
}

/** A transfer made by an account of its own, with that account's owner token. */
export interface Foreign extends Made {
  creator: string;
}

/** One per target: a mutation run judges several servers from the same file. */
const expired = new WeakMap<Session, Promise<Foreign>>();

/**
 * An expired transfer, made once per file by a throwaway account: the expiry period is not shown,
 * so the record's `created` and `expiry` say how far that account's history must age (one second
 * past the expiry, the least that shows it). Only that account's clock moves, so the pending
 * transfers of concurrent tests and runs stay pending. Skips when the record does not show the two
 * dates or the control interface is missing.
 */
export function expiredTransfer(ctx: WrittenContext): Promise<Foreign> {
  let made = expired.get(ctx.kit.session);
  if (!made) {
    made = makeExpired(ctx);
    expired.set(ctx.kit.session, made);
  }
  return made;
}

const DAY_MS = 24 * 60 * 60 * 1000;

async function makeExpired(ctx: WrittenContext): Promise<Foreign> {
  const { kit } = ctx;
  const own = await kit.session.throwaway();
  if (!own) return kit.skip('reaching the expiration time needs an account whose clock the control interface moves');
  const creator = own.config.token;
  const made = await pendingTransfer(ctx, creator);
  const record = jsonOf(made.e);
  const created = instant(record?.created);
  const expiry = instant(record?.expiry);
  if (created === undefined || expiry === undefined) {
    return kit.skip('the transfer record does not show `created` and `expiry`, so its expiration cannot be reached');
  }
  const days = Math.ceil((expiry - created + 1000) / DAY_MS);
  if (!(await own.ageHistory(days))) {
    return kit.skip(`the control interface did not age the creating account's history by ${days} days`);
  }
  return { ...made, creator };
}
