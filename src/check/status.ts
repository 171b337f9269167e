// Checks on the status of an answer: rejected with a 4xx, accepted with a 2xx, a conventional status, never a 5xx.

import type { Exchange } from '../http/exchange.js';
import { type CheckFailure, type CheckResult, described, failed, pass } from './result.js';

const statusOf = (e: Exchange) => e.response?.status;

/**
 * Why an answer says the target failed instead of judging the request, or undefined: any 5xx, a
 * 500 of the server as much as a gateway's 502 or 504 or a 503 under load. Such an answer is no
 * verdict on the rule a case was built for, neither its rejection nor its acceptance.
 */
export function targetFailed(e: Exchange): string | undefined {
  const s = statusOf(e);
  return s !== undefined && s >= 500 ? `answered ${s}: the target failed, so the rule was not judged` : undefined;
}

/** A rule case's failure, marked unjudged when the answer says the target failed. */
const unjudgedIfTargetFailed = (e: Exchange, failure: CheckFailure): CheckFailure => {
  const unjudged = targetFailed(e);
  return unjudged ? { ...failure, unjudged } : failure;
};

/**
 * A rule case's answer is in the status class `wanted` (2 for 2xx, 4 for 4xx), or fails `check` with
 * the hint, written only then (this runs for every rule case); a 5xx leaves the rule unjudged
 * (`error`), never failed.
 */
function ruleCaseIn(e: Exchange, wanted: 2 | 4, check: string, hint: () => string): CheckResult {
  const s = statusOf(e);
  if (s !== undefined && Math.floor(s / 100) === wanted) return pass;
  return unjudgedIfTargetFailed(e, failed(check, `a ${wanted}xx status`, described(e), hint(), e));
}

const REJECTED_HINT = 'The server accepted or failed on a request it must refuse with a client error.';

/** A rejected request gets a 4xx (DECISIONS 1, MUST); a 5xx leaves the rule unjudged (`error`), never failed. */
export function rejectedWith4xx(e: Exchange): CheckResult {
  return ruleCaseIn(e, 4, 'rejected-4xx', () => REJECTED_HINT);
}

/** The request is accepted with a 2xx. */
export function acceptedWith2xx(e: Exchange): CheckResult {
  const s = statusOf(e);
  if (s !== undefined && s >= 200 && s < 300) return pass;
  return failed('accepted-2xx', 'a 2xx status', described(e), 'A valid request was refused or failed.', e);
}

/**
 * A value the documents allow, at an edge a stricter reading refuses, is accepted with a 2xx; `why`
 * says why the documents allow it. A 5xx judges nothing (the target failed).
 */
export function allowedValueAccepted(e: Exchange, why: string): CheckResult {
  return ruleCaseIn(
    e,
    2,
    'allowed-value-accepted',
    () => `Refused, though ${why}: the server holds the value to a rule the documents do not have.`,
  );
}

/** The conventional status for a rejection (400, 401, 403, 404 ...); `alsoAccepted` lists documented alternatives. */
export function conventionalStatus(e: Exchange, expected: number, alsoAccepted: number[] = []): CheckResult {
  const s = statusOf(e);
  if (s === expected || (s !== undefined && alsoAccepted.includes(s))) return pass;
  const want = [expected, ...alsoAccepted].join(' or ');
  return failed(
    'conventional-status',
    `status ${want}`,
    described(e),
    `The convention for this rejection is ${want}.`,
    e,
  );
}

/** No request, valid or not, gets a 5xx. */
export function noServerError(e: Exchange): CheckResult {
  const s = statusOf(e);
  if (s === undefined || s < 500) return pass;
  return failed(
    'no-server-error',
    'a status below 500',
    described(e),
    'The server failed on this input instead of answering it.',
    e,
  );
}
