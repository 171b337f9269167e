// Self-tests of the control interface against out-of-range values: each is refused with 400, and afterwards the API still answers its reads and creates without a 5xx.

import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type RunningReference, startReferenceServer } from './server.js';

let server: RunningReference;
beforeAll(async () => {
  server = await startReferenceServer();
});
afterAll(() => server.close());

async function call(
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; json: unknown }> {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: res.status, json };
}

const control = (path: string, body: unknown) =>
  call('POST', `${new URL(server.baseUrl).origin}/__cloudconf${path}`, body);

/** Every read and create the checks below use answers without a 5xx, for the owner and for a new account. */
async function healthy(token: string): Promise<string[]> {
  const broken: string[] = [];
  const reads = ['/account', '/account/events', '/account/logins', '/vpcs', '/profile', '/account/service-transfers'];
  for (const path of reads) {
    const r = await call('GET', `${server.baseUrl}${path}`, undefined, token);
    if (r.status >= 500) broken.push(`GET ${path} ${r.status}`);
  }
  const created = await call(
    'POST',
    `${server.baseUrl}/vpcs`,
    { label: `health-${Date.now()}`, region: 'us-east' },
    token,
  );
  if (created.status >= 500) broken.push(`POST /vpcs ${created.status}`);
  return broken;
}

const BAD: [path: string, body: unknown][] = [
  ['/tokens', { scopes: 5 }],
  ['/tokens', { scopes: ['nope:read_write'] }],
  ['/tokens', { scopes: [7] }],
  ['/tokens', { username: 42 }],
  ['/tokens', { username: '' }],
  ['/tokens', { restricted: 'yes' }],
  ['/tokens', { grants: 5 }],
  ['/tokens', { grants: { global: 5 } }],
  ['/tokens', { grants: { global: { no_such_flag: true } } }],
  ['/tokens', { grants: { linode: 5 } }],
  ['/tokens', { grants: { linode: [{ id: 'x', permissions: 'read_only' }] } }],
  ['/tokens', { grants: { linode: [{ id: 1, permissions: 'all' }] } }],
  ['/tokens', { account: 'nope' }],
  ['/history', { ageDays: 1e17 }],
  ['/history', { ageDays: -1 }],
  ['/history', { ageDays: '3' }],
  ['/accounts', { ageDays: 1e20 }],
  ['/accounts', { ageDays: 1e6 }],
  ['/clock', { advanceSeconds: 1e20 }],
  ['/clock', { advanceSeconds: 1e12 }],
  ['/clock', { advanceSeconds: -5 }],
  ['/promo-codes', { validSeconds: 1e20 }],
  ['/promo-codes', { code: 5 }],
  ['/balance', { usd: 1e300 }],
  ['/balance', { usd: 'x' }],
  ['/noise', { count: 1e9 }],
  ['/actions', { delayMs: 1e12 }],
];

describe('control interface bounds', () => {
  test.each(BAD)('%s %j is refused with 400 and the API stays healthy', async (path, body) => {
    const r = await control(path, body);
    expect(r.status, JSON.stringify(r.json)).toBe(400);
    expect(await healthy(server.token)).toEqual([]);
  });

  test('the most a value may ask for leaves the API healthy, for the run account and for a new one', async () => {
    for (const [path, body] of [
      ['/clock', { advanceSeconds: 100 * 365 * 86_400 }],
      ['/history', { ageDays: 36_500 }],
      ['/promo-codes', { validSeconds: 100 * 365 * 86_400 }],
    ] as const) {
      expect((await control(path, body)).status, path).toBe(200);
    }
    const opened = await control('/accounts', { ageDays: 36_500 });
    expect(opened.status).toBe(200);
    const { token } = opened.json as { token: string };
    expect(await healthy(token)).toEqual([]);
    expect(await healthy(server.token)).toEqual([]);
  });

  test('moving the clock again and again stops at the bound instead of breaking dates', async () => {
    let last = 200;
    for (let i = 0; i < 200 && last === 200; i++) {
      last = (await control('/clock', { advanceSeconds: 100 * 365 * 86_400 })).status;
    }
    expect(last).toBe(400);
    expect(await healthy(server.token)).toEqual([]);
  });

  test('reset puts the clock back', async () => {
    await control('/clock', { advanceSeconds: 10 * 365 * 86_400 });
    expect((await control('/reset', {})).status).toBe(200);
    expect(Math.abs(server.world.now().getTime() - Date.now())).toBeLessThan(60_000);
    expect(await healthy(server.token)).toEqual([]);
  });
});
