// Checks on one value inside a record that an answer holds (a list item, a nested field): it equals what the clause says.

import { isDeepStrictEqual } from 'node:util';
import type { Exchange } from '../http/exchange.js';
import { type CheckResult, described, failed, pass } from './result.js';

/** The value at a dotted `path` of a record (`backups.enabled`), undefined when a step is missing. */
export function valueAt(record: unknown, path: string): unknown {
  let value = record;
  for (const step of path.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[step];
  }
  return value;
}

/** The value at `path` of `record` (taken from the answer of `exchange`) equals `expected`. */
export function recordValueEquals(
  record: unknown,
  path: string,
  expected: unknown,
  why: string,
  exchange?: Exchange,
): CheckResult {
  const actual = valueAt(record, path);
  if (isDeepStrictEqual(actual, expected)) return pass;
  return failed(
    'record-value-equals',
    `${path}: ${JSON.stringify(expected)}`,
    actual === undefined ? `no ${path}` : `${path}: ${JSON.stringify(actual)}`,
    why,
    exchange,
  );
}

/** The answer holds `value` somewhere (for records whose shape is not shown, such as the backups of an instance). */
export function answerMentions(e: Exchange, value: string, why: string): CheckResult {
  if (e.response?.text.includes(value)) return pass;
  return failed('answer-mentions', `an answer that holds ${JSON.stringify(value)}`, described(e), why, e);
}
