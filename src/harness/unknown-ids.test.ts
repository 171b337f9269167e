// Self-tests of ids that name nothing: past what a target counting up from the id it handed out reaches, wherever its ids start.

import { expect, test } from 'vitest';
import { UNKNOWN_ID_MARGIN, unknownIdFrom } from './unknown-ids.js';

test('an unknown id lies past twice the known one, whatever range the target hands ids out from', () => {
  for (const known of [1001, 2_147_483_000, 2 ** 40 + 13, '58213']) {
    const unknown = unknownIdFrom(known);
    expect(unknown).toBeGreaterThan(2 * Number(known) + UNKNOWN_ID_MARGIN - 1);
    expect(Number.isSafeInteger(unknown)).toBe(true);
    expect(unknownIdFrom(known, 5)).toBe(unknown + 5);
  }
  // An id near the top of JSON's exact integers still gives an exact one; none known gives one past 32 bits.
  expect(Number.isSafeInteger(unknownIdFrom(Number.MAX_SAFE_INTEGER - 7, UNKNOWN_ID_MARGIN - 1))).toBe(true);
  expect(unknownIdFrom(undefined)).toBeGreaterThan(2 ** 31);
});
