// Checks on the state a subject of a state table is in after a trigger: the row's next state, read from the target.

import type { Exchange } from '../http/exchange.js';
import { type CheckResult, failed, pass } from './result.js';

/** The subject is in the state the table's row leads to (`actual` undefined: the answer named no state the table knows). */
export function stateReached(expected: string, actual: string | undefined, hint: string, e?: Exchange): CheckResult {
  if (actual === expected) return pass;
  return failed(
    'state-reached',
    `state ${expected}`,
    actual === undefined ? 'no state of the table' : `state ${actual}`,
    hint,
    e,
  );
}
