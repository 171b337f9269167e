// Self-tests of `cloudconf serve` as a client developer runs it: banner and /openapi.json, request log, HAR, fixtures, CORS, injected errors and delays, state snapshot and restore, the statistics shape.

import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { scratchDirectory } from '../test-support/scratch.js';

const root = resolve(import.meta.dirname, '../..');
const dir = scratchDirectory('serve');

interface Served {
  child: ChildProcess;
  baseUrl: string;
  origin: string;
  token: string;
  stdout: () => string[];
  stderr: () => string;
  /** SIGTERM, then the exit code. */
  stop: () => Promise<number | null>;
}

/** Starts `serve --port 0 ...`; resolves once the base URL is printed, or with the exit code when it ends first. */
function serve(args: string[]): Promise<Served | { exit: number | null; stderr: string }> {
  const child = spawn(process.execPath, [join(root, 'src/cli/bin.mjs'), 'serve', '--port', '0', ...args], {
    cwd: root,
  });
  let out = '';
  let err = '';
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return new Promise((resolveStart) => {
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const first = out.split('\n')[0] ?? '';
      if (out.includes('\n') && first.startsWith('http') && /token: /.test(err)) started();
    });
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString();
      if (out.includes('\n') && /token: \S+/.test(err)) started();
    });
    let done = false;
    const started = () => {
      if (done) return;
      done = true;
      const baseUrl = out.split('\n')[0] as string;
      resolveStart({
        child,
        baseUrl,
        origin: baseUrl.slice(0, -3),
        token: /token: (\S+)/.exec(err)?.[1] ?? '',
        stdout: () => out.split('\n').slice(1).filter(Boolean),
        stderr: () => err,
        stop: () => {
          child.kill('SIGTERM');
          return exited;
        },
      });
    };
    void exited.then((code) => {
      if (!done) resolveStart({ exit: code, stderr: err });
    });
  });
}

async function started(args: string[]): Promise<Served> {
  const s = await serve(args);
  if ('exit' in s) throw new Error(`serve ended with ${s.exit}: ${s.stderr}`);
  return s;
}

/** The value at a path of parsed JSON (undefined where the path does not lead). */
const dig = (value: unknown, ...path: (string | number)[]): unknown =>
  path.reduce<unknown>(
    (v, key) => (v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined),
    value,
  );

/** Waits for a child's output to show `what`, failing after `ms`: a loaded machine can hold a log line for seconds. */
const until = async (what: string, check: () => boolean, ms = 20_000) => {
  for (const end = Date.now() + ms; !check(); ) {
    if (Date.now() >= end) throw new Error(`no ${what} after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
};

const fixtures = {
  entities: [
    { operation: 'vpcs/create', body: { label: 'fx-vpc', region: 'us-east' } },
    { operation: 'vpcs/subnets/create', params: { vpcId: '@0.id' }, body: { label: 'fx-sub', ipv4: '10.0.0.0/24' } },
    {
      operation: 'instances/create',
      body: {
        label: 'fx-node',
        region: 'us-east',
        type: 'g6-nanode-1',
        image: 'node/debian12',
        root_pass: 'Very-Strong-Pass-123!',
      },
    },
  ],
};

describe('cloudconf serve (defaults)', () => {
  let s: Served;
  const auth = () => ({ authorization: `Bearer ${s.token}` });
  beforeAll(async () => {
    s = await started([]);
  }, 60_000);
  afterAll(async () => {
    await s?.stop();
  });

  // bin.mjs replaces itself once (execve) to start V8 with a small young generation: same pid, flag set.
  test.runIf(process.platform === 'linux')(
    'the process the CLI started runs with its young-generation size set',
    () => {
      const argv = readFileSync(`/proc/${s.child.pid}/cmdline`, 'utf8').split('\0');
      expect(argv).toContain('--max-semi-space-size=8');
    },
  );

  test('the banner names the OpenAPI URL and the catalogue; /openapi.json is valid with the real servers', async () => {
    expect(s.stderr()).toContain(`openapi: ${s.origin}/openapi.json`);
    expect(s.stderr()).toMatch(/regions: us-east/);
    expect(s.stderr()).toMatch(/images: .*node\/debian12/);
    const doc = (await (await fetch(`${s.origin}/openapi.json`)).json()) as Record<string, unknown>;
    expect(dig(doc, 'servers', 0, 'url')).toBe(s.baseUrl);
    const betaPath = Object.values(doc.paths as Record<string, unknown>).find((item) => dig(item, 'servers'));
    expect(dig(betaPath, 'servers', 0, 'url')).toBe(`${s.origin}/v4beta`);
    const create = dig(doc, 'paths', '/node/instances', 'post', 'requestBody', 'content', 'application/json', 'schema');
    expect(dig(create, 'properties', 'region', 'enum')).toContain('us-east');
    expect(dig(create, 'properties', 'type', 'enum')).toContain('g6-nanode-1');
    await SwaggerParser.validate(structuredClone(doc) as never);
  }, 30_000);

  test('one log line per request with method, path, status, time and the reasons of a 4xx; never the token', async () => {
    await fetch(`${s.baseUrl}/vpcs`, { headers: auth() });
    await fetch(`${s.baseUrl}/vpcs`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: '{}',
    });
    await until('log line of the refused create', () => s.stdout().some((l) => l.includes('POST /v4/vpcs 400')));
    const lines = s.stdout();
    expect(lines.find((l) => / GET \/v4\/vpcs 200 [\d.]+ms$/.test(l))).toBeDefined();
    expect(lines.find((l) => l.includes('POST /v4/vpcs 400'))).toMatch(/label: .+; .*region/);
    expect(lines.join('\n')).not.toContain(s.token);
  });

  test('a CORS preflight answers 204 with the route methods and the asked headers; answers carry the origin', async () => {
    const pre = await fetch(`${s.baseUrl}/vpcs`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:1',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-methods')).toBe('GET, POST, HEAD');
    expect(pre.headers.get('access-control-allow-headers')).toBe('authorization, content-type');
    const get = await fetch(`${s.baseUrl}/vpcs`, { headers: { ...auth(), origin: 'http://127.0.0.1:1' } });
    expect(get.headers.get('access-control-allow-origin')).toBe('*');
    expect(get.headers.get('access-control-expose-headers')).toContain('Retry-After');
  });

  test('the control interface refuses cross-origin callers, also on preflight', async () => {
    const info = await fetch(`${s.origin}/__cloudconf/info`, { headers: { origin: 'http://127.0.0.1:1' } });
    expect(info.status).toBe(403);
    expect(info.headers.get('access-control-allow-origin')).toBeNull();
    const reset = await fetch(`${s.origin}/__cloudconf/reset`, {
      method: 'OPTIONS',
      headers: { origin: 'http://127.0.0.1:1', 'access-control-request-method': 'POST' },
    });
    expect(reset.headers.get('access-control-allow-origin')).toBeNull();
    expect((await fetch(`${s.origin}/__cloudconf/info`)).status).toBe(200);
  });

  test('405 lists exactly the route methods in Allow; HEAD answers like GET without a body; a 401 says Bearer', async () => {
    const put = await fetch(`${s.baseUrl}/vpcs`, { method: 'PUT', headers: auth() });
    expect([put.status, put.headers.get('allow')]).toEqual([405, 'GET, POST']);
    const del = await fetch(`${s.baseUrl}/account`, { method: 'DELETE', headers: auth() });
    expect([del.status, del.headers.get('allow')]).toEqual([405, 'GET, PUT']);
    const get = await request(`${s.baseUrl}/vpcs`, { headers: auth() });
    const getBody = await get.body.text();
    const head = await request(`${s.baseUrl}/vpcs`, { method: 'HEAD', headers: auth() });
    expect([head.statusCode, await head.body.text()]).toEqual([200, '']);
    expect(head.headers['content-type']).toBe('application/json');
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(getBody)));
    const anonymous = await fetch(`${s.baseUrl}/vpcs`);
    expect([anonymous.status, anonymous.headers.get('www-authenticate')]).toEqual([401, 'Bearer']);
  });

  test('the control interface makes the next matching requests answer 429 with Retry-After, as an undici client sees', async () => {
    const inject = await request(`${s.origin}/__cloudconf/inject`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 429, retryAfter: 7, count: 2, method: 'GET', pathPrefix: '/v4/vpcs' }),
    });
    expect(inject.statusCode).toBe(200);
    await inject.body.dump();
    const other = await request(`${s.baseUrl}/account`, { headers: auth() });
    expect(other.statusCode).toBe(200);
    await other.body.dump();
    for (let i = 0; i < 2; i++) {
      const r = await request(`${s.baseUrl}/vpcs`, { headers: auth() });
      expect([r.statusCode, r.headers['retry-after']]).toEqual([429, '7']);
      await r.body.dump();
    }
    const after = await request(`${s.baseUrl}/vpcs`, { headers: auth() });
    expect(after.statusCode).toBe(200);
    await after.body.dump();
  });

  test('a delay of D ms is seen by the client; the Prefer header asks for a status or a dropped connection', async () => {
    await fetch(`${s.origin}/__cloudconf/inject`, { method: 'POST', body: JSON.stringify({ delayMs: 400 }) });
    const t0 = performance.now();
    const slow = await request(`${s.baseUrl}/vpcs`, { headers: auth() });
    expect(performance.now() - t0).toBeGreaterThanOrEqual(390);
    expect(slow.statusCode).toBe(200);
    await slow.body.dump();
    const prefer = await request(`${s.baseUrl}/vpcs`, { headers: { ...auth(), prefer: 'code=503' } });
    expect(prefer.statusCode).toBe(503);
    await prefer.body.dump();
    const bad = await request(`${s.baseUrl}/vpcs`, { headers: { ...auth(), prefer: 'code=299' } });
    expect(bad.statusCode).toBe(400);
    await bad.body.dump();
    await expect(request(`${s.baseUrl}/vpcs`, { headers: { ...auth(), prefer: 'drop' } })).rejects.toThrow();
  });

  test('a catalogue fault switches on and off at run time', async () => {
    const set = (on: boolean) =>
      fetch(`${s.origin}/__cloudconf/faults`, {
        method: 'POST',
        body: JSON.stringify({ name: 'responses-not-json', on }),
      });
    expect((await set(true)).status).toBe(200);
    expect((await fetch(`${s.baseUrl}/vpcs`, { headers: auth() })).headers.get('content-type')).toBe('text/plain');
    await set(false);
    expect((await fetch(`${s.baseUrl}/vpcs`, { headers: auth() })).headers.get('content-type')).toBe(
      'application/json',
    );
    const unknown = await fetch(`${s.origin}/__cloudconf/faults`, {
      method: 'POST',
      body: JSON.stringify({ name: 'no-such-fault', on: true }),
    });
    expect(unknown.status).toBe(400);
  });

  test('GET /__cloudconf/state exports the state and PUT restores it', async () => {
    const post = (label: string) =>
      fetch(`${s.baseUrl}/vpcs`, {
        method: 'POST',
        headers: { ...auth(), 'content-type': 'application/json' },
        body: JSON.stringify({ label, region: 'us-east', subnets: [{ label: 'a', ipv4: '10.0.0.0/24' }] }),
      });
    const kept = (await (await post('kept')).json()) as { id: number };
    const labels = async () =>
      ((await (await fetch(`${s.baseUrl}/vpcs`, { headers: auth() })).json()) as { data: { label: string }[] }).data
        .map((v) => v.label)
        .sort();
    const before = await labels();
    const snapshot = await (await fetch(`${s.origin}/__cloudconf/state`)).text();
    await post('added-later');
    await fetch(`${s.baseUrl}/vpcs/${kept.id}`, { method: 'DELETE', headers: auth() });
    expect(await labels()).not.toEqual(before);
    const restore = await fetch(`${s.origin}/__cloudconf/state`, { method: 'PUT', body: snapshot });
    expect(restore.status).toBe(200);
    expect(await labels()).toEqual(before);
    const again = (await (await fetch(`${s.origin}/__cloudconf/state`)).json()) as { graph: unknown };
    expect(again.graph).toEqual(JSON.parse(snapshot).graph);
    const fresh = (await (await post('after-restore')).json()) as { id: number };
    expect(fresh.id).toBeGreaterThan(kept.id);
    expect(await (await fetch(`${s.origin}/__cloudconf/state`)).text()).not.toBe(snapshot);
    const refused = await fetch(`${s.origin}/__cloudconf/state`, { method: 'PUT', body: '{"accounts": []}' });
    expect(refused.status).toBe(400);
  });
});

describe('cloudconf serve with --log json, --har and --fixtures', () => {
  test('fixtures are loaded, JSON log lines are written, and the HAR holds every exchange with the token redacted', async () => {
    const fx = join(dir, 'fixtures.json');
    const har = join(dir, 'served.har');
    writeFileSync(fx, JSON.stringify(fixtures));
    const s = await started(['--log', 'json', '--har', har, '--fixtures', fx]);
    const auth = { authorization: `Bearer ${s.token}` };
    const vpcs = (await (await fetch(`${s.baseUrl}/vpcs`, { headers: auth })).json()) as { data: { label: string }[] };
    expect(vpcs.data.map((v) => v.label)).toEqual(['fx-vpc']);
    const nodes = (await (await fetch(`${s.baseUrl}/node/instances`, { headers: auth })).json()) as {
      data: { id: number }[];
    };
    const id = nodes.data[0]?.id;
    const stats = (await (await fetch(`${s.baseUrl}/node/instances/${id}/stats`, { headers: auth })).json()) as object;
    // DECISIONS 18: {title, data: {cpu, io, netv4, netv6}} with [timestamp, value] pairs.
    expect(Object.keys(stats)).toEqual(['title', 'data']);
    expect(Object.keys(dig(stats, 'data') as object)).toEqual(['cpu', 'io', 'netv4', 'netv6']);
    expect(dig(stats, 'data', 'netv4', 'private_in', 0)).toHaveLength(2);
    await until('log line of each of the three reads', () => s.stdout().length >= 3);
    const lines = s.stdout().map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({ method: 'GET', path: '/v4/vpcs', status: 200 });
    expect(typeof lines[0].ms).toBe('number');
    expect(await s.stop()).toBe(0);
    const entries = dig(JSON.parse(readFileSync(har, 'utf8')), 'log', 'entries') as unknown[];
    expect(entries.map((e) => dig(e, 'request', 'url'))).toEqual([
      `${s.baseUrl}/vpcs`,
      `${s.baseUrl}/node/instances`,
      `${s.baseUrl}/node/instances/${id}/stats`,
    ]);
    expect(dig(entries, 0, 'response', 'status')).toBe(200);
    expect(readFileSync(har, 'utf8')).not.toContain(s.token);
  }, 60_000);

  test('a bad fixture is refused at start with its entry named, and serve exits 2', async () => {
    const fx = join(dir, 'bad.json');
    writeFileSync(
      fx,
      JSON.stringify({
        entities: [fixtures.entities[0], { operation: 'vpcs/create', body: { label: 'x', region: 'no-such-region' } }],
      }),
    );
    const r = await serve(['--fixtures', fx]);
    if (!('exit' in r)) {
      await r.stop();
      throw new Error('serve started with a bad fixture');
    }
    expect(r.exit).toBe(2);
    expect(r.stderr).toMatch(/fixtures entry 1 \(vpcs\/create\) refused with 400: region/);
  }, 60_000);

  test('--quiet prints no request line; --no-cors sends no CORS header; --cors narrows to one origin', async () => {
    const quiet = await started(['--quiet', '--no-cors']);
    const r = await fetch(`${quiet.baseUrl}/vpcs`, { headers: { origin: 'http://127.0.0.1:1' } });
    expect(r.headers.get('access-control-allow-origin')).toBeNull();
    await quiet.stop();
    expect(quiet.stdout()).toEqual([]);
    const narrow = await started(['--cors', 'http://127.0.0.1:2']);
    const mine = await fetch(`${narrow.baseUrl}/vpcs`, { headers: { origin: 'http://127.0.0.1:2' } });
    const other = await fetch(`${narrow.baseUrl}/vpcs`, { headers: { origin: 'http://127.0.0.1:3' } });
    expect([mine.headers.get('access-control-allow-origin'), other.headers.get('access-control-allow-origin')]).toEqual(
      ['http://127.0.0.1:2', null],
    );
    await narrow.stop();
  }, 60_000);
});
