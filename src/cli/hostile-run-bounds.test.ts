// Self-tests of a target or a configuration that would make a run unbounded: Retry-After asking every answer to wait for days ends at the run's bound on waiting (and the reports say it was reached), and a configuration or a command line of a million entries ends at once with one line.

import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { opOf } from '../../spec/index.js';
import type { Results } from '../report/results.js';
import { scratchDirectory } from '../test-support/scratch.js';
import { runCli } from './child.js';

const work = scratchDirectory('run-bounds');
const BOUND_MS = 90_000;
/** The preflight's read of a `--only tags` run: the tags list. */
const PREFLIGHT = opOf('tags/list').path;

describe('Retry-After: 999999 on every answer', () => {
  test('the run stops waiting at its bound, ends, and results.json, summary.md and the terminal say the bound was reached', {
    timeout: BOUND_MS + 30_000,
  }, async () => {
    let asked = 0;
    let preflight = true;
    const server = createServer((req, res) => {
      req.resume();
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (preflight && path.endsWith(PREFLIGHT)) {
        preflight = false;
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":[],"page":1,"pages":1,"results":0}');
        return;
      }
      asked += 1;
      res.writeHead(429, { 'content-type': 'application/json', 'retry-after': '999999' });
      res.end('{"errors":[{"reason":"Too Many Requests"}]}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const dir = join(work, 'waits');
    try {
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v4`;
      const args = ['run', '--base-url', baseUrl, '--only', 'tags', '--max-retry-wait', '4000', '--report-dir', dir];
      const r = await runCli(args, { env: { CLOUDCONF_TOKEN: 'waits-token' }, boundMs: BOUND_MS });
      expect(r.signal, r.stderr).toBeNull();
      expect(asked).toBeGreaterThan(0);
      // Each wait the target asks for is 30 s at most; the run's bound of 4 s holds none of them.
      expect(r.ms).toBeLessThan(60_000);
      const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as Results;
      expect(results.retryWait).toEqual({ waitedMs: 0, budgetMs: 4000, reached: true });
      expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toMatch(/reached its bound of 4 s \(--max-retry-wait\)/);
      expect(r.stderr).toMatch(
        /^cloudconf: the run waited 0\.0 s in all on the target's Retry-After and reached its bound .* 429s past it were not retried/m,
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('a configuration or command line far larger than any run needs', () => {
  /** A configuration file of the run with these members. */
  const configWith = (name: string, members: Record<string, unknown>) => {
    const path = join(work, `${name}.json`);
    writeFileSync(path, JSON.stringify(members));
    return path;
  };
  const listOf = (n: number) => Array.from({ length: n }, (_, i) => `vpcs/create/x${i}`);

  test('1,000,000 only entries, or 50,000 in a file within its size bound: run --list ends at once with one line', {
    timeout: BOUND_MS,
  }, async () => {
    const cases: [string, RegExp][] = [
      [configWith('million', { only: listOf(1_000_000) }), /the configuration file \S+ is larger than 1 MiB: not read/],
      [
        configWith('fifty-thousand', { only: listOf(50_000).map((_, i) => `v${i}`) }),
        /--only is given 50,000 times; at most 10,000 are taken/,
      ],
    ];
    const ended = await Promise.all(
      cases.map(([file]) => runCli(['run', '--list', '--config', file], { boundMs: 60_000 })),
    );
    for (const [i, r] of ended.entries()) {
      expect(r.code, r.stderr).toBe(2);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
      expect(r.stderr).toMatch(cases[i]?.[1] as RegExp);
    }
  });

  // Members the issue does not name: a long command line, and a number of generated cases no run can send.
  test('--exclude given 50,000 times on the command line, or runs of a billion: one line, exit 2', {
    timeout: BOUND_MS,
  }, async () => {
    const excludes = Array.from({ length: 50_000 }, (_, i) => ['--exclude', `x${i}`]).flat();
    const [many, runs] = await Promise.all([
      runCli(['run', '--list', ...excludes], { boundMs: 60_000 }),
      runCli(['run', '--list', '--config', configWith('runs', { runs: 1_000_000_000 })], { boundMs: 60_000 }),
    ]);
    expect(many.code, many.stderr).toBe(2);
    expect(many.stderr.trim()).toBe('cloudconf: --exclude is given 50,000 times; at most 10,000 are taken');
    expect(runs.code, runs.stderr).toBe(2);
    expect(runs.stderr.trim()).toBe('cloudconf: --runs takes at most 1,000 generated cases per property');
  });
});
