// What a requirement's test works with: send operations, apply checks, collect failures; the verdict follows from them.

import type { Operation, Requirement } from '../../spec/types.js';
import type { CheckResult } from '../check/result.js';
import { type Exchange, excerpt, recorded } from '../http/exchange.js';
import type { SendOptions, Session } from '../target/session.js';
import { type Failure, type LostRequest, type OfferEvidence, type Outcome, verdictOf } from '../vocabulary/outcome.js';
import { BoundReached, MAX_MS_PER_REQUIREMENT, MAX_REQUESTS_PER_REQUIREMENT } from './bounds.js';
import { type GuessRefused, guessReason, refusedGuess } from './guessed-values.js';
import { OfferRecord, requireOffered } from './offer-evidence.js';

/** Failures of one requirement shown with their exchange; later ones keep their text only (a target failing every case). */
const MAX_FAILURES_WITH_EXCHANGES = 50;

/** Answers up to this size are kept whole in `sent`, where the harness finds the ids of what the test created. */
const ADOPTED_BODY_CHARS = 256 * 1024;

/**
 * Thrown to end a test early with `skipped`, carrying the reason and what the skipping test had seen
 * not offered: a test that awaits another's shared set-up and gets its skip learns why.
 */
export class SkipRequirement extends Error {
  constructor(
    reason: string,
    readonly unserved: OfferEvidence['unserved'] = [],
  ) {
    super(reason);
  }
}

/** Why a requirement is flaky: how many answers came only on a retry, and the first of them. */
function flakyReason(retried: Exchange[]): string {
  const first = retried[0] as Exchange;
  return `${retried.length} answer(s) came only on a retry (first: ${first.request.method} ${first.request.url} after ${first.retries?.join(', ')})`;
}

export class Kit {
  readonly failures: Failure[] = [];
  readonly exchanges: Exchange[] = [];
  /** What was sent, by operation: the harness finds here what a test created, to delete it. */
  readonly sent: { op: Operation; options: SendOptions; exchange: Exchange }[] = [];
  private transportErrors = 0;
  /** The first request without an answer, and the latest request that got one: when the target stopped answering. */
  private lost: LostRequest | undefined;
  private answeredUntil: string | undefined;
  /** A value guessed from cloudconf's catalogue that the target refused: what rests on it is no verdict. */
  private refusedGuess: GuessRefused | undefined;
  /** Requests begun, answered or not: a requirement sending cases at once stops at its bound, not past it. */
  private started = 0;
  /** Answers that cannot be judged for the requirement (a 401 to a case breaking a validation rule), with why. */
  private readonly unjudgedAnswers: string[] = [];
  private readonly deadline = performance.now() + MAX_MS_PER_REQUIREMENT;
  /** What the answers showed of the operations this test sent to: served, or not offered. */
  readonly offers = new OfferRecord();
  /** What a request must wait for before it goes out (a seat for a test that makes VLANs); nothing for most. */
  beforeSend?: (op: Operation, options: SendOptions) => Promise<void> | undefined;

  constructor(
    readonly requirement: Requirement,
    readonly session: Session,
    readonly seed: number,
  ) {}

  /** Sends through the session, within the requirement's bounds in requests and time (a target can make any loop endless). */
  async send(op: Operation, options: SendOptions = {}): Promise<Exchange> {
    if (this.started >= MAX_REQUESTS_PER_REQUIREMENT)
      throw new BoundReached(`stopped after ${MAX_REQUESTS_PER_REQUIREMENT} requests, the bound of one requirement`);
    if (performance.now() > this.deadline)
      throw new BoundReached(`stopped after ${MAX_MS_PER_REQUIREMENT / 1000} s, the bound of one requirement`);
    requireOffered(this.session.config, op);
    this.started += 1;
    const wait = this.beforeSend?.(op, options);
    if (wait) await wait;
    const e = await this.session.send(op, options);
    // What the test keeps is bounded; the procedure judges the whole answer it is given.
    const kept = recorded(e);
    this.exchanges.push(kept);
    const whole = (e.response?.text.length ?? 0) <= ADOPTED_BODY_CHARS;
    this.sent.push({ op, options, exchange: whole ? e : kept });
    if (e.transportError) {
      this.transportErrors += 1;
      this.lost ??= {
        at: e.startedAt,
        request: this.session.client?.requestsSoFar?.() ?? 0,
        method: e.request.method,
        url: e.request.url,
        code: e.transportError.code,
      };
    } else if (e.response && (!this.answeredUntil || e.startedAt > this.answeredUntil))
      this.answeredUntil = e.startedAt;
    this.offers.note(op, e);
    this.refusedGuess ??= refusedGuess(this.session.config, e);
    return e;
  }

  /** Records a check's failure (with the exchange that shows it); returns whether the check held. */
  check(result: CheckResult, context?: string): boolean {
    if (result.ok !== false) return true;
    if (result.unjudged) {
      this.unjudged(context ? `${context}: ${result.unjudged}` : result.unjudged);
      return false;
    }
    this.failures.push({
      check: result.check,
      // Excerpts of an answer are copied, so a failure does not keep the whole body they were cut from.
      expected: excerpt(result.expected),
      actual: excerpt(result.actual),
      hint: result.hint,
      exchanges:
        result.exchange && this.failures.length < MAX_FAILURES_WITH_EXCHANGES ? [recorded(result.exchange)] : [],
      ...(context ? { case: context } : {}),
    });
    return false;
  }

  /** Where the judgement stands: a mark `rollBack` returns to. */
  mark(): { failures: number; unjudged: number } {
    return { failures: this.failures.length, unjudged: this.unjudgedAnswers.length };
  }

  /** Drops what was judged after a mark (failures and unjudged answers): a step judged through an operation the target does not offer. */
  rollBack(to: { failures: number; unjudged: number }): void {
    this.failures.splice(to.failures);
    this.unjudgedAnswers.splice(to.unjudged);
  }

  /** Records an answer that says the request never reached what the requirement judges: the verdict is then `error`. */
  unjudged(why: string): void {
    this.unjudgedAnswers.push(why);
  }

  skip(reason: string): never {
    throw new SkipRequirement(reason, this.offers.evidence()?.unserved);
  }

  /** Requests that got no judgeable answer (timeouts, resets, still rate-limited): the verdict is then `error`. */
  get unanswered(): number {
    return this.transportErrors;
  }

  /** Why the requirement is `error` when a guessed catalogue value was refused on the way (a skip for a fixture it could not make too). */
  get guessRefusedReason(): string | undefined {
    return this.refusedGuess ? guessReason(this.refusedGuess) : undefined;
  }

  outcome(): Outcome {
    const retries = this.exchanges.reduce((n, e) => n + (e.retries?.length ?? 0), 0);
    const lost = this.exchanges.find((e) => e.transportError)?.transportError;
    const unjudged = this.unjudgedAnswers.length;
    const reason = lost
      ? `${this.transportErrors} request(s) got no answer (first: ${lost.code}, ${lost.message})`
      : unjudged
        ? `${unjudged} answer(s) cannot be judged for this requirement (credentials, routing, load or a failed target; first: ${this.unjudgedAnswers[0]})`
        : undefined;
    const offer = this.offers.evidence();
    const flaky = this.exchanges.filter((e) => e.response && e.retries?.some((why) => why !== '429'));
    const verdict = verdictOf(this.requirement.level, this.failures, this.transportErrors + unjudged);
    const guess = this.refusedGuess && verdict !== 'pass' ? this.refusedGuess : undefined;
    return {
      requirement: this.requirement.id,
      verdict: guess ? 'error' : verdict,
      ...(flaky.length ? { flaky: flakyReason(flaky) } : {}),
      ...(offer ? { offer } : {}),
      ...(this.lost ? { lost: this.lost } : {}),
      ...(this.answeredUntil ? { answeredUntil: this.answeredUntil } : {}),
      failures: this.failures,
      ...(guess ? { reason: guessReason(guess) } : reason ? { reason } : {}),
      requests: this.exchanges.length,
      ...(retries ? { retries } : {}),
      seed: this.seed,
    };
  }
}
