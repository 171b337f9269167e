// Unites the results of several shards (or runs) into one results.json: the union of the requirements each covers, with the counts recomputed.

import { requirements as registry } from '../../spec/index.js';
import type { Verdict } from '../vocabulary/outcome.js';
import { type RequirementResult, type Results, summarize } from './results.js';

export interface MergeInput {
  /** Where the results came from (a report directory), named in warnings and in `mergedFrom`. */
  source: string;
  results: Results;
}

/** When two inputs judged the same requirement differently, the worse verdict stands. */
const SEVERITY: Record<Verdict, number> = {
  fail: 7,
  error: 6,
  'non-strict': 5,
  'not-implemented': 4,
  pass: 3,
  skipped: 2,
  'not-offered': 1,
  excluded: 0,
};

const order = new Map(registry.map((r, i) => [r.id, i]));
const rank = (id: string) => order.get(id) ?? Number.MAX_SAFE_INTEGER;

/** The shards (`i/n`) of the split the inputs come from that no input holds. */
export function missingShards(inputs: readonly MergeInput[]): string[] {
  const shards = inputs.flatMap((i) => (i.results.shard ? [i.results.shard] : []));
  const totals = new Set(shards.map((s) => s.total));
  if (shards.length === 0 || totals.size !== 1) return [];
  const total = shards[0]?.total as number;
  const missing: string[] = [];
  for (let i = 1; i <= total; i++) if (!shards.some((s) => s.index === i)) missing.push(`${i}/${total}`);
  return missing;
}

/** Warnings about inputs that do not make one run: different seeds, targets or settings, missing or overlapping shards. */
function consistencyWarnings(inputs: readonly MergeInput[]): string[] {
  const warnings: string[] = [];
  const differ = (what: string, key: (r: Results) => unknown) => {
    const values = new Set(inputs.map((i) => JSON.stringify(key(i.results))));
    if (values.size > 1) warnings.push(`the inputs differ in ${what}: ${[...values].join(', ')}`);
  };
  differ('seed', (r) => r.seed);
  differ('target', (r) => r.target.baseUrl);
  differ('--strict', (r) => r.strict);
  const shards = inputs.flatMap((i) => (i.results.shard ? [{ ...i.results.shard, source: i.source }] : []));
  const totals = new Set(shards.map((s) => s.total));
  if (totals.size > 1) warnings.push(`the inputs are shards of different splits: ${[...totals].join(', ')} shards`);
  for (const missing of missingShards(inputs))
    warnings.push(`shard ${missing} is missing: its requirements are not in the merge`);
  const owner = new Map<string, string>();
  for (const s of shards)
    for (const file of s.files) {
      const first = owner.get(file);
      if (first) warnings.push(`${file} ran in two inputs (${first} and ${s.source})`);
      else owner.set(file, s.source);
    }
  return warnings;
}

/** The union of the inputs' requirements; a requirement judged twice keeps its worse verdict. */
function unionOfRequirements(inputs: readonly MergeInput[], warnings: string[]): RequirementResult[] {
  const byId = new Map<string, RequirementResult>();
  for (const input of inputs)
    for (const r of input.results.requirements) {
      const seen = byId.get(r.id);
      if (seen && seen.verdict !== r.verdict)
        warnings.push(`${r.id} is ${seen.verdict} in one input and ${r.verdict} in ${input.source}: kept the worse`);
      if (!seen || SEVERITY[r.verdict] > SEVERITY[seen.verdict]) byId.set(r.id, r);
    }
  return [...byId.values()].sort((a, b) => rank(a.id) - rank(b.id));
}

export function mergeResults(inputs: readonly MergeInput[]): { results: Results; warnings: string[] } {
  const first = inputs[0]?.results;
  if (!first) throw new Error('nothing to merge');
  const warnings = consistencyWarnings(inputs);
  const rows = unionOfRequirements(inputs, warnings);
  const starts = inputs.map((i) => Date.parse(i.results.startedAt));
  const ends = inputs.map((i) => Date.parse(i.results.startedAt) + i.results.durationMs);
  const results: Results = {
    schemaVersion: first.schemaVersion,
    tool: first.tool,
    target: first.target,
    seed: first.seed,
    startedAt: new Date(Math.min(...starts)).toISOString(),
    // Shards run side by side: the merged run lasted from the first start to the last end.
    durationMs: Math.max(...ends) - Math.min(...starts),
    strict: first.strict,
    summary: summarize(
      rows,
      inputs.reduce((n, i) => n + i.results.summary.requests, 0),
    ),
    requirements: rows,
    mergedFrom: inputs.map((i) => i.source),
  };
  const missing = missingShards(inputs);
  if (missing.length) results.missingShards = missing;
  return { results, warnings };
}
