// Checks on which payment method is the default: exactly one, the one expected, as the list of methods shows it.

import type { Exchange } from '../http/exchange.js';
import { type CheckResult, failed, pass } from './result.js';

type Method = Record<string, unknown>;

/**
 * Among the listed payment methods, the one with `id` is the only one whose `is_default` is true.
 * Not applicable when the records do not show `is_default` (the record fields are not shown).
 */
export function soleDefault(methods: Method[], id: unknown, why: string, exchange?: Exchange): CheckResult {
  if (!methods.some((m) => typeof m.is_default === 'boolean')) {
    return { ok: 'n/a', check: 'sole-default', why: 'the payment method records do not show is_default' };
  }
  const defaults = methods.filter((m) => m.is_default === true).map((m) => m.id);
  if (defaults.length === 1 && defaults[0] === id) return pass;
  return failed(
    'sole-default',
    `payment method ${String(id)} the only default`,
    defaults.length === 0 ? 'no default method' : `default: ${defaults.map(String).join(', ')}`,
    why,
    exchange,
  );
}

/** An add that was accepted shows exactly one new method in the list (`fresh`: ids listed after, not before). */
export function newMethodListed(fresh: unknown[], exchange?: Exchange): CheckResult {
  if (fresh.length === 1) return pass;
  return failed(
    'new-method-listed',
    'one payment method in the list that was not there before the add',
    fresh.length === 0 ? 'no new method listed' : `${fresh.length} new methods: ${fresh.map(String).join(', ')}`,
    'A payment method that was added is an active method of the account, listed with the others.',
    exchange,
  );
}
