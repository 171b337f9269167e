// A run whose suites or cleanup throw still writes all four reports, marked incomplete, and exits 2; a run killed with SIGKILL leaves no earlier report looking current.

import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import { IN_PROGRESS_MARKER, REPORT_FILES } from '../report/complete.js';
import { exitCodeOf, type Results } from '../report/results.js';
import { scratchDirectory } from '../test-support/scratch.js';
import { startCli } from './child.js';
import { runSuite } from './run.js';

const broken = vi.hoisted(() => ({ suites: false, cleanup: false }));

vi.mock('vitest/node', async (original) => {
  const real = await original<typeof import('vitest/node')>();
  return {
    ...real,
    startVitest: (...args: Parameters<typeof real.startVitest>) =>
      broken.suites ? Promise.reject(new Error('the suites exploded')) : real.startVitest(...args),
  };
});

vi.mock('./run-guard.js', async (original) => {
  const real = await original<typeof import('./run-guard.js')>();
  return {
    ...real,
    guardRun: async (...args: Parameters<typeof real.guardRun>) => {
      const guard = await real.guardRun(...args);
      return {
        ...guard,
        finish: async (...a: Parameters<typeof guard.finish>) => {
          const done = await guard.finish(...a);
          // What a label ending in a lone surrogate did to the cleanup's encodeURIComponent.
          if (broken.cleanup) throw new URIError('URI malformed');
          return done;
        },
      };
    },
  };
});

afterEach(() => {
  broken.suites = false;
  broken.cleanup = false;
});

const work = scratchDirectory('run-complete');
const ONLY = 'vpcs/create/label-length';

async function runInto(dir: string) {
  const results = (await runSuite(
    { only: ONLY, seed: '1', runs: '1', allure: false, quiet: true, reportDir: dir },
    () => {},
  )) as Results;
  return { results, written: JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as Results };
}

for (const phase of ['suites', 'cleanup'] as const) {
  test(`a run whose ${phase} throw writes all four reports marked incomplete, and exits 2`, async () => {
    const dir = mkdtempSync(join(work, `phase-${phase}-`));
    broken[phase] = true;
    const { results, written } = await runInto(dir);
    for (const file of REPORT_FILES) expect(existsSync(join(dir, file)), file).toBe(true);
    expect(existsSync(join(dir, IN_PROGRESS_MARKER))).toBe(false);
    expect(written.incomplete?.reasons.join(' ')).toContain(
      phase === 'suites' ? 'the suites exploded' : 'URI malformed',
    );
    expect(exitCodeOf(results)).toBe(2);
    expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toContain('## Incomplete run');
    if (phase === 'suites') {
      expect(written.requirements.length).toBeGreaterThan(0);
      expect(written.requirements.every((r) => r.verdict === 'error' || r.verdict === 'excluded')).toBe(true);
    } else expect(written.summary.pass).toBeGreaterThan(0);
  }, 120_000);
}

test('a run killed with SIGKILL leaves no earlier report looking current', async () => {
  const dir = mkdtempSync(join(work, 'killed-'));
  await runInto(dir);
  expect(existsSync(join(dir, 'index.html'))).toBe(true);
  // A killed run cannot remove its own temporary directories: they go under this file's scratch directory.
  const child = startCli(['run', '--only', 'vpcs', '--report-dir', dir, '--quiet'], {
    boundMs: 60_000,
    env: { TMPDIR: work },
  });
  // The marker is written first and the summary.md that explains it next: killed once both are there.
  const deadline = Date.now() + 50_000;
  const marked = () => {
    try {
      return (
        existsSync(join(dir, IN_PROGRESS_MARKER)) &&
        readFileSync(join(dir, 'summary.md'), 'utf8').includes('in progress')
      );
    } catch {
      return false; // the earlier run's summary.md removed, this run's not yet written
    }
  };
  while (!marked() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  child.child.kill('SIGKILL');
  const end = await child.done;
  expect(end.signal).toBe('SIGKILL');
  for (const file of ['results.json', 'junit.xml', 'index.html']) expect(existsSync(join(dir, file)), file).toBe(false);
  expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toContain('was killed before it wrote its reports');
  expect(existsSync(join(dir, IN_PROGRESS_MARKER))).toBe(true);
}, 120_000);
