// Checks on what a record shows of the values stored: a field as written, a flag set, an answer that does not change.

import { isDeepStrictEqual } from 'node:util';
import type { Exchange } from '../http/exchange.js';
import { type CheckResult, described, failed, pass } from './result.js';

const record = (e: Exchange) => e.response?.json as Record<string, unknown> | undefined;

/** The record's `field` equals the expected value. */
export function fieldEquals(e: Exchange, field: string, expected: unknown, why: string): CheckResult {
  const actual = record(e)?.[field];
  if (isDeepStrictEqual(actual, expected)) return pass;
  return failed(
    'field-equals',
    `${field}: ${JSON.stringify(expected)}`,
    actual === undefined ? `no ${field} (${described(e)})` : `${field}: ${JSON.stringify(actual)}`,
    why,
    e,
  );
}

/** The record's string `field` satisfies a condition described by `expected`. */
export function stringFieldSatisfies(
  e: Exchange,
  field: string,
  holds: (value: string) => boolean,
  expected: string,
  why: string,
): CheckResult {
  const actual = record(e)?.[field];
  if (typeof actual === 'string' && holds(actual)) return pass;
  return failed('field-satisfies', `${field} ${expected}`, `${field}: ${JSON.stringify(actual)}`, why, e);
}

/** A later answer to the same read has the same JSON body as the first. */
export function sameAnswer(first: Exchange, later: Exchange, why: string): CheckResult {
  if (first.response && later.response && isDeepStrictEqual(first.response.json, later.response.json)) return pass;
  return failed('same-answer', `the same body as before: ${described(first)}`, described(later), why, later);
}
