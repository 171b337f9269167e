// The generated values a property procedure sends beyond its fixed boundary cases: `--runs` of them, reproducible from the requirement's seed.

import fc from 'fast-check';
import type { Kit } from '../kit.js';

/** Extra generated cases a property gets beyond its fixed boundary cases. */
export const extraRuns = (kit: Kit) => Math.max(0, kit.session.config.runs - 1);

/** The extra values of an arbitrary for this requirement, reproducible from its seed. */
export const extraSamples = <T>(kit: Kit, arb: fc.Arbitrary<T>): T[] => {
  const n = extraRuns(kit);
  return n > 0 ? fc.sample(arb, { seed: kit.seed, numRuns: n }) : [];
};
