// Checks that an answer does not give back a secret the client sent (a password, a card number), as it was sent or in any encoding a server may write it in.

import type { Exchange } from '../http/exchange.js';
import { encodedForms } from '../http/redact.js';
import { type CheckResult, failed, pass } from './result.js';

/**
 * Secrets shorter than this (a CVV of three digits) are found only as a whole string value: as a
 * part of a longer text they turn up by chance (in an id, a date, a card's last four digits).
 */
const FOUND_INSIDE_FROM = 8;

/** How deep a JSON answer is walked; deeper answers are judged as not JSON elsewhere. */
const MAX_DEPTH = 64;

/** Whether a text is the secret, or (for a long one) holds it in some encoded form. */
const holds = (text: string, secret: string, forms: readonly string[]) =>
  text === secret || (secret.length >= FOUND_INSIDE_FROM && forms.some((form) => text.includes(form)));

/** The JSON paths of the strings (member names too) of a parsed answer that are or hold the secret. */
function holders(value: unknown, secret: string, forms: readonly string[], path: string, depth: number): string[] {
  if (typeof value === 'string') return holds(value, secret, forms) ? [path] : [];
  if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') return [];
  if (Array.isArray(value)) return value.flatMap((v, i) => holders(v, secret, forms, `${path}[${i}]`, depth + 1));
  return Object.entries(value).flatMap(([k, v]) => [
    ...(holds(k, secret, forms) ? [`${path} (a member name)`] : []),
    ...holders(v, secret, forms, `${path}.${k}`, depth + 1),
  ]);
}

/** Where an answer holds a secret, in any of those forms: JSON paths, or `the body text`; none when it does not. */
export function whereSecretIs(e: Exchange, secret: string): string[] {
  const r = e.response;
  if (!r || secret === '') return [];
  const forms = encodedForms(secret);
  const found = r.json === undefined ? [] : holders(r.json, secret, forms, '$', 0);
  if (found.length === 0 && secret.length >= FOUND_INSIDE_FROM && forms.some((form) => r.text.includes(form)))
    found.push('the body text');
  return found;
}

/**
 * The answer holds the secret nowhere: no string of its JSON (decoded, so `\u` escapes and `\/`
 * are read as the characters they stand for) is the secret or holds it percent-encoded or in
 * base64, and neither does its text, JSON or not. `what` names the secret; the value is never shown.
 */
export function secretNotReturned(e: Exchange, secret: string, what: string): CheckResult {
  const found = whereSecretIs(e, secret);
  if (found.length === 0) return pass;
  return failed(
    'secret-not-returned',
    `no ${what} in the answer, in any encoding`,
    `the ${what} that was sent, at ${found.slice(0, 5).join(', ')}`,
    `A ${what} is write-only: no answer may give it back, in plain text or encoded.`,
    e,
  );
}
