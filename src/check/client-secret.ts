// Checks on OAuth client secrets: never shown in plaintext outside a reset, and a reset answers a secret never seen before.

import type { Exchange } from '../http/exchange.js';
import { type CheckResult, failed, pass } from './result.js';
import { whereSecretIs } from './secrecy.js';

type Json = Record<string, unknown>;

/** A value that shows no secret: absent, null, empty, or masked with `*` or `•`. */
const masked = (value: unknown) => value === undefined || value === null || value === '' || /[*•]/.test(String(value));

/** The records an answer holds: the items of an envelope, or the object itself. */
function recordsOf(e: Exchange): Json[] {
  const json = e.response?.json as Json | undefined;
  if (!json) return [];
  return Array.isArray(json.data) ? (json.data as Json[]) : [json];
}

/**
 * No plaintext secret in the answer: the text does not hold the client's current secret (when
 * known), and no record carries a readable value in the member a reset answers the secret in.
 */
export function noPlaintextSecret(e: Exchange, secret: string | undefined, member: string | undefined): CheckResult {
  const hint = 'Only the reset-secret operation returns the client secret in plaintext.';
  // Escaped or encoded, a secret is still readable: found as secretNotReturned finds one.
  const at = secret ? whereSecretIs(e, secret) : [];
  if (at.length)
    return failed(
      'no-plaintext-secret',
      'no client secret in the answer',
      `the current secret, at ${at.join(', ')}`,
      hint,
      e,
    );
  const shown = member ? recordsOf(e).filter((r) => !masked(r[member])) : [];
  if (shown.length === 0) return pass;
  return failed(
    'no-plaintext-secret',
    `\`${member}\` absent, null or masked`,
    `${shown.length} record(s) with a readable \`${member}\``,
    hint,
    e,
  );
}

/** A reset answered a plaintext secret different from every secret the client had before. */
export function secretRenewed(e: Exchange, secret: string | undefined, earlier: string[]): CheckResult {
  const hint = 'A secret reset returns a new plaintext secret; the old one expires.';
  if (!secret) return failed('secret-renewed', 'a plaintext secret in the answer', 'none found', hint, e);
  if (!earlier.includes(secret)) return pass;
  return failed('secret-renewed', 'a secret never answered before', 'a secret answered by an earlier reset', hint, e);
}
