// Checks that an answer does not give away a secret the client sent (a password, a key).

import type { Exchange } from '../http/exchange.js';
import { type CheckResult, failed, pass } from './result.js';

/** The response text does not contain the secret anywhere, in any field. */
export function secretNotReturned(e: Exchange, secret: string, what: string): CheckResult {
  const text = e.response?.text ?? '';
  if (!text.includes(secret)) return pass;
  return failed(
    'secret-not-returned',
    `no ${what} in the response`,
    `the response contains the ${what} that was sent`,
    `A ${what} is write-only: no response may echo it.`,
    e,
  );
}
