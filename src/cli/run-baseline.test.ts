// Runs against the reference server with --baseline and --known-failures: an unchanged target passes, a new fault fails, a fixed one is listed as improved.

import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, expect, test } from 'vitest';
import { exitCodeOf, type Results } from '../report/results.js';
import { scratchDirectory } from '../test-support/scratch.js';
import { type RunOptions, runSuite } from './run.js';

/** A fault the vpcs/create requirements catch: a VPC is created without the subnets of its body. */
const FAULT = 'vpc-subnets-dropped';
const dir = scratchDirectory('baseline');
const base = { only: 'vpcs/create', seed: '1', runs: '1', allure: false } as const;

async function run(name: string, options: Partial<RunOptions>) {
  const lines: string[] = [];
  const results = (await runSuite({ ...base, reportDir: join(dir, name), ...options }, (l) =>
    lines.push(l),
  )) as Results;
  return { results, out: lines.join('\n'), summary: readFileSync(join(dir, name, 'summary.md'), 'utf8') };
}

let clean: Results;
beforeAll(async () => {
  ({ results: clean } = await run('clean', { quiet: true }));
  expect(clean.summary.fail).toBe(0);
}, 120_000);

test('an unchanged target passes against its own baseline, and says nothing got worse', async () => {
  const { results, summary } = await run('again', { baseline: join(dir, 'clean', 'results.json'), quiet: true });
  expect(results.baseline?.newFailures).toEqual([]);
  expect(exitCodeOf(results)).toBe(0);
  expect(summary).toContain('nothing got worse');
}, 120_000);

test('a new fault fails the run on exactly the requirements that got worse, in summary.md and the terminal', async () => {
  const { results, out, summary } = await run('faulty', {
    faults: [FAULT],
    baseline: join(dir, 'clean', 'results.json'),
  });
  const failed = results.requirements.filter((r) => r.verdict === 'fail').map((r) => r.id);
  expect(failed).toContain('vpcs/create/subnets-created');
  expect(results.baseline?.newFailures.sort()).toEqual(failed.sort());
  expect(exitCodeOf(results)).toBe(1);
  expect(summary).toContain(`**New failures** (${failed.length}):`);
  expect(out).toContain('NEW vpcs/create/subnets-created');
}, 120_000);

test('known failures listed in a file pass the run; fixing the fault lists them as improved', async () => {
  const faulty = JSON.parse(readFileSync(join(dir, 'faulty', 'results.json'), 'utf8')) as Results;
  const failing = faulty.requirements.filter((r) => r.verdict === 'fail').map((r) => r.id);
  const known = join(dir, 'known-failures.txt');
  writeFileSync(
    known,
    `# ${FAULT} is switched on\n${failing.map((id) => `${id} subnets are dropped (TICKET-1)`).join('\n')}\n`,
  );
  const { results: stillFaulty } = await run('known', { faults: [FAULT], knownFailures: known, quiet: true });
  expect(stillFaulty.baseline?.known.sort()).toEqual([...failing].sort());
  expect(exitCodeOf(stillFaulty)).toBe(0);

  const { results: fixed, out } = await run('fixed', { knownFailures: known });
  expect(fixed.baseline?.improved.sort()).toEqual([...failing].sort());
  expect(exitCodeOf(fixed)).toBe(0);
  expect(out).toContain('IMPROVED vpcs/create/subnets-created');
}, 240_000);
