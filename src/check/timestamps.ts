// Checks on timestamp values: ISO 8601 date and time, with or without a UTC offset (DECISIONS 5), and the form the documents' date-time format names.

import { formatHolds } from '../../spec/evaluate.js';
import type { Exchange } from '../http/exchange.js';
import { type CheckResult, failed, pass } from './result.js';

const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:[.,]\d+)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/;

/** Whether the fields of a date-time name a real calendar date and clock time. */
function realDateTime(m: RegExpExecArray): boolean {
  const [y, mo, d, h, mi, s] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0)) as number[];
  const date = new Date(Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1));
  return (
    date.getUTCMonth() === (mo ?? 1) - 1 && date.getUTCDate() === d && (h ?? 0) < 24 && (mi ?? 0) < 60 && (s ?? 0) < 61
  );
}

/**
 * The instant a date-time names, in ms since the epoch; a value without an offset is UTC (DECISIONS 5),
 * which `Date.parse` would read as local time. Undefined for anything that is not an ISO 8601 date-time.
 */
export function instantOf(value: unknown): number | undefined {
  const m = typeof value === 'string' ? ISO_DATE_TIME.exec(value) : null;
  if (!m || !realDateTime(m)) return undefined;
  const [y, mo, d, h, mi, sec] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? 0)) as number[];
  const fraction = /:\d{2}[.,](\d+)/.exec(m[0])?.[1];
  const ms = fraction ? Math.floor(Number(`0.${fraction}`) * 1000) : 0;
  const offset = m[7] && m[7] !== 'Z' ? m[7] : undefined;
  const digits = offset?.slice(1).replace(':', '') ?? '';
  const minutes = offset
    ? (offset[0] === '-' ? -1 : 1) * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0))
    : 0;
  return Date.UTC(y ?? 0, (mo ?? 1) - 1, d, h, mi, sec, ms) - minutes * 60_000;
}

/** A value documented as date-time is an ISO 8601 date and time; a missing UTC offset is accepted. */
export function isoDateTime(value: unknown, where: string, e?: Exchange): CheckResult {
  const m = typeof value === 'string' ? ISO_DATE_TIME.exec(value) : null;
  if (m && realDateTime(m)) return pass;
  return failed(
    'timestamp-date-time',
    `${where}: an ISO 8601 date-time such as 2018-01-02T03:04:05`,
    `${where}: ${JSON.stringify(value)}`,
    'Timestamps are ISO 8601 date-time strings.',
    e,
  );
}

/**
 * A date-time in the form the encoding's `date-time` format accepts (seconds present, an optional
 * fraction and offset). Looser ISO 8601 forms real deployments write (no seconds, `+0000`, a comma
 * fraction) fail it but pass `isoDateTime`: callers report them non-strict.
 */
export function documentedDateTime(value: unknown, where: string, e?: Exchange): CheckResult {
  if (typeof value === 'string' && formatHolds('date-time', value)) return pass;
  return failed(
    'timestamp-documented-form',
    `${where}: a date-time such as 2018-01-02T03:04:05 (seconds, optional fraction and offset ±hh:mm or Z)`,
    `${where}: ${JSON.stringify(value)}`,
    'Write timestamps in the date-time form of the documents.',
    e,
  );
}
