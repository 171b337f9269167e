// The breaker for a target that stopped answering: after a number of requests in a row without an answer, attempts are not sent for a cooldown; any answer closes it again.

import type { Dispatcher } from 'undici';
import type { Exchange } from './exchange.js';
import { failUnsent, TransportFailure } from './forwarding-handler.js';

/** Codes of exchanges that say nothing about whether the target answers (a stopped run, the breaker itself). */
const NOT_TRIED = new Set(['INTERRUPTED', 'TARGET_UNREACHABLE']);

export class Breaker {
  private unanswered = 0;
  private brokenUntil = 0;

  constructor(
    private readonly threshold: number,
    private readonly cooldownMs: number,
  ) {}

  /** The interceptor that refuses every attempt while the breaker is open. */
  readonly gate: Dispatcher.DispatcherComposeInterceptor = (dispatch) => (opts, handler) =>
    Date.now() < this.brokenUntil
      ? failUnsent(
          handler,
          new TransportFailure('TARGET_UNREACHABLE', `not sent: the last ${this.threshold} requests got no answer`),
        )
      : dispatch(opts, handler);

  /** Consecutive requests (after their retries) without an answer open the breaker; any answer closes it. */
  note(e: Exchange): void {
    const code = e.transportError?.code;
    if (code !== undefined && NOT_TRIED.has(code)) return;
    if (!code) {
      this.unanswered = 0;
      return;
    }
    this.unanswered += 1;
    if (this.unanswered >= this.threshold) {
      this.brokenUntil = Date.now() + this.cooldownMs;
      // One request is let through after the cooldown; if it gets no answer either, the breaker opens again.
      this.unanswered = this.threshold - 1;
    }
  }
}
