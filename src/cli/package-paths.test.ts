// Self-test: the CLI finds its own files from wherever it is started, not from the working directory.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { runCli } from './child.js';

const elsewhere = mkdtempSync(join(tmpdir(), 'cloudconf-cwd-'));
afterAll(() => rmSync(elsewhere, { recursive: true, force: true }));

test('catalogue --check passes when started outside the package', async () => {
  const r = await runCli(['catalogue', '--check'], { cwd: elsewhere });
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
}, 120_000);

test('run finds its suites when started outside the package', async () => {
  const r = await runCli(
    ['run', '--seed', '1', '--only', 'tags/list', '--quiet', '--report-dir', join(elsewhere, 'out')],
    {
      cwd: elsewhere,
    },
  );
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
  // Suites not found would judge nothing, so the requirements must have been judged, not only the exit code.
  const results = JSON.parse(readFileSync(join(elsewhere, 'out', 'results.json'), 'utf8'));
  expect(results.summary).toMatchObject({ fail: 0, error: 0, skipped: 0 });
  expect(results.summary.pass).toBeGreaterThan(0);
}, 300_000);
