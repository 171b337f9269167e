// Builds results.json, the source every other report is rendered from: a verdict per selected requirement, with failures as data.

import { exclusions } from '../../spec/index.js';
import type { Level, Part, Requirement } from '../../spec/types.js';
import type { RunCleanup } from '../cleanup/delete.js';
import type { Failure, Outcome, Verdict } from '../vocabulary/outcome.js';
import type { Provenance } from './provenance.js';

/** The version of src/report/results.schema.json that results.json follows (its `schemaVersion` const): raised with the schema. */
export const RESULTS_SCHEMA_VERSION = 2;

export interface RequirementResult {
  id: string;
  part: Part;
  area: string;
  level: Level;
  text: string;
  verdict: Verdict;
  reason?: string;
  failures: Failure[];
  requests: number;
  /** How long its test took, in ms: where a slow run spends its time. */
  durationMs?: number;
}

export interface Results {
  schemaVersion: number;
  /** Set by `run`: this run's id (`--run-id`, or random); a CI step takes reports as this run's only when it matches. */
  runId?: string;
  /** `build` is a hash over the tool's own files (see provenance.ts); runs before schema 2 lack it. */
  tool: { name: 'cloudconf'; version: string; build?: string };
  target: { baseUrl: string; reference: boolean };
  seed: number;
  startedAt: string;
  durationMs: number;
  strict: boolean;
  summary: {
    pass: number;
    fail: number;
    nonStrict: number;
    skipped: number;
    error: number;
    excluded: number;
    requests: number;
    /** Attempts repeated after a 429, a 5xx or a lost connection (`run` sets it when there were any). */
    retries?: number;
  };
  requirements: RequirementResult[];
  /** Set by `run --shard i/n`: this file covers only the requirements listed, those of the shard's suite files. */
  shard?: ShardMark;
  /** Set by `report --merge`: the shards or runs this file unites. */
  mergedFrom?: string[];
  /** Set by `report --merge` when shards of the split are absent (`i/n`): their requirements are not in this file. */
  missingShards?: string[];
  /** Set by `--baseline` or `--known-failures`: what got worse and what improved; it then decides the exit code. */
  baseline?: BaselineComparison;
  /** Set by `run --base-url`: what the run deleted at the end, and what it could not. */
  cleanup?: RunCleanup;
  /** What the run covered and how it ran: selection, settings, encoding revision, end time, runtime (set by `run`). */
  provenance?: Provenance;
  /** Set when a phase of the run (suites, cleanup, rendering) failed: the reports are written all the same, and the run exits 2. */
  incomplete?: { reasons: string[] };
  /** Set by `audit` and `proxy`: the command that judges the same traffic again (no run replays it). */
  replay?: string;
  /** Set by `run` when the target asked it to wait (Retry-After): how long in all, the run's bound, and whether it was reached. */
  retryWait?: RetryWait;
}

export interface RetryWait {
  waitedMs: number;
  budgetMs: number;
  /** A wait the target asked for did not fit in the bound: that 429 was not retried (its requirement is `error`). */
  reached: boolean;
}

/** What the reports say of the run's waiting on Retry-After. */
export const retryWaitSentence = (w: RetryWait): string =>
  `the run waited ${(w.waitedMs / 1000).toFixed(1)} s in all on the target's Retry-After${
    w.reached
      ? ` and reached its bound of ${(w.budgetMs / 1000).toFixed(0)} s (--max-retry-wait): 429s past it were not retried, and their requirements are error`
      : ` (its bound is ${(w.budgetMs / 1000).toFixed(0)} s)`
  }`;

export interface ShardMark {
  index: number;
  total: number;
  /** The suite files (one per area) this shard ran; merge checks that the shards of a set do not overlap. */
  files: string[];
}

export interface BaselineComparison {
  /** Where the known state came from: a results.json, a known-failures file, or both. */
  sources: string[];
  /** Broken now (fail, or non-strict under --strict), not broken before: these fail the run. */
  newFailures: string[];
  /** Non-strict now, not broken before, in a run without --strict: listed, not failing. */
  newNonStrict: string[];
  /** Errors now that the baseline did not have: the suite could not judge them. */
  newErrors: string[];
  /** Broken before, pass now. */
  improved: string[];
  /** Broken before and still broken. */
  known: string[];
  /** Broken before, and not judged now (skipped, excluded, error, or not selected). */
  notJudged: string[];
  /** Reasons a known-failures file gave, for the known and improved ones it lists. */
  reasons?: Record<string, string>;
}

export interface RunFacts {
  version: string;
  baseUrl: string;
  reference: boolean;
  seed: number;
  startedAt: Date;
  strict: boolean;
  requests: number;
}

export function buildResults(
  selected: readonly Requirement[],
  outcomes: ReadonlyMap<string, Outcome>,
  facts: RunFacts,
): Results {
  const why = new Map(exclusions.map((x) => [x.requirement, x.reason]));
  const rows = selected.map((r): RequirementResult => {
    const base = {
      id: r.id,
      part: r.source.part,
      area: r.area ?? '',
      level: r.level,
      text: r.text,
      requests: 0,
      failures: [],
    };
    const excludedBecause = why.get(r.id);
    if (excludedBecause) return { ...base, verdict: 'excluded', reason: excludedBecause };
    const o = outcomes.get(r.id);
    if (!o) return { ...base, verdict: 'skipped', reason: 'not run' };
    return {
      ...base,
      verdict: o.verdict,
      failures: o.failures,
      requests: o.requests,
      ...(o.durationMs === undefined ? {} : { durationMs: Math.round(o.durationMs) }),
      ...(o.reason ? { reason: o.reason } : {}),
    };
  });
  return {
    schemaVersion: RESULTS_SCHEMA_VERSION,
    tool: { name: 'cloudconf', version: facts.version },
    target: { baseUrl: facts.baseUrl, reference: facts.reference },
    seed: facts.seed,
    startedAt: facts.startedAt.toISOString(),
    durationMs: Date.now() - facts.startedAt.getTime(),
    strict: facts.strict,
    summary: summarize(rows, facts.requests),
    requirements: rows,
  };
}

/** The verdict counts of some requirement results. */
export function summarize(rows: readonly RequirementResult[], requests: number): Results['summary'] {
  const count = (v: Verdict) => rows.filter((x) => x.verdict === v).length;
  return {
    pass: count('pass'),
    fail: count('fail'),
    nonStrict: count('non-strict'),
    skipped: count('skipped'),
    error: count('error'),
    excluded: count('excluded'),
    requests,
  };
}

/** Exit code of DESIGN section 4: 1 when a requirement failed (or a SHOULD under --strict), 2 when the suite could not judge. */
export function exitCodeOf(results: Results): 0 | 1 | 2 {
  // A run that did not complete is no verdict on the target, whatever it judged before it stopped.
  if (results.incomplete) return 2;
  // Against a baseline only what got worse counts: known failures and known errors do not fail the run again.
  if (results.baseline) {
    if (results.baseline.newFailures.length > 0) return 1;
    return results.baseline.newErrors.length > 0 ? 2 : 0;
  }
  const { fail, nonStrict, error } = results.summary;
  if (fail > 0 || (results.strict && nonStrict > 0)) return 1;
  return error > 0 ? 2 : 0;
}
