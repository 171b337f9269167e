// The control interface of the reference server (outside /v4, off with --no-control): mint users and tokens with chosen scopes, restrictions and grants, create accounts, issue promo codes, set balances, age an account's history, seed unrelated data, hold or settle asynchronous work, move the clock.

import { grantEntityKinds } from '../../spec/part2/users.js';
import type { EntityKind, GlobalGrant, Scope } from '../../spec/types.js';
import { TOOL_VERSION } from '../version.js';
import { runtimeControl } from './control-runtime.js';
import {
  booleanOrAbsent,
  firstProblem,
  grantsProblem,
  integerIn,
  LATEST_CLOCK_MS,
  MAX_SHIFT_DAYS,
  MAX_SHIFT_MS,
  MAX_USD,
  numberIn,
  scopesProblem,
  stringOrAbsent,
  usernameProblem,
} from './control-values.js';
import { issuePromoCode } from './model/account.js';
import { removePaymentMethods, setBalance } from './model/billing.js';
import { regions } from './model/catalogue.js';
import { backdateHistory, recordLogin } from './model/events.js';
import { backdateTransfers } from './model/transfers.js';
import { DAY_MS, emptyGrants, type Grants, type Permission, type World } from './model/world.js';
import { seedNoise } from './noise.js';

interface ControlResponse {
  status: number;
  body: unknown;
}

interface TokenRequest {
  /** Account id; the server's first account when absent. */
  account?: number;
  /** Created when it does not exist. */
  username?: string;
  restricted?: boolean;
  /** Scopes of the token; `*` (all) when absent. */
  scopes?: (Scope | '*')[];
  /** In the shape of the grants PUT body: `global` flags and per-kind `[{id, permissions}]`. */
  grants?: { global?: Record<string, unknown> } & Partial<
    Record<EntityKind, { id: number; permissions: Permission | null }[]>
  >;
}

const ok = (body: unknown): ControlResponse => ({ status: 200, body });
const bad = (reason: string): ControlResponse => ({ status: 400, body: { errors: [{ reason }] } });

function applyGrants(target: Grants, input: NonNullable<TokenRequest['grants']>): void {
  for (const [flag, value] of Object.entries(input.global ?? {})) {
    (target.global as Record<string, unknown>)[flag as GlobalGrant] = value;
  }
  for (const kind of grantEntityKinds) {
    for (const entry of input[kind] ?? []) {
      if (entry.permissions === null) target.entities[kind].delete(entry.id);
      else target.entities[kind].set(entry.id, entry.permissions);
    }
  }
}

/** The account a body names (`account`), or the server's first account when it names none. */
function accountOf(world: World, body: Record<string, unknown>) {
  if (body.account === undefined) return world.accounts.values().next().value;
  return typeof body.account === 'number' ? world.accounts.get(body.account) : undefined;
}

function mintToken(world: World, body: Record<string, unknown>): ControlResponse {
  const problem = firstProblem(
    usernameProblem(body.username),
    booleanOrAbsent('restricted', body.restricted),
    scopesProblem(body.scopes),
    grantsProblem(body.grants),
  );
  if (problem) return bad(problem);
  const req = body as TokenRequest;
  const account = accountOf(world, body);
  if (!account) return bad('unknown account');
  const username = req.username ?? `cc-user-${world.id()}`;
  let user = account.users.get(username);
  if (!user) {
    user = { username, email: `${username}@example.com`, restricted: req.restricted ?? false, grants: emptyGrants() };
    account.users.set(username, user);
  } else if (req.restricted !== undefined) user.restricted = req.restricted;
  if (req.grants) applyGrants(user.grants, req.grants);
  const token = world.issueToken(account, username, req.scopes ?? ['*']);
  // Minting a token stands for the user logging in, so the logins list has something to show.
  recordLogin(account, username);
  return ok({ token, username, account: account.id });
}

/** Issues a promo code the server accepts (`code` chosen or generated), valid for `validSeconds` or forever. */
function issueCode(world: World, body: Record<string, unknown>): ControlResponse {
  const problem = firstProblem(
    stringOrAbsent('code', body.code),
    numberIn('validSeconds', body.validSeconds, -MAX_SHIFT_MS / 1000, MAX_SHIFT_MS / 1000, true),
  );
  if (problem) return bad(problem);
  const code = typeof body.code === 'string' ? body.code : `CC${world.id()}`;
  const seconds = body.validSeconds as number | undefined;
  issuePromoCode(world, code, seconds === undefined ? null : new Date(world.now().getTime() + seconds * 1000));
  return ok({ code });
}

/** Sets an account's balance in US dollars (the first account when `account` is absent). */
function balance(world: World, body: Record<string, unknown>): ControlResponse {
  const problem = numberIn('usd', body.usd, -MAX_USD, MAX_USD);
  if (problem) return bad(problem);
  const usd = body.usd as number;
  const account = accountOf(world, body);
  if (!account) return bad('unknown account');
  setBalance(account, usd);
  return ok({ account: account.id, usd });
}

/**
 * A new account and its owner's token. `ageDays` opens it that long ago (age limits) without moving
 * the clock; `paymentMethod: false` leaves it without any payment method (transfer accept conditions).
 */
function openAccount(world: World, body: Record<string, unknown>): ControlResponse {
  const problem = firstProblem(
    numberIn('ageDays', body.ageDays, 0, MAX_SHIFT_DAYS, true),
    booleanOrAbsent('paymentMethod', body.paymentMethod),
  );
  if (problem) return bad(problem);
  const ageDays = (body.ageDays as number | undefined) ?? 0;
  const createdAt = new Date(world.now().getTime() - ageDays * DAY_MS);
  const account = world.createAccount(`owner-${world.id()}`, 'other-owner@example.com', createdAt);
  if (body.paymentMethod === false) removePaymentMethods(account);
  const username = account.users.keys().next().value as string;
  recordLogin(account, username);
  return ok({ account: account.id, username, token: world.issueToken(account, username, ['*']) });
}

/**
 * Ages one account's events, logins and the transfers it created by `ageDays` (the first account
 * when `account` is absent); the clock stays, so no other account sees time move.
 */
function history(world: World, body: Record<string, unknown>): ControlResponse {
  const account = accountOf(world, body);
  if (!account) return bad('unknown account');
  // The sum of an account's ageing is bounded too, so repeated calls cannot push its dates out of range.
  const problem = numberIn('ageDays', body.ageDays, 0, MAX_SHIFT_DAYS - account.agedDays);
  if (problem) return bad(`${problem} (an account's history ages ${MAX_SHIFT_DAYS} days at most in all)`);
  const ageDays = body.ageDays as number;
  account.agedDays += ageDays;
  backdateHistory(account, ageDays);
  backdateTransfers(account, ageDays * DAY_MS);
  return ok({ account: account.id, ageDays });
}

/** Seeds unrelated data into an account (the first when `account` is absent): `count` VPCs, StackScripts and contacts. */
function noise(world: World, body: Record<string, unknown>): ControlResponse {
  const problem = integerIn('count', body.count, 0, 10_000, true);
  if (problem) return bad(problem);
  const count = (body.count as number | undefined) ?? 10;
  const account = accountOf(world, body);
  if (!account) return bad('unknown account');
  return ok({ account: account.id, seeded: seedNoise(account, count, regions[0]?.id ?? '') });
}

/**
 * Sets how long asynchronous actions last from now on: longer holds work in progress, 0 settles new
 * actions at once. With `account`, for that account's actions alone (busy states seen by one test
 * while the rest of the server settles at once).
 */
function actions(world: World, body: Record<string, unknown>): ControlResponse {
  const delayMs = body.delayMs;
  if (!validDelay(delayMs)) return bad('delayMs must be an integer from 0 to 600000');
  if (body.account === undefined) {
    world.actionDelayMs = delayMs;
    return ok({ actionDelayMs: delayMs });
  }
  const account = accountOf(world, body);
  if (!account) return bad('unknown account');
  account.actionDelayMs = delayMs;
  return ok({ account: account.id, actionDelayMs: delayMs });
}

const validDelay = (ms: unknown): ms is number =>
  Number.isInteger(ms) && (ms as number) >= 0 && (ms as number) <= 600_000;

/** Moves the clock forward, no further than `LATEST_CLOCK_MS` in all. */
function advanceClock(world: World, body: Record<string, unknown>): ControlResponse {
  const room = Math.max(0, Math.floor((LATEST_CLOCK_MS - world.now().getTime()) / 1000));
  const problem = numberIn('advanceSeconds', body.advanceSeconds, 0, Math.min(room, MAX_SHIFT_MS / 1000));
  if (problem) return bad(`${problem} (the clock goes no later than ${new Date(LATEST_CLOCK_MS).toISOString()})`);
  world.clockOffsetMs += (body.advanceSeconds as number) * 1000;
  return ok({ now: world.now().toISOString() });
}

function parse(raw: string): Record<string, unknown> | undefined {
  try {
    const v = raw.trim() ? JSON.parse(raw) : {};
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

export function handleControl(world: World, method: string, path: string, raw: string): ControlResponse {
  const body = parse(raw);
  if (body === undefined) return bad('the control interface takes a JSON object');
  const route = `${method} ${path}`;
  switch (route) {
    case 'GET /info':
      return ok({
        cloudconf: true,
        version: TOOL_VERSION,
        faults: [...world.faults],
        actionDelayMs: world.actionDelayMs,
      });
    case 'POST /tokens':
      return mintToken(world, body);
    case 'POST /accounts':
      return openAccount(world, body);
    case 'POST /promo-codes':
      return issueCode(world, body);
    case 'POST /balance':
      return balance(world, body);
    case 'POST /history':
      return history(world, body);
    case 'POST /reset':
      return ok({ account: world.reset().id });
    case 'POST /noise':
      return noise(world, body);
    case 'POST /actions':
      return actions(world, body);
    case 'POST /settle':
      // Every action started so far ends: the clock moves past the longest one.
      world.clockOffsetMs += world.longestDelayMs() + 1;
      return ok({ now: world.now().toISOString() });
    case 'POST /clock':
      return advanceClock(world, body);
    default:
      return (
        runtimeControl(world, method, path, body) ?? {
          status: 404,
          body: { errors: [{ reason: `no control route ${route}` }] },
        }
      );
  }
}
