// Judges the answer to a case built to break one validation rule: a 4xx is the rule's rejection, except the statuses that say the request never reached the rule (credentials, routing, load), which make the requirement `error` instead of a pass.

import { rejectedWith4xx, targetFailed } from '../../check/status.js';
import type { Exchange } from '../../http/exchange.js';
import type { Kit } from '../kit.js';

/** Refused credentials, a method not routed, rate limiting: answers given before any validation. */
const BEFORE_VALIDATION = new Set([401, 403, 405, 429]);

/** Why an answer is no rejection by the broken rule, or undefined when it can be judged as one. */
export function notARuleRejection(e: Exchange, breaksPathParam: boolean): string | undefined {
  const s = e.response?.status;
  if (s === undefined) return undefined;
  if (BEFORE_VALIDATION.has(s)) return `answered ${s}, which refuses the request before any validation`;
  const failed = targetFailed(e);
  if (failed) return failed;
  if (s === 404 && !breaksPathParam) return 'answered 404 to a case that names nothing missing: the path is not routed';
  return undefined;
}

/** Checks that a case breaking a rule is refused with a 4xx; an answer that cannot be the rule's rejection leaves the requirement unjudged. */
export function judgeRuleCase(kit: Kit, e: Exchange, context: string, breaksPathParam = false): void {
  const why = notARuleRejection(e, breaksPathParam);
  if (why) kit.unjudged(`${context}: ${why}`);
  else kit.check(rejectedWith4xx(e), context);
}
