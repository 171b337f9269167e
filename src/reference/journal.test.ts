// Self-tests of the request journal: filters, newest first, clear, counts with a matcher, near misses in the documents' terms, redaction, bounds, the in-process form, and a client test in another language (a shell script with curl).

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { JournalEntry } from './journal.js';
import { type RunningReference, startReferenceServer } from './server.js';

let s: RunningReference;
let origin: string;
beforeAll(async () => {
  s = await startReferenceServer({});
  origin = s.baseUrl.replace(/\/v4$/, '');
});
afterAll(() => s.close());
beforeEach(async () => {
  await fetch(`${origin}/__cloudconf/requests`, { method: 'DELETE' });
});

async function call(method: string, path: string, body?: unknown, token: string | undefined = s.token) {
  const r = await fetch(`${origin}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
  });
  return { status: r.status, json: (await r.json().catch(() => undefined)) as Record<string, unknown> };
}

const listed = async (query = '') =>
  (await call('GET', `/__cloudconf/requests${query}`)).json as { requests: JournalEntry[]; matched: number };
const counted = async (matcher: unknown) => (await call('POST', '/__cloudconf/requests/count', matcher)).json.count;
const vpc = { label: 'web', region: 'us-east' };

describe('GET /__cloudconf/requests', () => {
  test('lists what was received, newest first, with the operation; the control interface is not in it', async () => {
    await call('GET', '/v4/vpcs');
    await call('POST', '/v4/vpcs', vpc);
    const { requests } = await listed();
    expect(requests.map((r) => `${r.method} ${r.path} ${r.status} ${r.operation}`)).toEqual([
      'POST /v4/vpcs 200 vpcs/create',
      'GET /v4/vpcs 200 vpcs/list',
    ]);
    expect(requests[0]?.request.body).toBe(JSON.stringify(vpc));
    expect(JSON.parse(requests[0]?.response.body ?? '{}')).toMatchObject(vpc);
  });

  test('filters by method, path prefix, status (or its class), time and limit', async () => {
    const before = new Date().toISOString();
    await call('GET', '/v4/vpcs');
    await call('POST', '/v4/vpcs', { label: 5 });
    await call('GET', '/v4/node/kernels');
    const paths = async (q: string) => (await listed(q)).requests.map((r) => `${r.method} ${r.path}`);
    expect(await paths('?method=post')).toEqual(['POST /v4/vpcs']);
    expect(await paths('?pathPrefix=/v4/node')).toEqual(['GET /v4/node/kernels']);
    expect(await paths('?status=400')).toEqual(['POST /v4/vpcs']);
    expect(await paths('?status=2xx')).toEqual(['GET /v4/node/kernels', 'GET /v4/vpcs']);
    expect(await paths(`?since=${encodeURIComponent(before)}&limit=1`)).toEqual(['GET /v4/node/kernels']);
    expect((await listed(`?until=${encodeURIComponent(before)}`)).requests).toEqual([]);
    expect((await listed('?limit=1')).matched).toBe(3);
  });

  test('a wrong filter is refused with one reason, not read as no filter', async () => {
    for (const q of ['?stauts=200', '?status=abc', '?since=yesterday', '?limit=0', '?method=FETCH']) {
      const r = await call('GET', `/__cloudconf/requests${q}`);
      expect(r.status, q).toBe(400);
    }
  });

  test('DELETE clears it', async () => {
    await call('GET', '/v4/vpcs');
    expect((await call('DELETE', '/__cloudconf/requests')).json).toEqual({ cleared: 1 });
    expect((await listed()).requests).toEqual([]);
  });
});

describe('POST /__cloudconf/requests/count', () => {
  test('counts what a matcher selects, and only that', async () => {
    await call('POST', '/v4/vpcs', vpc);
    await call('POST', '/v4/vpcs', vpc);
    await call('GET', '/v4/vpcs');
    await call('POST', '/v4/vpcs/1/subnets', { label: 's', ipv4: '10.0.0.0/24' });
    expect(await counted({ method: 'POST', path: '/v4/vpcs' })).toBe(2);
    expect(await counted({ operation: 'vpcs/create' })).toBe(2);
    expect(await counted({ pathPrefix: '/v4/vpcs' })).toBe(4);
    expect(await counted({})).toBe(4);
    expect(await counted({ method: 'DELETE' })).toBe(0);
  });

  test('an unknown matcher member is refused, naming the known ones', async () => {
    const r = await call('POST', '/__cloudconf/requests/count', { methd: 'POST' });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.json)).toContain('unknown matcher member methd');
  });
});

describe('near misses: a refused request says which rule, in the documents', () => {
  test('a body rule: the requirement, its sentence and where the documents state it', async () => {
    await call('POST', '/v4/vpcs', { label: 5, region: 'us-east' });
    const [entry] = (await listed()).requests;
    expect(entry?.nearMiss?.operation).toBe('vpcs/create');
    expect(entry?.nearMiss?.said.join()).toMatch(/label/);
    expect(entry?.nearMiss?.rules).toContainEqual(
      expect.objectContaining({
        requirement: 'vpcs/create/label-type',
        level: 'MUST',
        documents: expect.stringMatching(/^Part 1, /),
      }),
    );
  });

  test('no token, an unknown id, a method the path does not take', async () => {
    await call('GET', '/v4/vpcs', undefined, '');
    await call('GET', '/v4/vpcs/999999');
    await call('PATCH', '/v4/vpcs');
    const [patch, unknown, anonymous] = (await listed()).requests;
    expect(anonymous?.nearMiss?.rules.map((r) => r.requirement)).toEqual(['vpcs/list/auth/token-required']);
    expect(unknown?.nearMiss?.rules.map((r) => r.requirement)).toEqual(['vpcs/view/unknown-id']);
    expect(patch?.nearMiss?.hint).toMatch(/the documents have GET, POST on this path, not PATCH/);
  });

  test('an accepted request has no near miss', async () => {
    await call('POST', '/v4/vpcs', vpc);
    expect((await listed()).requests[0]?.nearMiss).toBeUndefined();
  });
});

describe('redaction and bounds', () => {
  test('the token and every password-typed member are never shown', async () => {
    await call('POST', '/v4/node/instances', {
      region: 'us-east',
      type: 'g6-nanode-1',
      image: 'node/debian12',
      root_pass: 'Very-Secret-Pass-123!',
    });
    const text = JSON.stringify(await listed());
    expect(text).toContain('root_pass');
    expect(text).not.toContain('Very-Secret-Pass-123!');
    expect(text).not.toContain(s.token);
    expect(text).toContain('Bearer (redacted)');
  });

  test('a token the server issued is redacted wherever a client put it: the query, a body, another header', async () => {
    await fetch(`${origin}/v4/vpcs?access_token=${s.token}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${s.token}`, 'x-api-key': s.token, 'content-type': 'application/json' },
      body: JSON.stringify({ label: 'web', region: 'us-east', description: `token ${s.token}` }),
    });
    const text = JSON.stringify(await listed());
    expect(text).toContain('access_token=(redacted)');
    expect(text).not.toContain(s.token);
  });

  test('a journal keeps its last entries within its bounds, and cuts long bodies saying their length', async () => {
    const small = await startReferenceServer({ journal: { maxEntries: 3, maxBodyBytes: 64 } });
    try {
      for (let i = 0; i < 5; i += 1) await fetch(`${small.baseUrl}/node/kernels`);
      const journal = small.requests;
      expect(journal?.usage()).toMatchObject({ entries: 3, evicted: 2 });
      const [newest] = journal?.list().requests ?? [];
      expect(newest?.response.cut).toBe(true);
      expect(newest?.response.bytes).toBeGreaterThan(64);
      expect(Buffer.byteLength(newest?.response.body ?? '')).toBeLessThanOrEqual(64 + 20);
    } finally {
      await small.close();
    }
    const tight = await startReferenceServer({ journal: { maxBytes: 2000 } });
    try {
      for (let i = 0; i < 20; i += 1) await fetch(`${tight.baseUrl}/node/kernels`);
      expect(tight.requests?.usage().bytes).toBeLessThanOrEqual(2000 * 2);
      expect(tight.requests?.usage().evicted).toBeGreaterThan(0);
    } finally {
      await tight.close();
    }
  });

  test('journal: false keeps none', async () => {
    const none = await startReferenceServer({ journal: false });
    try {
      expect(none.requests).toBeUndefined();
      expect((await fetch(`${none.baseUrl.replace(/\/v4$/, '')}/__cloudconf/requests`)).status).toBe(404);
    } finally {
      await none.close();
    }
  });
});

test('in-process: the same list, count and clear through startReferenceServer()', async () => {
  await call('POST', '/v4/vpcs', vpc);
  expect(s.requests?.count({ method: 'POST', path: '/v4/vpcs' })).toBe(1);
  expect(s.requests?.list({ operation: 'vpcs/create' }).requests[0]?.status).toBe(200);
  s.requests?.clear();
  expect(s.requests?.count()).toBe(0);
});

describe('a client test in another language asserts through the journal (sh and curl)', () => {
  const script = fileURLToPath(new URL('./test-support/one-vpc-create.sh', import.meta.url));
  const run = (posts: number) =>
    new Promise<{ code: number | null; out: string }>((done, fail) => {
      const child = spawn('sh', [script], {
        env: { ...process.env, FAKE: origin, TOKEN: s.token, CLIENT_POSTS: String(posts) },
      });
      let out = '';
      child.stdout.on('data', (c: Buffer) => {
        out += c;
      });
      child.stderr.on('data', (c: Buffer) => {
        out += c;
      });
      child.on('error', fail);
      child.on('exit', (code) => done({ code, out }));
    });

  test('its client sent exactly one POST /v4/vpcs: the script passes', async () => {
    expect(await run(1)).toEqual({ code: 0, out: 'ok: exactly one POST /v4/vpcs\n' });
  });

  test('a client that sends two: the same script fails, saying what the journal counted', async () => {
    const r = await run(2);
    expect(r.code).toBe(1);
    expect(r.out).toContain('the journal says {"count":2}');
  });
});
