// Self-tests of the HTTP client against local servers: retries and their bounds, Retry-After, timeouts, size cap, the breaker, refusals, and redaction.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, test } from 'vitest';
import { startHostileTarget } from '../selftest/hostile-target.js';
import { HttpClient, RequestRefused, retryAfterMs } from './client.js';
import { REDACTED, Redactor } from './redact.js';
import { localWaitBudget } from './wait-budget.js';

type Handler = (req: IncomingMessage, res: ServerResponse, n: number) => void;
const closers: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A server whose handler sees the count of requests so far; returns its URL. */
async function serve(handler: Handler): Promise<string> {
  let n = 0;
  const server = createServer((req, res) => {
    n += 1;
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      (req as IncomingMessage & { text?: string }).text = body;
      handler(req, res, n);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
};

function client(options: ConstructorParameters<typeof HttpClient>[0] = {}) {
  const c = new HttpClient({ timeoutMs: 500, ...options });
  closers.push(() => c.close());
  return c;
}

describe('retries', () => {
  test("Retry-After waits draw from one budget the run's clients share: past it a 429 is not retried, and the error says so", async () => {
    const url = await serve((_q, res) => json(res, 429, {}, { 'retry-after': '1' }));
    const budget = localWaitBudget(1500);
    const first = await client({ waitBudget: budget }).send({ method: 'GET', url });
    // One wait of a second fits in the bound; the next does not.
    expect(first.retries).toEqual(['429']);
    expect(first.transportError?.code).toBe('RATE_LIMITED');
    expect(first.transportError?.message).toMatch(/bound on waiting for Retry-After \(1\.5 s in all\) is reached/);
    const started = Date.now();
    const second = await client({ waitBudget: budget }).send({ method: 'GET', url });
    expect(second.retries).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(900);
    expect(budget.waitedMs()).toBe(1000);
    expect(budget.reached()).toBe(true);
  });

  test('a 429 is retried after its Retry-After, and the retry is reported', async () => {
    const url = await serve((_q, res, n) =>
      n === 1 ? json(res, 429, {}, { 'retry-after': '1' }) : json(res, 200, {}),
    );
    const started = Date.now();
    const e = await client().send({ method: 'POST', url, body: {} });
    expect(e.response?.status).toBe(200);
    expect(e.retries).toEqual(['429']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  test('Retry-After waits are capped and 429 retries are bounded, ending in a transport error', async () => {
    const url = await serve((_q, res) => json(res, 429, {}, { 'retry-after': '3600' }));
    const started = Date.now();
    const e = await client({ maxRetryAfterMs: 50, rateLimitRetries: 2 }).send({ method: 'GET', url });
    // Uncapped, the first wait alone is an hour; 10 s leaves a loaded machine room for three answers.
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(e.retries).toEqual(['429', '429']);
    expect(e.transportError?.code).toBe('RATE_LIMITED');
  });

  test('a 5xx is retried on GET but not on POST', async () => {
    const url = await serve((_q, res, n) => json(res, n % 2 === 1 ? 503 : 200, {}));
    const c = client();
    const get = await c.send({ method: 'GET', url });
    expect([get.response?.status, get.retries]).toEqual([200, ['503']]);
    const post = await c.send({ method: 'POST', url, body: {} });
    expect([post.response?.status, post.retries]).toEqual([503, undefined]);
  });

  test('a reset connection is retried a bounded number of times on idempotent requests', async () => {
    const target = await startHostileTarget('reset');
    closers.push(() => target.close());
    const e = await client({ retries: 2 }).send({ method: 'DELETE', url: `${target.baseUrl}/vpcs/1` });
    expect(e.transportError).toBeDefined();
    expect(e.retries?.length).toBe(2);
    expect(target.seen.length).toBe(3);
  });

  test('Retry-After reads seconds and HTTP dates', () => {
    expect(retryAfterMs('2')).toBe(2000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 5_000)).toBe(5_000);
    expect(retryAfterMs('soon')).toBeUndefined();
  });
});

describe('hostile answers', () => {
  test('a target that never answers times out, once, as a transport error', async () => {
    const target = await startHostileTarget('silent');
    closers.push(() => target.close());
    const e = await client({ timeoutMs: 300 }).send({ method: 'GET', url: target.baseUrl });
    expect(e.transportError?.code).toBe('TIMEOUT');
    expect(target.seen.length).toBe(1);
  });

  test('a body that drips slower than the timeout is cut by it', async () => {
    const target = await startHostileTarget('slow');
    closers.push(() => target.close());
    const started = Date.now();
    const e = await client({ timeoutMs: 600 }).send({ method: 'POST', url: target.baseUrl, body: {} });
    expect(e.transportError?.code).toBe('TIMEOUT');
    // The whole drip takes about 18 s (a byte every 400 ms, each within a per-read timeout): 10 s
    // leaves a loaded machine room and still fails a timeout that only bounds the gaps.
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  test('a body cut short of its length is a transport error', async () => {
    const target = await startHostileTarget('truncated');
    closers.push(() => target.close());
    const e = await client({ retries: 0 }).send({ method: 'GET', url: target.baseUrl });
    expect(e.transportError).toBeDefined();
  });

  test('a response over the size cap is cut and marked', async () => {
    const url = await serve((_q, res) => json(res, 200, { data: 'x'.repeat(5000) }));
    const e = await client({ maxResponseBytes: 1000 }).send({ method: 'GET', url });
    expect(e.transportError?.code).toBe('RESPONSE_TOO_LARGE');
    expect(e.response?.json).toBeUndefined();
  });

  test('after enough requests without an answer the breaker fails the next ones at once', async () => {
    const target = await startHostileTarget('silent');
    closers.push(() => target.close());
    const c = client({ timeoutMs: 300, breakerThreshold: 3, breakerCooldownMs: 60_000 });
    for (let i = 0; i < 3; i++) await c.send({ method: 'GET', url: target.baseUrl });
    const started = Date.now();
    const e = await c.send({ method: 'GET', url: target.baseUrl });
    expect(e.transportError?.code).toBe('TARGET_UNREACHABLE');
    // Nothing was sent, and the answer came before a request could have timed out (a loaded
    // machine can stall this thread for tens of milliseconds, so the bound is the timeout).
    expect(target.seen.length).toBe(3);
    expect(Date.now() - started).toBeLessThan(300);
  });

  test('a stopped run sends nothing more', async () => {
    const url = await serve((_q, res) => json(res, 200, {}));
    const e = await client({ stopped: () => true }).send({ method: 'GET', url });
    expect(e.transportError?.code).toBe('INTERRUPTED');
  });

  test('a refused request is never sent', async () => {
    let hits = 0;
    const url = await serve((_q, res) => {
      hits += 1;
      json(res, 200, {});
    });
    const c = client({ refuse: (method) => (method === 'GET' ? undefined : 'read-only') });
    await expect(c.send({ method: 'POST', url, body: {} })).rejects.toThrow(RequestRefused);
    expect(hits).toBe(0);
  });

  test('pacing runs before every attempt, retries included', async () => {
    const url = await serve((_q, res, n) => json(res, n === 1 ? 502 : 200, {}));
    let paced = 0;
    await client({
      pace: async () => {
        paced += 1;
      },
    }).send({ method: 'GET', url });
    expect(paced).toBe(2);
  });
});

describe('secrets', () => {
  test('passwords sent and secrets received are registered; the exchange keeps them for the checks', async () => {
    const url = await serve((_q, res) => json(res, 200, { id: 1, secret: 'client-secret-0123456789' }));
    const c = client();
    const e = await c.send({
      method: 'POST',
      url,
      token: 'tok-abcdef',
      body: { label: 'x', password: 'pw-ABCDEFGH-1234' },
    });
    expect(e.request.body).toContain('pw-ABCDEFGH-1234');
    expect(e.request.headers.authorization).toBe(`Bearer ${REDACTED}`);
    const shown = JSON.stringify(c.redactor.deep(e));
    for (const secret of ['pw-ABCDEFGH-1234', 'client-secret-0123456789', 'tok-abcdef'])
      expect(shown).not.toContain(secret);
    expect(shown).toContain('"label\\":\\"x\\"');
  });

  test('weak passwords the suite sends to be refused are not secrets: the words stay readable', () => {
    const r = new Redactor();
    r.addFrom({ password: 'password', root_pass: 'letmeinplease' });
    expect(r.text('instances/password/root_pass-strength letmeinplease')).toBe(
      'instances/password/root_pass-strength letmeinplease',
    );
  });

  test('redaction takes the longest secret first and ignores masks and short values', () => {
    const r = new Redactor();
    for (const s of ['abcd', 'abcdefgh', '*****', 'ab']) r.add(s);
    expect(r.text('abcdefgh abcd ***** ab')).toBe(`${REDACTED} ${REDACTED} ***** ab`);
    // A text exactly as long as a secret is searched for it; shorter ones skip it.
    expect(r.text('abcdefgh')).toBe(REDACTED);
    expect(r.text('abcd')).toBe(REDACTED);
    expect(r.text('abc')).toBe('abc');
  });

  test('secrets that overlap in a text are hidden as one span, with nothing of either left', () => {
    const r = new Redactor();
    for (const s of ['abcd', 'cdefg', 'Aa9!first-password', 'Aa9!other-password']) r.add(s);
    expect(r.text('xabcdefgy')).toBe(`x${REDACTED}y`);
    expect(r.text('abcdabcd-cdefg')).toBe(`${REDACTED}-${REDACTED}`);
    expect(r.text('[Aa9!first-password,Aa9!other-password]')).toBe(`[${REDACTED},${REDACTED}]`);
    expect(r.text('Aa9!third-password')).toBe('Aa9!third-password');
  });

  test('redaction stays linear as secrets accumulate', () => {
    const r = new Redactor();
    for (let i = 0; i < 2000; i++) r.add(`secret-${i}-${'x'.repeat(20)}`);
    const text = 'y'.repeat(200_000);
    const started = performance.now();
    for (let i = 0; i < 20; i++) r.text(text);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
