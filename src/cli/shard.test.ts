// Unit tests of the shard split: every suite file in exactly one shard, the same split every time, loads balanced.

import { expect, test } from 'vitest';
import { exclusions, requirements } from '../../spec/index.js';
import { parseShard, splitIntoShards, suiteFileOf } from './shard.js';

const excluded = new Set(exclusions.map((x) => x.requirement));
const judged = requirements.filter((r) => !excluded.has(r.id));

test('parses i/n and refuses what is not a shard', () => {
  expect(parseShard('2/4')).toEqual({ index: 2, total: 4 });
  for (const bad of ['0/2', '3/2', '1/0', 'a/b', '1', '1/2/3']) expect(typeof parseShard(bad)).toBe('string');
});

test('each suite file lands in exactly one shard, and the same one on every call', () => {
  const files = new Set(requirements.map(suiteFileOf));
  const split = splitIntoShards(requirements, judged, 4);
  expect(split.flat().sort()).toEqual([...files].sort());
  expect(splitIntoShards(requirements, judged, 4)).toEqual(split);
});

test('shards carry similar loads: none above the biggest file or twice the mean', () => {
  const split = splitIntoShards(requirements, judged, 3);
  const load = (files: string[]) => judged.filter((r) => files.includes(suiteFileOf(r))).length;
  const biggestFile = Math.max(...[...new Set(judged.map(suiteFileOf))].map((f) => load([f])));
  const mean = judged.length / 3;
  for (const files of split) expect(load(files)).toBeLessThanOrEqual(Math.max(biggestFile, 2 * mean));
});

test('more shards than suite files leaves some empty, none shared', () => {
  const vpcs = requirements.filter((r) => r.area === 'vpcs');
  const split = splitIntoShards(vpcs, vpcs, 3);
  expect(split.filter((f) => f.length > 0)).toEqual([['suites/part1/vpcs.test.ts']]);
});
