// Self-test of the bounds a run keeps whatever the target sends: requests and loops, memory with huge, deep or compressed bodies, reports still written, and every request counted.

import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { startRecordingProxy } from '../http/recording-proxy.js';
import type { Results } from '../report/results.js';
import { type HostileBehaviour, startHostileProxy, startHostileTarget } from '../selftest/hostile-target.js';
import { scratchDirectory } from '../test-support/scratch.js';
import { runCli, serveDuringTests } from './child.js';

const work = scratchDirectory('hostile-bounds');

const TOKEN = 'bounds-test-token-7f3a';
const STACK_LINE = /^\s+at .+:\d+:\d+\)?$/m;
const readResults = (dir: string) => JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as Results;
/** Bytes of every file under a directory. */
const sizeOf = (dir: string): number =>
  readdirSync(dir, { withFileTypes: true }).reduce(
    (n, f) => n + (f.isDirectory() ? sizeOf(join(dir, f.name)) : statSync(join(dir, f.name)).size),
    0,
  );
const reportDir = (name: string) => mkdtempSync(join(work, `bounds-${name}-`));

/**
 * A heap far below what an unbounded run took (5.5 GB with 4 MiB error bodies, 10 GB with a gzip
 * bomb): a run that keeps whole bodies dies of heap exhaustion here and writes no report.
 */
const HEAP_MB = 384;

describe.concurrent('a run keeps its memory bounded', () => {
  const cases: { behaviour: HostileBehaviour; why: string }[] = [
    { behaviour: 'huge500', why: 'a 4 MiB error body to every request' },
    { behaviour: 'gzipBomb', why: 'a 10 MB gzip bomb to every request' },
    { behaviour: 'deepJson', why: 'JSON nested 3,000 deep to every request' },
  ];
  for (const { behaviour, why } of cases) {
    test(`${why}: the run ends within a ${HEAP_MB} MB heap and writes complete reports with cut bodies`, {
      timeout: 150_000,
    }, async () => {
      const target = await startHostileTarget(behaviour);
      const dir = reportDir(behaviour);
      try {
        // One rule's cases: creates, which are not retried, so the run stays short with 4 MiB answers.
        const args = [
          'run',
          '--base-url',
          target.baseUrl,
          '--token',
          TOKEN,
          '--only',
          'tags/create/label-length',
          '--timeout',
          '5000',
        ];
        const r = await runCli([...args, '--report-dir', dir], {
          boundMs: 120_000,
          env: { NODE_OPTIONS: `--max-old-space-size=${HEAP_MB}` },
        });
        const output = r.stdout + r.stderr;
        expect(r.signal, `killed at the bound:\n${output.slice(-2000)}`).toBeNull();
        expect(output).not.toMatch(STACK_LINE);
        expect([1, 2]).toContain(r.code);
        const results = readResults(dir);
        expect(results.summary.fail + results.summary.error).toBeGreaterThan(0);
        for (const file of ['junit.xml', 'summary.md', 'index.html'])
          expect(existsSync(join(dir, file)) && statSync(join(dir, file)).size > 0, file).toBe(true);
        // Reports keep a marked prefix of each long body, never the body itself.
        expect(sizeOf(dir)).toBeLessThan(16 * 1024 * 1024);
        if (behaviour === 'gzipBomb')
          expect(readFileSync(join(dir, 'results.json'), 'utf8')).toMatch(/cut: \d+ bytes in all, sha256 [0-9a-f]{64}/);
      } finally {
        await target.close();
      }
    });
  }
});

describe('a run bounds what the target can make endless, and counts what it sent', () => {
  const serve = serveDuringTests(TOKEN);

  test('a target answering 200 (with an error body) to refused disk creates: the allocation fill stops within its bound', {
    timeout: 150_000,
  }, async () => {
    const proxy = await startHostileProxy(serve.baseUrl, 'refusals200');
    const dir = reportDir('loop');
    try {
      const only = 'instances/resize/disk-allocation-refused';
      const args = ['run', '--base-url', proxy.baseUrl, '--token', TOKEN, '--only', only, '--report-dir', dir];
      const r = await runCli(args, { boundMs: 120_000 });
      const output = r.stdout + r.stderr;
      expect(r.signal, `killed at the bound:\n${output.slice(-2000)}`).toBeNull();
      const diskCreates = proxy.seen.filter((s) => /^POST \/v4\/node\/instances\/\d+\/disks/.test(s)).length;
      // 1 TB halved to 1 GB is 11 sizes; each refused once and accepted at most twice.
      expect(diskCreates).toBeGreaterThan(0);
      expect(diskCreates).toBeLessThanOrEqual(33);
      expect(readResults(dir).requirements.length).toBe(1);
    } finally {
      await proxy.close();
    }
  });

  test('the summary counts every request the run sent, as a proxy in front of the target counts them', {
    timeout: 150_000,
  }, async () => {
    const proxy = await startRecordingProxy(serve.baseUrl);
    const dir = reportDir('count');
    try {
      const args = ['run', '--base-url', proxy.baseUrl, '--token', TOKEN, '--only', 'tags', '--report-dir', dir];
      const r = await runCli(args, { boundMs: 120_000 });
      expect(r.signal, r.stderr).toBeNull();
      expect(readResults(dir).summary.requests).toBe(proxy.seen.length);
    } finally {
      await proxy.close();
    }
  });
});
