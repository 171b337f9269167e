// Self-test of where a run prints what: the summary a person reads on stdout (so `run > out.txt` holds it), progress and diagnostics on stderr, and in GitHub Actions an `::error` annotation per failing requirement.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { runCli, startServe } from './child.js';

const dir = mkdtempSync(join(tmpdir(), 'cloudconf-streams-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const quietCi = { GITHUB_ACTIONS: '', CI: '' };

test('the summary goes to stdout, progress to stderr', { timeout: 300_000 }, async () => {
  const r = await runCli(['run', '--only', 'tags/list', '--seed', '1', '--runs', '1', '--report-dir', join(dir, 'a')], {
    env: quietCi,
    boundMs: 280_000,
  });
  expect(r.code, r.stderr).toBe(0);
  expect(r.stdout).toMatch(/^cloudconf reference server \(in-process\)\s+seed 1/m);
  expect(r.stdout).toMatch(/^part 1\s+pass \d+\s+fail 0/m);
  expect(r.stdout).toContain(`report: ${join(dir, 'a', 'index.html')}`);
  expect(r.stdout).not.toContain('requirements judged');
  expect(r.stderr).toMatch(/\d+\/\d+ requirements judged/);
  expect(r.stdout + r.stderr).not.toContain('::error');
});

test('in GitHub Actions each failing requirement is an ::error line on stdout, or on stderr under --json', {
  timeout: 300_000,
}, async () => {
  const server = await startServe('streams-token', ['--fault', 'tag-create-not-stored']);
  try {
    const args = ['run', '--base-url', server.baseUrl, '--only', 'tags/create', '--seed', '1', '--runs', '1'];
    const env = { ...quietCi, GITHUB_ACTIONS: 'true', CLOUDCONF_TOKEN: 'streams-token' };
    const plain = await runCli([...args, '--report-dir', join(dir, 'b')], { env, boundMs: 280_000 });
    expect(plain.code, plain.stderr).toBe(1);
    const errors = plain.stdout.split('\n').filter((l) => l.startsWith('::error '));
    expect(errors.length, plain.stdout).toBeGreaterThan(0);
    // In a clone the annotation points at the suite file; the fault breaks tags/create/listed.
    for (const line of errors)
      expect(line).toMatch(
        /^::error file=suites\/part1\/tags\.test\.ts,title=tags\/create\/\S+ \[MUST\] fails::.+%0Areplay: npx cloudconf run /,
      );
    expect(errors.some((l) => l.includes('title=tags/create/listed [MUST] fails::'))).toBe(true);
    expect(plain.stdout).not.toContain('streams-token');
    const json = await runCli([...args, '--json', '--report-dir', join(dir, 'c')], { env, boundMs: 280_000 });
    expect(json.code, json.stderr).toBe(1);
    expect(JSON.parse(json.stdout).summary.fail).toBeGreaterThan(0);
    expect(json.stderr).toContain('title=tags/create/listed [MUST] fails::');
  } finally {
    await server.stop();
  }
});
