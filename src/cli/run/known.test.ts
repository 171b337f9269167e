// Unit tests of the baseline and known-failures phase alone: what got worse, strict hygiene, the known-failures file written, and an error there kept as a reason.

import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { baselineFromKnownFailures, parseKnownFailures } from '../../report/baseline.js';
import { PhaseErrors } from '../../report/complete.js';
import { exitCodeOf } from '../../report/results.js';
import { requirement, results } from '../../report/test-support/sample-results.js';
import { scratchDirectory } from '../../test-support/scratch.js';
import { judgeAgainstKnown } from './known.js';

const work = scratchDirectory('known');

const run = () => results([requirement('vpcs/create/a', 'fail'), requirement('vpcs/create/b', 'fail')]);
const known = (text: string) => baselineFromKnownFailures(parseKnownFailures(text), 'known.txt');

test('without a known state, the results get no baseline and nothing is written', async () => {
  const phases = new PhaseErrors();
  const r = run();
  await judgeAgainstKnown(phases, r, undefined, {});
  expect(r.baseline).toBeUndefined();
  expect(phases.reasons).toEqual([]);
});

test('a known failure passes and a new one fails the run', async () => {
  const r = run();
  await judgeAgainstKnown(new PhaseErrors(), r, known('vpcs/create/a trimmed labels\n'), {});
  expect(r.baseline?.known).toEqual(['vpcs/create/a']);
  expect(r.baseline?.newFailures).toEqual(['vpcs/create/b']);
  expect(exitCodeOf(r)).toBe(1);
});

test('--strict-known-failures makes an entry naming nothing fail the run; without it the entry is only said', async () => {
  const entries = 'vpcs/create/a x\nvpcs/create/b y\nvpcs/nothing/here z\n';
  const lenient = run();
  await judgeAgainstKnown(new PhaseErrors(), lenient, known(entries), {});
  expect(lenient.baseline?.hygiene?.unknown.map((u) => u.id)).toEqual(['vpcs/nothing/here']);
  expect(lenient.baseline?.hygiene?.strict).toBeUndefined();
  expect(exitCodeOf(lenient)).toBe(0);
  const strict = run();
  await judgeAgainstKnown(new PhaseErrors(), strict, known(entries), { strictKnownFailures: true });
  expect(strict.baseline?.hygiene?.strict).toBe(true);
  expect(exitCodeOf(strict)).toBe(1);
});

test('--write-known-failures writes what the run found broken; a file it cannot write is a reason, not a throw', async () => {
  const dir = mkdtempSync(join(work, 'known-phase-'));
  const path = join(dir, 'known.txt');
  await judgeAgainstKnown(new PhaseErrors(), run(), undefined, { writeKnownFailures: path });
  expect([...parseKnownFailures(readFileSync(path, 'utf8')).keys()]).toEqual(['vpcs/create/a', 'vpcs/create/b']);

  const phases = new PhaseErrors();
  await judgeAgainstKnown(phases, run(), undefined, { writeKnownFailures: join(dir, 'no', 'such', 'dir.txt') });
  expect(phases.reasons).toEqual([expect.stringMatching(/^writing the known-failures file: ENOENT/)]);
});
