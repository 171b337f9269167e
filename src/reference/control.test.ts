// Self-tests of the control interface: accounts opened in the past or without a payment method, aged history and transfers, noise, reset, and action delays.

import { describe, expect, test } from 'vitest';
import { HISTORY_DAYS } from '../../spec/part2/events.js';
import { handleControl } from './control.js';
import { hasActivePaymentMethod } from './model/billing.js';
import { listEvents, listLogins } from './model/events.js';
import { createTransfer, EXPIRY_HOURS, transferStatus } from './model/transfers.js';
import { World } from './model/world.js';

function world(): { w: World; token: string } {
  const w = new World();
  const account = w.createAccount('owner', 'owner@example.com');
  return { w, token: w.issueToken(account, 'owner', ['*'], 'owner-token') };
}

/** A world with its first account (kept) and one opened through the control interface (aged): their owners. */
function twoAccounts() {
  const { w, token } = world();
  const r = handleControl(w, 'POST', '/accounts', '{}');
  const { account, token: otherToken } = r.body as { account: number; token: string };
  const aged = w.principal(otherToken);
  const kept = w.principal(token);
  if (!aged || !kept) throw new Error('no principal');
  return { w, account, aged, kept };
}

describe('control interface', () => {
  test('opens an account ageDays ago without moving the clock', () => {
    const { w } = world();
    const r = handleControl(w, 'POST', '/accounts', '{"ageDays":90}');
    const account = w.accounts.get((r.body as { account: number }).account);
    expect(w.now().getTime() - (account?.createdAt.getTime() ?? 0)).toBeGreaterThanOrEqual(90 * 86_400_000 - 1000);
    expect(w.clockOffsetMs).toBe(0);
  });

  test('opens an account without any payment method when paymentMethod is false, and refuses a non-boolean', () => {
    const { w } = world();
    const opened = (body: string) => {
      const r = handleControl(w, 'POST', '/accounts', body);
      return w.accounts.get((r.body as { account: number }).account);
    };
    const bare = opened('{"paymentMethod":false}');
    const usual = opened('{}');
    expect(bare && hasActivePaymentMethod(bare)).toBe(false);
    expect(usual && hasActivePaymentMethod(usual)).toBe(true);
    expect(handleControl(w, 'POST', '/accounts', '{"paymentMethod":"no"}').status).toBe(400);
  });

  test("history ages one account's events and logins past the window, and no other account's", () => {
    const { w, account, aged, kept } = twoAccounts();
    for (const p of [aged, kept]) p.account.events.record('vpc_create', null, p.user.username);
    handleControl(w, 'POST', '/tokens', '{}');
    expect(listEvents(aged)).toHaveLength(1);
    expect(listLogins(aged)).toHaveLength(1);
    const body = JSON.stringify({ account, ageDays: HISTORY_DAYS + 1 });
    expect(handleControl(w, 'POST', '/history', body).status).toBe(200);
    expect(listEvents(aged)).toEqual([]);
    expect(listLogins(aged)).toEqual([]);
    expect(listEvents(kept)).toHaveLength(1);
    expect(listLogins(kept)).toHaveLength(1);
    expect(handleControl(w, 'POST', '/history', '{"ageDays":-1}').status).toBe(400);
  });

  test("history expires the transfers one account created, and no other account's", () => {
    const { w, account, aged, kept } = twoAccounts();
    const [old, fresh] = [aged, kept].map((p) => createTransfer(p, { entities: {} }));
    if (!old || !fresh) throw new Error('no transfer');
    const days = Math.ceil((EXPIRY_HOURS + 1) / 24);
    expect(handleControl(w, 'POST', '/history', JSON.stringify({ account, ageDays: days })).status).toBe(200);
    expect(transferStatus(w, old)).toBe('expired');
    expect(transferStatus(w, fresh)).toBe('pending');
    expect(w.clockOffsetMs).toBe(0);
  });

  test('reset keeps the owner token on a fresh account and forgets the rest', () => {
    const { w, token } = world();
    handleControl(w, 'POST', '/accounts', '{}');
    handleControl(w, 'POST', '/reset', '{}');
    expect(w.accounts.size).toBe(1);
    expect(w.principal(token)?.user.username).toBe('owner');
  });

  test('noise seeds the first account and refuses a bad count', () => {
    const { w } = world();
    expect(handleControl(w, 'POST', '/noise', '{"count":3}').status).toBe(200);
    expect(handleControl(w, 'POST', '/noise', '{"count":-1}').status).toBe(400);
  });

  test('actions sets the delay; settle moves the clock past it', () => {
    const { w } = world();
    handleControl(w, 'POST', '/actions', '{"delayMs":2000}');
    expect(w.actionDelayMs).toBe(2000);
    handleControl(w, 'POST', '/settle', '{}');
    expect(w.clockOffsetMs).toBeGreaterThan(2000);
  });

  test('an account given its own action delay holds its actions; the others keep the server delay', () => {
    const { w } = world();
    const opened = handleControl(w, 'POST', '/accounts', '{}');
    const slow = Number((opened.body as { account: number }).account);
    const first = w.accounts.values().next().value?.id as number;
    expect(handleControl(w, 'POST', '/actions', `{"delayMs":700,"account":${slow}}`).status).toBe(200);
    expect(w.delayFor(slow)).toBe(700);
    expect(w.delayFor(first)).toBe(0);
    expect(w.actionDelayMs).toBe(0);
    expect(handleControl(w, 'POST', '/actions', '{"delayMs":"700"}').status).toBe(400);
    expect(handleControl(w, 'POST', '/actions', '{"delayMs":700,"account":1}').status).toBe(400);
    handleControl(w, 'POST', '/settle', '{}');
    expect(w.clockOffsetMs).toBeGreaterThan(700);
  });
});
