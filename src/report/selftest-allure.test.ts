// Self-test of `npm run test:allure`: cloudconf's own self-tests recorded by allure-vitest, one Allure result per test with its status, in a directory emptied first.

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const vitestBin = join(createRequire(import.meta.url).resolve('vitest/package.json'), '..', 'vitest.mjs');
const dir = mkdtempSync(join(tmpdir(), 'cloudconf-selftest-allure-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('the self-tests run under vitest.allure.config.ts write one result per test, and an earlier run leaves nothing', {
  timeout: 120_000,
}, () => {
  const results = join(dir, 'results');
  mkdirSync(results);
  writeFileSync(join(results, 'stale-result.json'), '{"name":"from an earlier run"}');
  execFileSync(
    process.execPath,
    [vitestBin, 'run', '--config', 'vitest.allure.config.ts', 'src/vocabulary/suggest.test.ts'],
    { cwd: root, env: { ...process.env, CLOUDCONF_SELFTEST_ALLURE_DIR: results }, stdio: 'pipe' },
  );
  const written = readdirSync(results).filter((name) => name.endsWith('-result.json'));
  expect(written).not.toContain('stale-result.json');
  const tests = written.map(
    (name) => JSON.parse(readFileSync(join(results, name), 'utf8')) as { name: string; status: string },
  );
  const expected = (readFileSync(join(root, 'src/vocabulary/suggest.test.ts'), 'utf8').match(/^test\(/gm) ?? []).length;
  expect(expected).toBeGreaterThan(0);
  expect(tests).toHaveLength(expected);
  expect(tests.every((t) => t.status === 'passed' && t.name.length > 0)).toBe(true);
});
