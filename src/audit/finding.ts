// What judging one exchange yields: a finding per requirement a check saw broken, and which requirements were judged at all.

import { requirementById } from '../../spec/index.js';
import type { Level } from '../../spec/types.js';
import type { CheckResult } from '../check/result.js';
import type { Failure } from '../vocabulary/outcome.js';

export interface Finding {
  /** The exchange's place in the recording (0-based line or HAR entry). */
  index: number;
  requirement: string;
  level: Level;
  verdict: 'fail' | 'non-strict';
  failure: Failure;
  message: string;
}

export interface CheckOptions {
  /** What was wrong with the request, or which value failed. */
  case?: string;
  /** A looser form real deployments write: reported non-strict whatever the level. */
  lenient?: boolean;
}

/** Per requirement, the exchanges that could not judge it (a 5xx to a request breaking its rule) and why the first could not. */
export type Unjudged = Map<string, { count: number; first: string }>;

/**
 * Collects the findings of one exchange; `judged` counts, per requirement, the exchanges some check
 * judged it on, and `unjudged` those whose answer said the target failed instead.
 */
export class Judgement {
  readonly findings: Finding[] = [];
  private readonly seen = new Set<string>();

  constructor(
    readonly index: number,
    private readonly judged: Map<string, number>,
    private readonly unjudged: Unjudged = new Map(),
  ) {}

  /** Applies a check's result to a requirement of the encoding; ids the encoding does not hold are ignored. */
  check(requirement: string | undefined, result: CheckResult, options: CheckOptions = {}): boolean {
    const r = requirement === undefined ? undefined : requirementById.get(requirement);
    if (!r || result.ok === 'n/a') return result.ok !== false;
    if (result.ok === false && result.unjudged) {
      const was = this.unjudged.get(r.id);
      const why = `exchange ${this.index}${options.case ? ` (${options.case})` : ''}: ${result.unjudged}`;
      this.unjudged.set(r.id, { count: (was?.count ?? 0) + 1, first: was?.first ?? why });
      return false;
    }
    if (!this.seen.has(r.id)) {
      this.seen.add(r.id);
      this.judged.set(r.id, (this.judged.get(r.id) ?? 0) + 1);
    }
    if (result.ok === true) return true;
    // One finding per requirement and check on an exchange: a list of 500 loose timestamps is one finding.
    if (this.findings.some((f) => f.requirement === r.id && f.failure.check === result.check)) return false;
    const failure: Failure = {
      check: result.check,
      expected: result.expected,
      actual: result.actual,
      hint: result.hint,
      exchanges: result.exchange ? [result.exchange] : [],
      case: `exchange ${this.index}${options.case ? `: ${options.case}` : ''}`,
    };
    this.findings.push({
      index: this.index,
      requirement: r.id,
      level: r.level,
      verdict: r.level === 'MUST' && !options.lenient ? 'fail' : 'non-strict',
      failure,
      message: `${result.check}${options.case ? ` (${options.case})` : ''}: expected ${result.expected}; got ${result.actual}`,
    });
    return false;
  }
}
