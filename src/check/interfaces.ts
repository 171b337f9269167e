// Checks on configuration profile interfaces and their neighbours (Part 3): a value a record holds at a path, an order of ids, one primary, an address in a subnet, a disk size.

import { isDeepStrictEqual } from 'node:util';
import type { Exchange } from '../http/exchange.js';
import { type CheckResult, failed, pass } from './result.js';

type Json = Record<string, unknown>;

/** The value at a dotted path of a record (`ipv4.vpc`). */
export function valueAt(record: unknown, path: string): unknown {
  let current: unknown = record;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Json)[key];
  }
  return current;
}

/** A record's value at `path` is one of the accepted values. */
export function recordValueIn(
  record: unknown,
  path: string,
  accepted: readonly unknown[],
  why: string,
  e?: Exchange,
): CheckResult {
  const actual = valueAt(record, path);
  if (accepted.some((x) => isDeepStrictEqual(x, actual))) return pass;
  return failed(
    'record-value',
    `${path}: ${accepted.map((x) => JSON.stringify(x)).join(' or ')}`,
    actual === undefined ? `no ${path}` : `${path}: ${JSON.stringify(actual)}`,
    why,
    e,
  );
}

/** The ids read from a list are exactly the expected ids, in the expected order. */
export function idsInOrder(
  actual: readonly unknown[],
  expected: readonly unknown[],
  why: string,
  e?: Exchange,
): CheckResult {
  if (isDeepStrictEqual([...actual], [...expected])) return pass;
  return failed('ids-in-order', `ids ${JSON.stringify(expected)}`, `ids ${JSON.stringify(actual)}`, why, e);
}

/** At most one record has `primary` true. */
export function atMostOnePrimary(records: readonly Json[], why: string, e?: Exchange): CheckResult {
  const primaries = records.filter((r) => r.primary === true).map((r) => r.id);
  if (primaries.length <= 1) return pass;
  return failed('one-primary', 'at most one interface with primary true', `primary: ${primaries.join(', ')}`, why, e);
}

const toInt = (address: string) => address.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
const isIpv4 = (s: string) => /^(\d{1,3})(\.\d{1,3}){3}$/.test(s) && s.split('.').every((o) => Number(o) <= 255);

/** An IPv4 address lies within a CIDR range. */
export function addressInRange(address: unknown, cidr: string, why: string, e?: Exchange): CheckResult {
  const [base = '', bits = '32'] = cidr.split('/');
  const size = 2 ** (32 - Number(bits));
  const first = toInt(base) - (toInt(base) % size);
  const inside =
    typeof address === 'string' && isIpv4(address) && toInt(address) >= first && toInt(address) < first + size;
  if (inside) return pass;
  return failed('address-in-range', `an IPv4 address within ${cidr}`, JSON.stringify(address), why, e);
}

/** A number read from a record satisfies a comparison described by `expected`. */
export function numberSatisfies(
  actual: unknown,
  holds: (n: number) => boolean,
  expected: string,
  why: string,
  e?: Exchange,
): CheckResult {
  if (typeof actual === 'number' && holds(actual)) return pass;
  return failed('number-satisfies', expected, JSON.stringify(actual), why, e);
}
