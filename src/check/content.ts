// Checks on a non-JSON answer: the bytes of a stored file served back as uploaded.

import type { Exchange } from '../http/exchange.js';
import { type CheckResult, described, failed, pass } from './result.js';

/** A 200 whose body is exactly the text that was uploaded. */
export function servesUploaded(e: Exchange, uploaded: string, why: string): CheckResult {
  const r = e.response;
  if (r?.status === 200 && r.text === uploaded) return pass;
  const actual = r?.status === 200 ? `other content (${r.text.length} characters)` : described(e);
  return failed('serves-uploaded', `200 with the ${uploaded.length} characters uploaded`, actual, why, e);
}
