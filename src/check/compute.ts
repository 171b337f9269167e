// Checks on the state of compute entities (Part 3): an entity gone or still there, addresses of the right kind, expected values all present, error texts.

import type { Exchange } from '../http/exchange.js';
import { type CheckResult, described, failed, pass } from './result.js';

const statusOf = (e: Exchange) => e.response?.status;

/** A view of something that must no longer exist answers a 4xx (404 by convention). */
export function gone(e: Exchange, what: string, why: string): CheckResult {
  const s = statusOf(e);
  if (s !== undefined && s >= 400 && s < 500) return pass;
  return failed('gone', `${what} no longer viewable (a 4xx)`, described(e), why, e);
}

/** A view of something that must remain answers a 2xx. */
export function stillThere(e: Exchange, what: string, why: string): CheckResult {
  const s = statusOf(e);
  if (s !== undefined && s >= 200 && s < 300) return pass;
  return failed('still-there', `${what} still viewable (a 2xx)`, described(e), why, e);
}

/** Whether a dotted IPv4 address lies in a private range (RFC 1918). */
export function isPrivateIpv4(address: string): boolean {
  const [a, b] = address.split('.').map(Number);
  return a === 10 || (a === 172 && b !== undefined && b >= 16 && b <= 31) || (a === 192 && b === 168);
}

/** A newly allocated IPv4 address is public or private (RFC 1918) as asked. */
export function addressKind(added: string[], wantPublic: boolean, e?: Exchange): CheckResult {
  const kind = wantPublic ? 'public' : 'private';
  const right = added.filter((a) => isPrivateIpv4(a) !== wantPublic);
  if (added.length === 1 && right.length === 1) return pass;
  return failed(
    'address-kind',
    `one new ${kind} IPv4 address`,
    added.length ? `new addresses ${added.join(', ')}` : 'no new address',
    `An allocation with public ${wantPublic} adds one ${kind} IPv4 address (private means RFC 1918).`,
    e,
  );
}

/** Every expected value is among those found. */
export function includesAll(
  found: readonly unknown[],
  expected: readonly unknown[],
  what: string,
  why: string,
  e?: Exchange,
): CheckResult {
  const missing = expected.filter((x) => !found.includes(x));
  if (missing.length === 0) return pass;
  return failed(
    'includes-all',
    `${what}: ${expected.map((x) => JSON.stringify(x)).join(', ')}`,
    `missing ${missing.map((x) => JSON.stringify(x)).join(', ')}`,
    why,
    e,
  );
}

/** None of the values is among those found. */
export function includesNone(
  found: readonly unknown[],
  absent: readonly unknown[],
  what: string,
  why: string,
  e?: Exchange,
): CheckResult {
  const present = absent.filter((x) => found.includes(x));
  if (present.length === 0) return pass;
  return failed(
    'includes-none',
    `${what}: none of ${absent.map((x) => JSON.stringify(x)).join(', ')}`,
    `still present ${present.map((x) => JSON.stringify(x)).join(', ')}`,
    why,
    e,
  );
}

/** A string value that is set: not null, not empty. */
export function nonEmptyString(value: unknown, what: string, why: string, e?: Exchange): CheckResult {
  if (typeof value === 'string' && value.length > 0) return pass;
  return failed('non-empty-string', `${what}: a non-empty string`, JSON.stringify(value), why, e);
}

/** The record carries the field, as a string or null (a nullable string the documents name). */
export function carriesNullableString(e: Exchange, field: string, why: string): CheckResult {
  const record = e.response?.json as Record<string, unknown> | undefined;
  const value = record?.[field];
  if (record && field in record && (value === null || typeof value === 'string')) return pass;
  return failed('carries-field', `a record with \`${field}\` (string or null)`, described(e), why, e);
}
