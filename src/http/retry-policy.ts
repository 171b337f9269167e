// When a request is tried again and after how long: 429s after their Retry-After (drawn from the run's wait budget), 5xx and lost connections of idempotent requests after a short backoff, each within its own bound.
//
// undici's retry interceptor is not used: it retries inside one dispatch, where the exchange cannot
// record each retry (the flaky/retry evidence reads them), counts 429s and 5xx against one bound,
// decides on the status before the body is read, and knows no wait budget shared by the run.

import type { Attempt } from './attempt.js';
import type { WaitBudget } from './wait-budget.js';

export interface RetryLimits {
  /** Retries of an idempotent request that got a 5xx or lost its connection. */
  retries: number;
  /** Retries of a request answered 429 (any method: the target did not act on it). */
  rateLimitRetries: number;
  /** Longest wait honoured for one Retry-After, in milliseconds. */
  maxRetryAfterMs: number;
}

/** Methods a retry cannot make do twice what the client meant once (RFC 9110 section 9.2.2). */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/** Errors where the request may not have reached the target at all: worth another try. Timeouts are not: they already waited. */
const LOST_CONNECTION = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'ECONNABORTED',
]);

/** Milliseconds a Retry-After value asks for (seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** What a retried attempt is recorded as: its status, or its transport error's code. */
export const retryReason = (a: Attempt): string =>
  a.response ? String(a.response.status) : (a.transportError?.code ?? 'ERROR');

/** How long to wait before trying again, or undefined to stop here; `done` holds the reasons of the retries so far. */
export function retryWait(
  limits: RetryLimits,
  budget: WaitBudget,
  method: string,
  a: Attempt,
  done: string[],
): number | undefined {
  if (a.transportError?.code === 'TARGET_UNREACHABLE' || a.transportError?.code === 'INTERRUPTED') return undefined;
  const status = a.response?.status;
  if (status === 429) {
    if (done.filter((r) => r === '429').length >= limits.rateLimitRetries) return undefined;
    const asked = retryAfterMs(a.response?.headers['retry-after']);
    const wait = Math.min(asked ?? 1000 * 2 ** done.length, limits.maxRetryAfterMs);
    // All the run's waits together are bounded: past the bound, a 429 is not retried.
    return budget.take(wait) ? wait : undefined;
  }
  if (!IDEMPOTENT.has(method) || done.filter((r) => r !== '429').length >= limits.retries) return undefined;
  const lost = a.transportError && LOST_CONNECTION.has(a.transportError.code);
  if (lost || (status !== undefined && status >= 500)) return 200 * 2 ** done.length;
  return undefined;
}

/** The error of a request still answered 429 when its retries are over. */
export function stillRateLimited(budget: WaitBudget, retries: number): NonNullable<Attempt['transportError']> {
  const bound = budget.reached()
    ? `; the run's bound on waiting for Retry-After (${budget.budgetMs / 1000} s in all) is reached`
    : '';
  return { code: 'RATE_LIMITED', message: `still answered 429 after ${retries} retries${bound}` };
}
