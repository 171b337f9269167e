// Self-tests of how many generated values a property sends: one per extra run, or one per eight runs for values that all take one path through a target.

import fc from 'fast-check';
import { expect, test } from 'vitest';
import type { Kit } from '../kit.js';
import { extraSamples, RUNS_PER_ALIKE_SAMPLE } from './generated.js';

const kitWithRuns = (runs: number) => ({ seed: 7, session: { config: { runs } } }) as unknown as Kit;
const ids = fc.integer({ min: 2_000_000_000, max: 2_147_482_999 });

test('a property gets one generated value per extra run, reproducible from its seed', () => {
  expect(extraSamples(kitWithRuns(24), ids)).toHaveLength(23);
  expect(extraSamples(kitWithRuns(24), ids)).toEqual(extraSamples(kitWithRuns(24), ids));
  expect(extraSamples(kitWithRuns(1), ids)).toEqual([]);
});

test('values that take one path get one per eight extra runs, and none at --runs 1', () => {
  expect(extraSamples(kitWithRuns(24), ids, RUNS_PER_ALIKE_SAMPLE)).toHaveLength(3);
  expect(extraSamples(kitWithRuns(2), ids, RUNS_PER_ALIKE_SAMPLE)).toHaveLength(1);
  expect(extraSamples(kitWithRuns(1), ids, RUNS_PER_ALIKE_SAMPLE)).toEqual([]);
});
