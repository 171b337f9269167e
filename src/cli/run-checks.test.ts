// Self-test that a run's options and ids are checked before anything heavy loads: a mistyped --only answers at once with a suggestion and exit 2, a missing token and a baseline that cannot be read too, and the check itself pulls in neither vitest nor the suites nor the reference server.

import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { PACKAGE_ROOT } from '../package-root.js';
import { runCli } from './child.js';
import type { RunOptions } from './run.js';
import { runProblem } from './run-checks.js';
import { importClosure } from './test-support/import-closure.js';

const dir = mkdtempSync(join(tmpdir(), 'cloudconf-run-checks-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const options = (over: Partial<RunOptions>): RunOptions => ({ reportDir: join(dir, 'r'), runs: '1', ...over });
const noToken = { CLOUDCONF_TOKEN: '' };

describe('runProblem', () => {
  test('ids: --only and --exclude must name requirements, with the closest as a suggestion', () => {
    expect(runProblem(options({ only: ['vpc'] }), noToken)).toBe(
      '--only vpc matches no requirement (--only takes a requirement id or an id prefix, such as vpcs or vpcs/create). Did you mean vpcs?',
    );
    expect(runProblem(options({ only: ['vpcs', 'vpcs/creat'] }), noToken)).toMatch(
      /^--only vpcs\/creat matches no requirement .* Did you mean vpcs\/create\?$/,
    );
    expect(runProblem(options({ only: ['vpcs'], exclude: ['vpcs/delet'] }), noToken)).toMatch(
      /^--exclude vpcs\/delet matches no requirement .* Did you mean vpcs\/delete\?$/,
    );
    expect(runProblem(options({ only: ['vpcs'], exclude: ['vpcs/delete'] }), noToken)).toBeUndefined();
  });

  test('a selection of real ids that leaves nothing to judge', () => {
    expect(runProblem(options({ only: ['vpcs'], level: 'MAY' }), noToken)).toMatch(
      /^no requirement to judge matches vpcs at MAY/,
    );
  });

  test('a target without a token; the token from the environment or the configuration file', () => {
    const target = { baseUrl: 'http://127.0.0.1:1/v4', only: ['vpcs'] };
    expect(runProblem(options(target), noToken)).toMatch(/^a token is needed for --base-url/);
    expect(runProblem(options(target), { CLOUDCONF_TOKEN: 't' })).toBeUndefined();
    const config = join(dir, 'config.json');
    writeFileSync(config, JSON.stringify({ base_url: 'http://127.0.0.1:1/v4', token: 'from-file' }));
    expect(runProblem(options({ config, only: ['vpcs'] }), noToken)).toBeUndefined();
  });

  test('a shard and a baseline that cannot be used', () => {
    expect(runProblem(options({ shard: '3/2' }), noToken)).toMatch(/^--shard takes i\/n/);
    expect(runProblem(options({ baseline: join(dir, 'missing.json') }), noToken)).toMatch(
      /^cannot read the baseline: /,
    );
  });
});

test('the checks load the spec and small modules, never vitest, the suites, the reference server or the HTTP client', () => {
  const { files, packages } = importClosure(join(PACKAGE_ROOT, 'src/cli/run-checks.ts'));
  expect([...packages].sort()).toEqual(['leven']);
  // src/http's bounded readers (fs alone) are no part of the client.
  const heavy = /^src\/(reference|harness|generate|check|stateful|http(?!\/bounded-)|cleanup)\/|^suites\//;
  expect([...files].filter((f) => heavy.test(f))).toEqual([]);
  expect(files).toContain(join('spec', 'index.ts'));
});

test('cloudconf run --only vpc: one line with the suggestion, exit 2, and no run started', {
  timeout: 120_000,
}, async () => {
  const reportDir = join(dir, 'never');
  const r = await runCli(['run', '--only', 'vpc', '--report-dir', reportDir], { env: noToken });
  expect(r.code, r.stderr).toBe(2);
  expect(r.stderr.trim().split('\n')).toEqual([
    'cloudconf: --only vpc matches no requirement (--only takes a requirement id or an id prefix, such as vpcs or vpcs/create). Did you mean vpcs?',
  ]);
  expect(r.stdout).toBe('');
  expect(existsSync(reportDir)).toBe(false);
});

test('a base URL without a scheme says so, without echoing user-info', { timeout: 120_000 }, async () => {
  for (const url of ['127.0.0.1:8080/v4', 'localhost:8080/v4', 'alice:PASSWORD-1@127.0.0.1:8080/v4']) {
    const r = await runCli(['run', '--base-url', url, '--token', 't'], { env: noToken });
    expect(r.code, r.stderr).toBe(2);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('has no scheme: write it as http://HOST:PORT/v4 (or https://)');
    expect(lines[0]).not.toContain('PASSWORD');
  }
});
