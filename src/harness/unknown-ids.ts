// Ids that name nothing on the target, chosen from an id it handed out rather than from a range of ours: the documents show no id range (DECISIONS 20).

/** How far past twice a known id the unknown ones start: more than a run's creations can reach from it. */
export const UNKNOWN_ID_MARGIN = 1_000_000_000;

/** Where the unknown ids start when no id of the kind is known: past any 32-bit id. */
const WITHOUT_KNOWN = 2 ** 31;

/**
 * An id no entity holds: past twice `known` (an id the target handed out for this kind) by the margin,
 * plus `offset` (below the margin), and within the integers JSON numbers hold exactly. A target
 * counting ids up from any start does not reach it during a run; one drawing them at random hits
 * it with a chance that is nil in practice.
 */
export function unknownIdFrom(known: unknown, offset = 0): number {
  const n = typeof known === 'number' ? known : Number(known);
  const base = Number.isSafeInteger(n) && n > 0 ? n : WITHOUT_KNOWN;
  return Math.min(2 * base + UNKNOWN_ID_MARGIN, Number.MAX_SAFE_INTEGER - UNKNOWN_ID_MARGIN) + offset;
}
