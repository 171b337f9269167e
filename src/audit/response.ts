// Judges a successful answer: the documented response schema, its timestamps, the collection envelope and its paging, and event records.

import { PAGE, PAGE_SIZE } from '../../spec/conventions.js';
import { requirementId } from '../../spec/derive.js';
import { requirementById } from '../../spec/index.js';
import type { Operation } from '../../spec/types.js';
import { envelopeCounts, envelopeShape } from '../check/envelope.js';
import { createdNonIncreasing, eventRecordShape } from '../check/events.js';
import { defaultPageIsFirst, defaultPageSize } from '../check/paging.js';
import { pass } from '../check/result.js';
import { responseMatchesSchema, responseSchemaOf } from '../check/schema.js';
import { documentedDateTime, isoDateTime } from '../check/timestamps.js';
import type { Exchange } from '../http/exchange.js';
import type { Judgement } from './finding.js';
import type { Paging } from './request.js';
import { mapDateTimes } from './timestamps.js';

export const TIMESTAMPS = 'conventions/timestamps/date-time';
/** A date-time the schema accepts, standing in for each timestamp, which is judged on its own. */
const STAND_IN = '1970-01-01T00:00:00';

/** Operations whose answers are event records (DECISIONS 9), and whether they answer a list. */
const EVENT_ANSWERS: Record<string, 'list' | 'one'> = { 'events/list': 'list', 'events/view': 'one' };

/** The derived requirement that the operation answers its documented response, when the encoding has one. */
export function responseRequirement(op: Operation): string | undefined {
  const shape = op.response.kind;
  if (shape !== 'envelope' && shape !== 'object' && shape !== 'empty') return undefined;
  const id = requirementId({ operation: op.id, kind: 'response', shape });
  return requirementById.has(id) ? id : undefined;
}

/** Timestamps: ISO 8601 or a failure; looser than the documented form, non-strict. Then the schema without them. */
function schemaAndTimestamps(j: Judgement, op: Operation, e: Exchange): void {
  const schema = responseSchemaOf(op);
  const json = e.response?.json;
  const patched = mapDateTimes(schema, json, ({ path, value }) => {
    const where = path || 'the body';
    const iso = isoDateTime(value, where, e);
    if (iso.ok !== true) j.check(TIMESTAMPS, iso, { case: where });
    else j.check(TIMESTAMPS, documentedDateTime(value, where, e), { case: where, lenient: true });
    return STAND_IN;
  });
  const standIn: Exchange = e.response ? { ...e, response: { ...e.response, json: patched } } : e;
  const result = responseMatchesSchema(op, json === undefined ? e : standIn);
  j.check(responseRequirement(op), result.ok === false ? { ...result, exchange: e } : result);
}

function envelope(j: Judgement, op: Operation, e: Exchange, paging: Paging): void {
  j.check('conventions/envelope/shape', envelopeShape(e));
  if (paging.judgeable) {
    const ownMaximum = op.paging === 'bounds-not-shown';
    const counts = envelopeCounts(e, paging.page ?? PAGE.default, paging.pageSize ?? PAGE_SIZE.default, ownMaximum);
    j.check('conventions/envelope/counts', counts);
    j.check(responseRequirement(op), counts);
  }
  if (paging.page === undefined) j.check('conventions/paging/default-page', defaultPageIsFirst(e));
  // The documents show no default page size for lists whose page bounds they do not show (DECISIONS 8).
  if (paging.pageSize === undefined && (paging.page ?? PAGE.default) === PAGE.default && op.paging === 'bounded')
    j.check('conventions/paging/default-page-size', defaultPageSize(e));
}

function eventRecords(j: Judgement, op: Operation, e: Exchange): void {
  const kind = EVENT_ANSWERS[op.id];
  const json = e.response?.json as { data?: unknown } | undefined;
  if (!kind || json === undefined) return;
  const records = kind === 'list' ? (Array.isArray(json.data) ? json.data : []) : [json];
  const shapes = records.map((r) => eventRecordShape(r, e));
  j.check('conventions/events/record-shape', shapes.find((s) => s.ok === false) ?? shapes[0] ?? pass);
  if (kind === 'list') j.check('conventions/events/newest-first', createdNonIncreasing(records, e));
}

/** Every check of a 2xx answer to an operation whose answer the documents show. */
export function judgeAnswer(j: Judgement, op: Operation, e: Exchange, paging: Paging): void {
  schemaAndTimestamps(j, op, e);
  if (op.response.kind === 'envelope') envelope(j, op, e, paging);
  eventRecords(j, op, e);
}
