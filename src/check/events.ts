// Checks on event records (DECISIONS 9): the conventional record shape, and newest-first order.

import { eventEntityFields, eventRecordFields } from '../../spec/conventions.js';
import { isObject } from '../../spec/evaluate.js';
import type { Exchange } from '../http/exchange.js';
import { type CheckResult, failed, pass } from './result.js';
import { instantOf } from './timestamps.js';

/** `{id, action, created, entity {id, type, label, url} | null, secondary_entity, status, seen, read, username}`. */
export function eventRecordShape(record: unknown, e?: Exchange): CheckResult {
  const problems: string[] = [];
  if (!isObject(record)) problems.push('the record is not an object');
  else {
    const missing = eventRecordFields.filter((f) => !(f in record));
    if (missing.length) problems.push(`missing ${missing.join(', ')}`);
    const entity = record.entity;
    if (entity !== null && entity !== undefined) {
      const lacking = isObject(entity) ? eventEntityFields.filter((f) => !(f in entity)) : ['(not an object)'];
      if (lacking.length) problems.push(`entity lacks ${lacking.join(', ')}`);
    }
  }
  if (problems.length === 0) return pass;
  const id = isObject(record) ? String(record.id) : '?';
  return failed(
    'event-record-shape',
    `{${eventRecordFields.join(', ')}} with entity {${eventEntityFields.join(', ')}}`,
    `event ${id}: ${problems.join('; ')}`,
    'Event records carry the conventional fields.',
    e,
  );
}

/** Along a page, `created` never increases. */
export function createdNonIncreasing(records: unknown[], e?: Exchange): CheckResult {
  // A time without an offset is UTC (DECISIONS 5): Date.parse would read it as local time.
  const times = records.map((r) => (isObject(r) ? instantOf(r.created) : undefined));
  const at = times.findIndex((t, i) => i > 0 && t !== undefined && t > (times[i - 1] ?? t));
  if (at < 0) return pass;
  const [a, b] = [records[at - 1], records[at]].map((r) => (isObject(r) ? `${r.id} at ${r.created}` : '?'));
  return failed(
    'events-newest-first',
    'created never increasing along the list',
    `${a} before ${b}`,
    'The events list is ordered newest first.',
    e,
  );
}

/** Of two events made one after the other, the later one comes first in the list (positions in the list, 0 first). */
export function laterListedFirst(earlier: number, later: number, what: string, e?: Exchange): CheckResult {
  if (later < earlier) return pass;
  return failed(
    'events-newest-first',
    `${what}: the later event listed before the earlier one`,
    `the later event at position ${later}, the earlier at ${earlier}`,
    'The events list is ordered newest first.',
    e,
  );
}
