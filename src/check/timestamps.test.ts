// Self-tests of reading a date-time as an instant: without an offset it is UTC (DECISIONS 5), with one it is shifted, a fraction of any precision is kept to the millisecond.

import { expect, test } from 'vitest';
import { instantOf } from './timestamps.js';

test('a date-time names one instant whatever its offset or precision; anything else names none', () => {
  const at = Date.UTC(2026, 0, 2, 3, 4, 5);
  for (const written of [
    '2026-01-02T03:04:05',
    '2026-01-02T03:04:05Z',
    '2026-01-02T03:04:05.000000+00:00',
    '2026-01-02T05:04:05+02:00',
    '2026-01-02T05:04:05+0200',
    '2026-01-02T05:04:05+02',
    '2026-01-01T22:04:05-05:00',
  ])
    expect(instantOf(written), written).toBe(at);
  expect(instantOf('2026-01-02T03:04:05,5Z')).toBe(at + 500);
  expect(instantOf('2026-01-02T03:04:05.123456')).toBe(at + 123);
  for (const other of ['2026-02-30T00:00:00', 'yesterday', '', 5, null]) expect(instantOf(other)).toBeUndefined();
});
