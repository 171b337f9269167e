// What a check returns: pass, not applicable, or a failure as data (expected, actual, hint) that reporters render.

import type { Exchange } from '../http/exchange.js';

export interface CheckFailure {
  ok: false;
  check: string;
  expected: string;
  actual: string;
  hint: string;
  exchange?: Exchange;
  /**
   * Set when the answer cannot judge the rule at all (the target failed: a 5xx): the requirement is
   * then `error`, never `fail` or `pass`. Code that only asks whether the check held sees a failure.
   */
  unjudged?: string;
}

export type CheckResult = { ok: true } | { ok: 'n/a'; check: string; why: string } | CheckFailure;

export const pass: CheckResult = { ok: true };

export const failed = (
  check: string,
  expected: string,
  actual: string,
  hint: string,
  exchange?: Exchange,
): CheckFailure => ({
  ok: false,
  check,
  expected,
  actual,
  hint,
  ...(exchange ? { exchange } : {}),
});

/** A short description of what came back, for `actual`. */
export function described(exchange: Exchange): string {
  if (exchange.transportError) return `no answer (${exchange.transportError.code}: ${exchange.transportError.message})`;
  const r = exchange.response;
  if (!r) return 'no answer';
  const text = r.text.length > 300 ? `${r.text.slice(0, 300)}...` : r.text;
  return `${r.status} ${text}`;
}
