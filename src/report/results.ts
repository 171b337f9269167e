// Builds results.json, the source every other report is rendered from: a verdict per selected requirement, with failures as data.

import { exclusions, operationOf } from '../../spec/index.js';
import { offersRequirement, type Profile } from '../../spec/profile.js';
import type { Level, Part, Requirement } from '../../spec/types.js';
import type { RunCleanup } from '../cleanup/delete.js';
import type { Exchange } from '../vocabulary/exchange.js';
import {
  COUNT_KEY,
  type Failure,
  type LostRequest,
  type Outcome,
  VERDICTS,
  type Verdict,
  type VerdictCounts,
} from '../vocabulary/outcome.js';
import type { Provenance } from './provenance.js';

/** The version of src/report/results.schema.json that results.json follows (its `schemaVersion` const): raised with the schema. */
export const RESULTS_SCHEMA_VERSION = 3;

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
  /** When its test started, in ms since the epoch: with durationMs, the span JUnit and Allure time by. */
  startedAtMs?: number;
  /** The suite worker that ran its test (tests of one worker share a thread). */
  worker?: string;
  /** Why the requirement is flaky on this target (answers that came only on a retry); its verdict stands. */
  flaky?: string;
  /** The operation the target does not offer that made it not-implemented (or failed its profile). */
  needs?: string;
}

/** An operation the target showed it does not offer, with the first answer that showed it. */
export interface NotImplemented {
  operation: string;
  method: string;
  path: string;
  status: number;
  evidence: Exchange;
  /** For an operation with path parameters that answered 404: the collection above it the target does not offer. */
  under?: string;
}

/** When the target stopped answering: its first lost request after the last answer of the run, and how many requirements that left unjudged. */
export interface Stopped extends LostRequest {
  requirements: number;
}

/** What the run learnt of what the target offers: its declared profile, the operations it served, those it does not offer. */
export interface OfferSection {
  profile?: Profile;
  /** Where the profile came from (a file, the configuration file, `serve --offer`). */
  profileSource?: string;
  /** Operations some answer showed served. */
  served: string[];
  /** Operations every answer showed not offered, each with the first answer that showed it. */
  notImplemented: NotImplemented[];
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
  summary: VerdictCounts & {
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
  /** What the target showed it offers and does not, and its declared profile (set by `run`). */
  offer?: OfferSection;
  /** Set when the target stopped answering for good: its first lost request after the run's last answer. */
  stopped?: Stopped;
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
  /** Where a known failure is tracked, and when its entry expires, where the file says so. */
  links?: Record<string, string>;
  expires?: Record<string, string>;
  /** What the known-failures file says that is no longer true; `--strict-known-failures` fails the run on it. */
  hygiene?: KnownFailuresHygiene;
}

/** Entries of a known-failures file that name no requirement, pass now, or expired. */
export interface KnownFailuresHygiene {
  unknown: { id: string; suggestion?: string }[];
  stale: string[];
  expired: string[];
  /** Set by `--strict-known-failures`: any of the above fails the run. */
  strict?: boolean;
}

export interface RunFacts {
  version: string;
  baseUrl: string;
  reference: boolean;
  seed: number;
  startedAt: Date;
  strict: boolean;
  requests: number;
  /** The declared profile: requirements it leaves out are `not-offered` (they were not run). */
  profile?: Profile;
}

/** Why a requirement is not-offered: the operation or area the profile leaves out. */
function notOfferedReason(r: Requirement): string {
  const op = operationOf(r);
  return op
    ? `the declared profile does not offer ${op.method} ${op.path} (${op.id})`
    : `the declared profile offers no operation of ${r.area}`;
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
    if (facts.profile && !offersRequirement(facts.profile, r))
      return { ...base, verdict: 'not-offered', reason: notOfferedReason(r) };
    const o = outcomes.get(r.id);
    if (!o) return { ...base, verdict: 'skipped', reason: 'not run' };
    return {
      ...base,
      verdict: o.verdict,
      failures: o.failures,
      requests: o.requests,
      ...(o.durationMs === undefined ? {} : { durationMs: Math.round(o.durationMs) }),
      ...(o.startedAtMs === undefined ? {} : { startedAtMs: o.startedAtMs }),
      ...(o.worker === undefined ? {} : { worker: o.worker }),
      ...(o.reason ? { reason: o.reason } : {}),
      ...(o.flaky ? { flaky: o.flaky } : {}),
      ...(o.needs ? { needs: o.needs } : {}),
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
  const counts = Object.fromEntries(VERDICTS.map((v) => [COUNT_KEY[v], 0])) as VerdictCounts;
  for (const r of rows) counts[COUNT_KEY[r.verdict]] += 1;
  return { ...counts, requests };
}

/** Exit code of DESIGN section 4: 1 when a requirement failed (or a SHOULD under --strict), 2 when the suite could not judge. */
export function exitCodeOf(results: Results): 0 | 1 | 2 {
  // A run that did not complete is no verdict on the target, whatever it judged before it stopped.
  if (results.incomplete) return 2;
  // Against a baseline only what got worse counts: known failures and known errors do not fail the run again.
  if (results.baseline) {
    if (results.baseline.newFailures.length > 0) return 1;
    const h = results.baseline.hygiene;
    if (h?.strict && (h.unknown.length || h.stale.length || h.expired.length)) return 1;
    return results.baseline.newErrors.length > 0 ? 2 : 0;
  }
  const { fail, nonStrict, error } = results.summary;
  if (fail > 0 || (results.strict && nonStrict > 0)) return 1;
  return error > 0 ? 2 : 0;
}
