// Recording one HTTP exchange for checks and reports: long bodies kept as a prefix with length and hash, secrets redacted when it leaves the test (see redact.ts); the Exchange type is vocabulary (src/vocabulary/exchange.ts).

import { createHash } from 'node:crypto';
import type { Exchange } from '../vocabulary/exchange.js';
import { Redactor } from './redact.js';

export type { Exchange, RecordedRequest, RecordedResponse } from '../vocabulary/exchange.js';

export { holdsRedaction, REDACTED } from './redact.js';

/** Replaces every occurrence of each secret in a text. */
export function redact(text: string, secrets: Iterable<string>): string {
  const r = new Redactor();
  for (const s of secrets) r.add(s);
  return r.text(text);
}

/** Characters of a body kept in a recorded exchange (tests, failures, reports); the checks judge the whole answer before. */
export const RECORDED_BODY_CHARS = 8192;

/**
 * A copy of a short string that holds no reference to the string it was cut from: V8 keeps a
 * slice as a view of its parent, so a 300-character excerpt of a 10 MB body would keep all of it.
 */
export const detached = (s: string): string => s.split('').join('');

/** A detached copy of a text, cut to `RECORDED_BODY_CHARS`. */
export const excerpt = (s: string): string =>
  detached(s.length > RECORDED_BODY_CHARS ? `${s.slice(0, RECORDED_BODY_CHARS)}...` : s);

/** A prefix of a long body, marked with the whole body's length and SHA-256; a short body as it is. */
export function bodyPrefix(text: string): { text: string; bytes?: number; sha256?: string } {
  if (text.length <= RECORDED_BODY_CHARS) return { text };
  const bytes = Buffer.byteLength(text);
  const sha256 = createHash('sha256').update(text).digest('hex');
  const kept = detached(text.slice(0, RECORDED_BODY_CHARS));
  return { text: `${kept}\n[... cut: ${bytes} bytes in all, sha256 ${sha256}]`, bytes, sha256 };
}

/**
 * The exchange as it is kept once judged: bodies longer than `RECORDED_BODY_CHARS` become a marked
 * prefix, and the parsed value of a cut body is dropped, so that what a run keeps per request stays
 * small whatever the target sends (a 4 MiB error body to every request, a gzip bomb's raw bytes).
 */
export function recorded(e: Exchange): Exchange {
  const requestBody = e.request.body;
  const r = e.response;
  const cutRequest = requestBody !== undefined && requestBody.length > RECORDED_BODY_CHARS;
  const cutResponse = r !== undefined && r.text.length > RECORDED_BODY_CHARS;
  if (!cutRequest && !cutResponse) return e;
  const out: Exchange = { ...e };
  if (cutRequest) out.request = { ...e.request, body: bodyPrefix(requestBody).text };
  if (r && cutResponse) {
    const { json: _dropped, ...rest } = r;
    out.response = { ...rest, ...bodyPrefix(r.text) };
  }
  return out;
}
