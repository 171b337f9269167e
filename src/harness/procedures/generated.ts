// The generated values a property procedure sends beyond its fixed boundary cases: `--runs` of them, reproducible from the requirement's seed.

import fc from 'fast-check';
import type { Kit } from '../kit.js';

/** Extra generated cases a property gets beyond its fixed boundary cases. */
export const extraRuns = (kit: Kit) => Math.max(0, kit.session.config.runs - 1);

/**
 * Extra runs per sample for values that all take one path through a target: any 64-hex token is
 * as forged as another, and any id past the ones a target hands out is as unknown. One such value
 * per eight runs still varies them across runs and operations without 23 of each per operation
 * (they were 6,000 of a default run's requests).
 */
export const RUNS_PER_ALIKE_SAMPLE = 8;

/** The extra values of an arbitrary for this requirement, reproducible from its seed. */
export const extraSamples = <T>(kit: Kit, arb: fc.Arbitrary<T>, runsPerSample = 1): T[] => {
  const n = Math.ceil(extraRuns(kit) / runsPerSample);
  return n > 0 ? fc.sample(arb, { seed: kit.seed, numRuns: n }) : [];
};
