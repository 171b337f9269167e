// The accepting side of a rule: a value the documents allow (at a bound, an enum member, an optional field left out) is accepted, and a refusal names the bound and the documents' words.

import type { Exchange } from '../http/exchange.js';
import { type CheckResult, described, failed, pass } from './result.js';

/**
 * A request holding only values the documents allow gets a 2xx. `value` says what the case sent
 * against its rule ("64 characters, the upper bound of 1..64"); `documents` quotes what allows it.
 */
export function allowedValueAccepted(e: Exchange, value: string, documents: string): CheckResult {
  const s = e.response?.status;
  if (s !== undefined && s >= 200 && s < 300) return pass;
  return failed(
    'allowed-value-accepted',
    `a 2xx for ${value}`,
    described(e),
    `The documents allow it (${documents}): a server that refuses it is stricter than the documents, and clients sending it fail.`,
    e,
  );
}
