// What a requirement's test works with: send operations, apply checks, collect failures; the verdict follows from them.

import type { Operation, Requirement } from '../../spec/types.js';
import type { CheckResult } from '../check/result.js';
import type { Exchange } from '../http/exchange.js';
import type { SendOptions, Session } from '../target/session.js';
import { type Failure, type Outcome, verdictOf } from './outcome.js';

/** Thrown to end a test early with `skipped`, carrying the reason. */
export class SkipRequirement extends Error {}

export class Kit {
  readonly failures: Failure[] = [];
  readonly exchanges: Exchange[] = [];
  /** What was sent, by operation: the harness finds here what a test created, to delete it. */
  readonly sent: { op: Operation; options: SendOptions; exchange: Exchange }[] = [];
  private transportErrors = 0;

  constructor(
    readonly requirement: Requirement,
    readonly session: Session,
    readonly seed: number,
  ) {}

  async send(op: Operation, options: SendOptions = {}): Promise<Exchange> {
    const e = await this.session.send(op, options);
    this.exchanges.push(e);
    this.sent.push({ op, options, exchange: e });
    if (e.transportError) this.transportErrors += 1;
    return e;
  }

  /** Records a check's failure (with the exchange that shows it); returns whether the check held. */
  check(result: CheckResult, context?: string): boolean {
    if (result.ok !== false) return true;
    this.failures.push({
      check: result.check,
      expected: result.expected,
      actual: result.actual,
      hint: result.hint,
      exchanges: result.exchange ? [result.exchange] : [],
      ...(context ? { case: context } : {}),
    });
    return false;
  }

  skip(reason: string): never {
    throw new SkipRequirement(reason);
  }

  /** Requests that got no judgeable answer (timeouts, resets, still rate-limited): the verdict is then `error`. */
  get unanswered(): number {
    return this.transportErrors;
  }

  outcome(): Outcome {
    const retries = this.exchanges.reduce((n, e) => n + (e.retries?.length ?? 0), 0);
    const lost = this.exchanges.find((e) => e.transportError)?.transportError;
    return {
      requirement: this.requirement.id,
      verdict: verdictOf(this.requirement.level, this.failures, this.transportErrors),
      failures: this.failures,
      ...(lost
        ? { reason: `${this.transportErrors} request(s) got no answer (first: ${lost.code}, ${lost.message})` }
        : {}),
      requests: this.exchanges.length,
      ...(retries ? { retries } : {}),
      seed: this.seed,
    };
  }
}
