// Self-tests of the control interface: accounts opened in the past, noise, reset, and action delays.

import { describe, expect, test } from 'vitest';
import { handleControl } from './control.js';
import { World } from './model/world.js';

function world(): { w: World; token: string } {
  const w = new World();
  const account = w.createAccount('owner', 'owner@example.com');
  return { w, token: w.issueToken(account, 'owner', ['*'], 'owner-token') };
}

describe('control interface', () => {
  test('opens an account ageDays ago without moving the clock', () => {
    const { w } = world();
    const r = handleControl(w, 'POST', '/accounts', '{"ageDays":90}');
    const account = w.accounts.get((r.body as { account: number }).account);
    expect(w.now().getTime() - (account?.createdAt.getTime() ?? 0)).toBeGreaterThanOrEqual(90 * 86_400_000 - 1000);
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
});
