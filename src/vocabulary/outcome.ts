// The verdict of one requirement and the failures behind it, as a test records it for the reporters.

import type { Level } from '../../spec/types.js';
import type { Exchange } from './exchange.js';

/**
 * Every verdict, in the order reports list them. `not-implemented` and `not-offered` are for partial
 * implementations (DESIGN section 3): the target showed it does not offer an operation the requirement
 * needs, or its declared profile leaves it out.
 */
export const VERDICTS = [
  'pass',
  'fail',
  'non-strict',
  'error',
  'skipped',
  'not-implemented',
  'not-offered',
  'excluded',
] as const;

export type Verdict = (typeof VERDICTS)[number];

/** The key of each verdict's count in results.json's `summary`. */
export const COUNT_KEY = {
  pass: 'pass',
  fail: 'fail',
  'non-strict': 'nonStrict',
  error: 'error',
  skipped: 'skipped',
  'not-implemented': 'notImplemented',
  'not-offered': 'notOffered',
  excluded: 'excluded',
} as const satisfies Record<Verdict, string>;

export type VerdictCounts = Record<(typeof COUNT_KEY)[Verdict], number>;

/** A verdict on the target that a report lists as a problem: a MUST or a SHOULD broken, or nothing judgeable. */
export const isBroken = (v: Verdict): boolean => v === 'fail' || v === 'non-strict' || v === 'error';

/** A verdict that judged the requirement on the target (the others say why it was not judged). */
export const isJudged = (v: Verdict): boolean => v === 'pass' || v === 'fail' || v === 'non-strict' || v === 'error';

/** Zero of every verdict, as `Record<Verdict, number>`. */
export const noVerdicts = (): Record<Verdict, number> =>
  Object.fromEntries(VERDICTS.map((v) => [v, 0])) as Record<Verdict, number>;

export interface Failure {
  check: string;
  expected: string;
  actual: string;
  hint: string;
  /** The exchanges that show it, secrets redacted; reports render each with a curl line. */
  exchanges: Exchange[];
  /** The case that failed (e.g. which rule a negative body breaks). */
  case?: string;
}

/**
 * Operations a test saw served, and those whose every answer in it said "not offered", with the first
 * such answer: `unserved` the test needed, `aside` it did without (a convention judged through others).
 */
export interface OfferEvidence {
  served: string[];
  unserved: { operation: string; exchange: Exchange }[];
  aside?: { operation: string; exchange: Exchange }[];
  /** Operations with path parameters that answered 404 and never served: not offered if a collection above them is not. */
  notFound?: { operation: string; exchange: Exchange }[];
}

/** A request that got no answer, placed in the run. */
export interface LostRequest {
  at: string;
  /** The run's request count when it went out (about: other clients send meanwhile). */
  request: number;
  method: string;
  url: string;
  code: string;
}

export interface Outcome {
  requirement: string;
  verdict: Verdict;
  failures: Failure[];
  /** Why a requirement was skipped or errored. */
  reason?: string;
  /** Requests this requirement's test sent. */
  requests: number;
  /** Attempts repeated after a 429, a 5xx or a lost connection. */
  retries?: number;
  /**
   * Set when the verdict rests on answers the target gave only on a second try (a 5xx or a lost
   * connection, then an answer): the requirement is flaky on this target, whatever its verdict.
   */
  flaky?: string;
  /** What the test's answers showed of the operations it sent to: served, or not offered (DESIGN section 3). */
  offer?: OfferEvidence;
  /** For a not-implemented requirement (or a profile's failure): the operation the target does not offer. */
  needs?: string;
  /** The first request of this test that got no answer: when, which, and how many the run had sent by then. */
  lost?: LostRequest;
  /** When the last answer this test got was sent for (ISO time): what the target still answered. */
  answeredUntil?: string;
  seed: number;
  /** How long the test took, in ms (set by the collector from vitest's timing). */
  durationMs?: number;
  /** When the test started, in ms since the epoch (set by the collector from vitest's timing). */
  startedAtMs?: number;
  /** The suite worker that ran the test (vitest's pool id): which tests shared a thread. */
  worker?: string;
  /** In a mutation run, the fault of the server judged ('' for the clean one). */
  fault?: string;
}

/**
 * The verdict that failures earn at a level: a MUST broken fails, a SHOULD broken is non-strict
 * (DESIGN section 3). A request without an answer makes it `error` whatever the checks said: what
 * a check saw of a missing answer is the network's doing, not the target's.
 */
export function verdictOf(level: Level, failures: Failure[], transportErrors: number): Verdict {
  if (transportErrors > 0) return 'error';
  if (failures.length === 0) return 'pass';
  return level === 'MUST' ? 'fail' : 'non-strict';
}

/** Where a test leaves its outcome for the reporters: the task's meta, which vitest carries across workers. */
interface OutcomeMeta {
  cloudconf?: Outcome;
}

/** Records a test's outcome on its task meta (an untyped bag in vitest, hence the narrowing here). */
export function recordOutcome(meta: object, outcome: Outcome): void {
  (meta as OutcomeMeta).cloudconf = outcome;
}

/** The outcome a test recorded, if it recorded one. */
export function outcomeOf(meta: object): Outcome | undefined {
  return (meta as OutcomeMeta).cloudconf;
}
