// The verdict of one requirement and the failures behind it, as a test records it for the reporters.

import type { Level } from '../../spec/types.js';
import type { Exchange } from './exchange.js';

export type Verdict = 'pass' | 'fail' | 'non-strict' | 'skipped' | 'error' | 'excluded';

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
  seed: number;
  /** How long the test took, in ms (set by the collector from vitest's timing). */
  durationMs?: number;
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
