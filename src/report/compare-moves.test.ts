// The ranking of verdict transitions in `report --compare`: not being judged is neither better nor worse.

import { expect, test } from 'vitest';
import { moveOf, renderCompare } from './compare.js';
import { requirement, results } from './test-support/sample-results.js';

test.each([
  ['pass', 'skipped', 'unjudged'],
  ['fail', 'excluded', 'unjudged'],
  ['skipped', 'pass', 'judged'],
  ['skipped', 'fail', 'worse'],
  ['pass', 'fail', 'worse'],
  ['fail', 'pass', 'better'],
  ['non-strict', 'fail', 'worse'],
  ['error', 'pass', 'better'],
  ['skipped', 'excluded', null],
  ['pass', 'pass', null],
] as const)('%s → %s is %s', (before, after, move) => {
  expect(moveOf(before, after)).toBe(move);
});

test('the comparison page carries the computed move of every cell', () => {
  const page = renderCompare([
    { label: 'a', results: results([requirement('vpcs/x', 'pass'), requirement('vpcs/y', 'skipped')]) },
    { label: 'b', results: results([requirement('vpcs/x', 'skipped'), requirement('vpcs/y', 'pass')]) },
  ]);
  expect(page).toContain('"verdicts":["pass","skipped"],"moves":[null,"unjudged"]');
  expect(page).toContain('"verdicts":["skipped","pass"],"moves":[null,"judged"]');
});
