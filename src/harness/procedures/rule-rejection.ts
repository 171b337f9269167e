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

/** A control of a case refused for a rule of state: what it is, and the request keeping the rule. */
export interface Control {
  what: string;
  send: () => Promise<Exchange>;
}

/**
 * Judges a case that breaks a rule of state (an address in use): refused with a 4xx, then, only when
 * it was, the control must be accepted (`judgeControl`). A case accepted fails without a control.
 */
export async function refusedBeside(kit: Kit, e: Exchange, context: string, control: Control): Promise<void> {
  if (kit.check(rejectedWith4xx(e), context)) judgeControl(kit, await control.send(), control.what);
}

/**
 * Judges the control of a case refused for a rule of state: the same request keeping the rule (a free
 * address where the case names one in use), which must be accepted. Refused too, the case's refusal
 * cannot be told from a refusal for another reason, and the requirement is not judged (`error`), never
 * passed: a target refusing everything for an unrelated reason shows nothing about the rule.
 */
export function judgeControl(kit: Kit, e: Exchange, context: string): void {
  const s = e.response?.status;
  if (s !== undefined && s >= 200 && s < 300) return;
  kit.unjudged(
    `control (${context}) answered ${s ?? 'nothing'}: the request keeping the rule was refused too, so the case's refusal may have another reason`,
  );
}
