// Splits a run's selection into n shards by suite file, deterministically, so shards can run on separate machines without running a fixture twice.

import type { Requirement } from '../../spec/types.js';

export interface ShardSpec {
  index: number;
  total: number;
}

/** Parses `i/n` (1 ≤ i ≤ n); a message saying what is wrong otherwise. */
export function parseShard(text: string): ShardSpec | string {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(m?.[1]);
  const total = Number(m?.[2]);
  if (!m || total < 1 || index < 1 || index > total)
    return `--shard takes i/n with 1 <= i <= n, e.g. 2/4 (got ${text})`;
  return { index, total };
}

/** The suite file that judges a requirement (DESIGN layout): conventions in one file, then one file per area. */
export function suiteFileOf(r: Pick<Requirement, 'area'> & { source: Pick<Requirement['source'], 'part'> }): string {
  return r.area === 'conventions' ? 'suites/conventions.test.ts' : `suites/part${r.source.part}/${r.area}.test.ts`;
}

/**
 * The suite files of each shard. Files go, largest first (by requirements to judge, then by name),
 * to the shard with the fewest requirements so far (the lowest index on a tie): every shard of the
 * same selection computes the same split, and no file runs in two shards.
 */
export function splitIntoShards(selected: readonly Requirement[], judged: readonly Requirement[], total: number) {
  const weight = new Map<string, number>();
  for (const r of selected) weight.set(suiteFileOf(r), weight.get(suiteFileOf(r)) ?? 0);
  for (const r of judged) weight.set(suiteFileOf(r), (weight.get(suiteFileOf(r)) ?? 0) + 1);
  const files = [...weight.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const shards = Array.from({ length: total }, () => ({ files: [] as string[], load: 0 }));
  for (const [file, load] of files) {
    const lightest = shards.reduce((best, s) => (s.load < best.load ? s : best));
    lightest.files.push(file);
    lightest.load += load;
  }
  return shards.map((s) => s.files.sort());
}
