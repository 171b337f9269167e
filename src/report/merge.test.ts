// Unit tests of merging shard results: the union of requirements, recounted, with warnings when the inputs are not one run.

import { expect, test } from 'vitest';
import { mergeResults } from './merge.js';
import { requirement, results } from './test-support/sample-results.js';

const shard = (index: number, total: number, files: string[]) => ({ shard: { index, total, files } });

test('the union of the shards, counted again, in one file', () => {
  const a = results([requirement('vpcs/list/auth/token-required', 'pass'), requirement('vpcs/create/x', 'fail')], {
    ...shard(1, 2, ['suites/part1/vpcs.test.ts']),
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 5000,
  });
  const b = results([requirement('tags/list/y', 'skipped')], {
    ...shard(2, 2, ['suites/part1/tags.test.ts']),
    startedAt: '2026-01-01T00:00:02.000Z',
    durationMs: 10_000,
  });
  const { results: merged, warnings } = mergeResults([
    { source: 'shard-1', results: a },
    { source: 'shard-2', results: b },
  ]);
  expect(warnings).toEqual([]);
  expect(merged.requirements.map((r) => r.id).sort()).toEqual([
    'tags/list/y',
    'vpcs/create/x',
    'vpcs/list/auth/token-required',
  ]);
  expect(merged.summary).toMatchObject({ pass: 1, fail: 1, skipped: 1, requests: 3 });
  expect(merged.durationMs).toBe(12_000);
  expect(merged.shard).toBeUndefined();
  expect(merged.mergedFrom).toEqual(['shard-1', 'shard-2']);
});

test('says when a shard is missing, seeds differ or a suite file ran twice', () => {
  const a = results([requirement('a/x', 'pass')], shard(1, 3, ['f1']));
  const b = results([requirement('b/y', 'pass')], { ...shard(2, 3, ['f1']), seed: 8 });
  const { warnings } = mergeResults([
    { source: 'one', results: a },
    { source: 'two', results: b },
  ]);
  expect(warnings).toEqual([
    'the inputs differ in seed: 7, 8',
    'shard 3/3 is missing: its requirements are not in the merge',
    'f1 ran in two inputs (one and two)',
  ]);
});

test('a requirement judged twice keeps the worse verdict, with a warning', () => {
  const { results: merged, warnings } = mergeResults([
    { source: 'one', results: results([requirement('a/x', 'pass')]) },
    { source: 'two', results: results([requirement('a/x', 'fail')]) },
  ]);
  expect(merged.requirements.map((r) => r.verdict)).toEqual(['fail']);
  expect(warnings).toEqual(['a/x is pass in one input and fail in two: kept the worse']);
});
