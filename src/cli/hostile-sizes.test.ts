// Self-tests of the size and shape of what comes back, in every reader: a list page of 150,000 items, bodies of half a gigabyte through the proxy, an answer that inflates to gigabytes, files far past their bound; each is read bounded, streamed where it can be, or refused with one line, and a run's results always say what its cleanup did.

import { closeSync, ftruncateSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, test } from 'vitest';
import type { Results } from '../report/results.js';
import { startListingTarget } from '../selftest/listing-target.js';
import { runCli, startCli, waitForOutput } from './child.js';
import { guardRun } from './run-guard.js';

const TOKEN = 'sizes-test-token-8a3f0c';
const BOUND_MS = 60_000;
const MiB = 1024 * 1024;
const STACK = /Maximum call stack size exceeded|^\s+at .+:\d+:\d+\)?$/m;

/** 150,000 items in 300 KB: `[0,0,...]`, then one entity of the given prefix. */
const hugePage = (prefix: string) => `[${'0,'.repeat(150_000)}{"id":7,"label":"${prefix}-in-the-crowd"}]`;

describe('a list page of 150,000 small items', () => {
  test('cleanup --prefix reads it and deletes what carries the prefix, with no stack overflow', {
    timeout: BOUND_MS + 10_000,
  }, async () => {
    const prefix = 'ccbig01';
    const target = await startListingTarget({
      lists: { '/vpcs': hugePage(prefix), '/tags': `[${'0,'.repeat(150_000)}0]` },
      records: { '/vpcs/7': { id: 7, label: `${prefix}-in-the-crowd` } },
    });
    try {
      const r = await runCli(['cleanup', '--base-url', target.baseUrl, '--prefix', prefix], {
        env: { CLOUDCONF_TOKEN: TOKEN },
        boundMs: BOUND_MS,
      });
      expect(r.stderr).not.toMatch(STACK);
      expect(r.code, r.stderr).toBe(0);
      expect(target.seen.filter((s) => s.startsWith('DELETE '))).toEqual(['DELETE /v4/vpcs/7']);
      expect(r.stderr).toContain('deleted 1, left 0');
    } finally {
      await target.close();
    }
  });

  test('an interrupted run sweeps such lists and its results.json says what the cleanup did', {
    timeout: BOUND_MS + 10_000,
  }, async () => {
    const page = hugePage('ccnomatch');
    const target = await startListingTarget({
      lists: Object.fromEntries(['/vpcs', '/tags', '/account/users', '/node/instances'].map((p) => [p, page])),
      hangWrites: true,
    });
    const dir = mkdtempSync(join(tmpdir(), 'cloudconf-sizes-interrupted-'));
    try {
      const args = ['run', '--base-url', target.baseUrl, '--only', 'tags', '--timeout', '20000', '--report-dir', dir];
      const run = startCli(args, { env: { CLOUDCONF_TOKEN: TOKEN }, boundMs: BOUND_MS });
      // Interrupted once the suites are sending: a write is held by the target.
      const until = Date.now() + 40_000;
      while (!target.seen.some((s) => s.startsWith('POST ')) && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 100));
      run.child.kill('SIGTERM');
      const ended = await run.done;
      expect(ended.stderr).not.toMatch(STACK);
      const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as Results;
      expect(results.cleanup?.interrupted, ended.stderr).toBe('SIGTERM');
      expect(results.cleanup?.error).toBeUndefined();
      // The sweep read the lists: every one answered, none is unread.
      expect(results.cleanup?.unread ?? []).toEqual([]);
    } finally {
      await target.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a cleanup that cannot finish still leaves its part of results.json: what it knew, why it stopped, and the command', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cloudconf-sizes-guard-'));
    try {
      const guard = await guardRun(
        { reportDir: dir, baseUrl: 'http://127.0.0.1:9/v4', betaUrl: 'http://127.0.0.1:9/v4beta' },
        () => {},
      );
      // The journal is gone and a directory stands in its place: reading it throws.
      rmSync(join(dir, 'created.jsonl'));
      mkdirSync(join(dir, 'created.jsonl'));
      const config = {
        baseUrl: 'http://127.0.0.1:9/v4',
        betaUrl: 'http://127.0.0.1:9/v4beta',
        token: TOKEN,
        seed: 1,
        runs: 1,
        mode: 'full' as const,
        strict: false,
        regions: [],
        images: [],
        types: [],
        timeoutMs: 500,
        ...guard.config,
      };
      const cleanup = await guard.finish(config, true);
      expect(cleanup.prefix).toBe(guard.config.labelPrefix);
      expect(cleanup.error).toMatch(/EISDIR|directory/);
      expect(cleanup.command).toMatch(/^cloudconf cleanup /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Bytes read from a stream, counted and dropped. */
async function drain(stream: AsyncIterable<Buffer>): Promise<number> {
  let n = 0;
  for await (const chunk of stream) n += chunk.length;
  return n;
}

/** Writes `total` bytes of zeros to a writable, a MiB at a time, waiting when it is full. */
async function pour(out: NodeJS.WritableStream, total: number): Promise<void> {
  const block = Buffer.alloc(MiB);
  for (let sent = 0; sent < total; sent += MiB) {
    if (!out.write(block)) await new Promise((resolve) => out.once('drain', resolve));
  }
  out.end();
}

/** The peak resident memory of a process, in MB, from /proc (Linux). */
const peakRssMb = (pid: number) => {
  const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(hwm) / 1024;
};

/** `cloudconf proxy` in front of an upstream of the test's own; `send` makes one request through it with node:http (which inflates nothing). */
async function proxied(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const upstream = createServer(handler);
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  const dir = mkdtempSync(join(tmpdir(), 'cloudconf-sizes-proxy-'));
  const upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v4`;
  const proxy = startCli(['proxy', '--upstream', upstreamUrl, '--port', '0', '--report-dir', dir, '--quiet'], {
    boundMs: BOUND_MS,
  });
  await waitForOutput(proxy, /^http:\/\/127\.0\.0\.1:\d+\/v4$/m, 30_000);
  const base = proxy.stdout().split('\n')[0]?.trim();
  return {
    dir,
    peakRssMb: () => peakRssMb(proxy.child.pid as number),
    send: (path: string, upload = 0) =>
      new Promise<{ status: number; bytes: number }>((resolve, reject) => {
        const headers = upload ? { 'content-type': 'application/octet-stream', 'content-length': String(upload) } : {};
        const req = httpRequest(new URL(`${base}${path}`), { method: upload ? 'POST' : 'GET', headers }, (res) =>
          drain(res).then((bytes) => resolve({ status: res.statusCode ?? 0, bytes }), reject),
        );
        req.on('error', reject);
        if (upload) void pour(req, upload);
        else req.end();
      }),
    /** Stops the proxy with SIGTERM (it writes its reports) and returns what it printed. */
    stop: async () => {
      proxy.child.kill('SIGTERM');
      return (await proxy.done).stderr;
    },
    close: async () => {
      proxy.child.kill('SIGKILL');
      await new Promise((resolve) => upstream.close(resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

describe('cloudconf proxy, with bodies far larger than it records', () => {
  const SIZE = 128 * MiB;

  test('an upload and an answer of 128 MiB each stream through whole, the proxy stays small, and the exchange is recorded cut', {
    timeout: BOUND_MS + 30_000,
  }, async () => {
    let uploaded = 0;
    const proxy = await proxied(async (req, res) => {
      uploaded = await drain(req);
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(SIZE) });
      await pour(res, SIZE);
    });
    try {
      const received = await proxy.send('/node/instances/1/disks', SIZE);
      expect(uploaded).toBe(SIZE);
      expect(received).toEqual({ status: 200, bytes: SIZE });
      // Without streaming, each body was held whole (and copied): past a gigabyte for these two.
      expect(proxy.peakRssMb()).toBeLessThan(250);
      expect(await proxy.stop()).toMatch(/forwarded whole, recorded cut, not judged/);
      const har = JSON.parse(readFileSync(join(proxy.dir, 'recording.har'), 'utf8'));
      const entry = har.log.entries[0];
      expect(entry._cloudconfCut).toMatch(/a request body of 134217728 bytes and an answer of 134217728 bytes/);
      expect(entry.response.content.text.length).toBeLessThan(20_000);
    } finally {
      await proxy.close();
    }
  });

  // A member of the class the issue does not name: an answer small on the wire that inflates to gigabytes.
  test('a gzip answer of 10 MB that inflates to 10 GB is forwarded as it came and never inflated whole', {
    timeout: BOUND_MS + 30_000,
  }, async () => {
    const unit = gzipSync(Buffer.alloc(64 * MiB), { level: 9 });
    const bomb = Buffer.concat(Array.from({ length: Math.ceil((10 * MiB) / unit.length) }, () => unit));
    const proxy = await proxied((req, res) => {
      req.resume();
      const headers = { 'content-type': 'application/json', 'content-encoding': 'gzip' };
      res.writeHead(200, { ...headers, 'content-length': String(bomb.length) });
      res.end(bomb);
    });
    try {
      expect(await proxy.send('/vpcs')).toEqual({ status: 200, bytes: bomb.length });
      expect(proxy.peakRssMb()).toBeLessThan(250);
      expect(await proxy.stop()).toMatch(/an answer that inflates past the bound/);
    } finally {
      await proxy.close();
    }
  });
});

// Members of the class the issue does not name: files given to a command, far past what such a file holds.
describe('files past their bound', () => {
  /** A sparse file of 2 GiB: instant to make, gigabytes to read. */
  const sparse = (path: string) => {
    const fd = openSync(path, 'w');
    ftruncateSync(fd, 2 * 1024 * MiB);
    closeSync(fd);
    return path;
  };

  test('a 2 GiB configuration file, baseline or journal ends the command at once with one line', {
    timeout: BOUND_MS + 30_000,
  }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cloudconf-sizes-files-'));
    try {
      const big = sparse(join(dir, 'big.json'));
      const cases = [
        [['run', '--list', '--config', big], /the configuration file \S+ is larger than 1 MiB/],
        [
          ['run', '--baseline', big, '--only', 'vpcs/create/label-length', '--report-dir', join(dir, 'r')],
          /the baseline \S+ is larger than 256 MiB/,
        ],
        [
          ['cleanup', '--base-url', 'http://127.0.0.1:9/v4', '--token', TOKEN, '--journal', big],
          /the journal \S+ is larger than 256 MiB/,
        ],
      ] as const;
      const ended = await Promise.all(cases.map(([args]) => runCli([...args], { boundMs: 60_000 })));
      for (const [i, r] of ended.entries()) {
        expect(r.code, r.stderr).toBe(2);
        expect(r.stderr).toMatch(cases[i]?.[1] ?? /never/);
        expect(r.stderr.trim().split('\n')).toHaveLength(1);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
