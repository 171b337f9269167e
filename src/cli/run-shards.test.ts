// Two shards of `--part 1`, merged with `report --merge`, give the same verdicts as one run of it (against a faulty server, so failures are compared too).

import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { Results } from '../report/results.js';
import { scratchDirectory } from '../test-support/scratch.js';
import { report } from './report.js';
import { runSuite } from './run.js';

const work = scratchDirectory('run-shards');

/** Faults seen in several areas of Part 1, so both shards have failures to merge. */
const FAULTS = ['no-token-accepted', 'vpc-subnets-dropped'];

test('two shards merged equal one run', async () => {
  const dir = mkdtempSync(join(work, 'shards-'));
  const base = { part: '1', seed: '1', runs: '1', allure: false, quiet: true, faults: FAULTS } as const;
  const log = () => {};
  const one = (await runSuite({ ...base, reportDir: join(dir, 'one') }, log)) as Results;
  const first = (await runSuite({ ...base, shard: '1/2', reportDir: join(dir, 'shard-1') }, log)) as Results;
  const second = (await runSuite({ ...base, shard: '2/2', reportDir: join(dir, 'shard-2') }, log)) as Results;

  // Each shard ran its own suite files, and none ran in both.
  expect(first.shard?.files.length).toBeGreaterThan(0);
  expect(second.shard?.files.length).toBeGreaterThan(0);
  expect(first.shard?.files.filter((f) => second.shard?.files.includes(f))).toEqual([]);
  expect(first.requirements.length + second.requirements.length).toBe(one.requirements.length);

  const code = await report(
    { merge: [join(dir, 'shard-1'), join(dir, 'shard-2')], out: join(dir, 'merged'), quiet: true },
    log,
  );
  const merged = JSON.parse(readFileSync(join(dir, 'merged', 'results.json'), 'utf8')) as Results;
  const verdicts = (r: Results) => Object.fromEntries(r.requirements.map((x) => [x.id, x.verdict]));
  expect(verdicts(merged)).toEqual(verdicts(one));
  expect(merged.summary).toEqual({ ...one.summary, requests: merged.summary.requests });
  expect(one.summary.fail).toBeGreaterThan(0);
  expect(code).toBe(1);
}, 600_000);
