// What a check returns: pass, not applicable, or a failure as data (expected, actual, hint) that reporters render.

import type { Exchange } from '../http/exchange.js';

export interface CheckFailure {
  ok: false;
  check: string;
  expected: string;
  actual: string;
  hint: string;
  exchange?: Exchange;
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
