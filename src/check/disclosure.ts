// Checks that a refusal does not give away data of what it refuses (a label, a name).

import type { Exchange } from '../http/exchange.js';
import { type CheckResult, failed, pass } from './result.js';

/** The response text does not contain `value` (data of an entity the caller may not see). */
export function notRevealed(e: Exchange, value: string, what: string): CheckResult {
  if (!(e.response?.text ?? '').includes(value)) return pass;
  return failed(
    'not-revealed',
    `no ${what} in the answer`,
    `the answer contains the ${what} ${JSON.stringify(value)}`,
    'A refusal must not show data of an entity the caller may not see.',
    e,
  );
}
