// The success response of every operation as JSON Schema: what the documents show, and where they do not, what the reference server serves (spec/served.ts), marked so that no check judges it.

import { resourceById } from './index.js';
import { envelopeSchema, NOT_IN_DOCUMENTS, resourceSchema, type Schema, servedRecordSchema } from './json-schema.js';
import { servedAnswers, servedRecords } from './served.js';
import type { Operation, Served, ServedRecord } from './types.js';

export const servedRecordById: ReadonlyMap<string, ServedRecord> = new Map(servedRecords.map((r) => [r.id, r]));

/** The schema of a record by id: a served record (with the documented resource it extends), else a documented resource. */
export function recordSchema(id: string): Schema | undefined {
  const served = servedRecordById.get(id);
  if (served) return servedRecordSchema(served, served.extends ? resourceById.get(served.extends) : undefined);
  const documented = resourceById.get(id);
  return documented ? resourceSchema(documented) : undefined;
}

/** A record named by id, as the caller writes it: a `$ref` in the OpenAPI document, inline in a check. */
export type RecordRef = (id: string) => Schema;

export interface SuccessResponse {
  /** The media type and schema of the body; undefined for no typed body. */
  mediaType: 'application/json' | 'application/octet-stream';
  schema: Schema;
  /** The documents do not show the answer at all: the whole of it is the reference server's. */
  notInDocuments: boolean;
}

const ANY_OBJECT: Schema = { type: 'object' };
const EMPTY_OBJECT: Schema = { type: 'object', maxProperties: 0 };

function servedSchema(served: Served, ref: RecordRef): Pick<SuccessResponse, 'mediaType' | 'schema'> {
  switch (served.kind) {
    case 'record':
      return { mediaType: 'application/json', schema: ref(served.record) };
    case 'list':
      return { mediaType: 'application/json', schema: envelopeSchema(ref(served.record)) };
    case 'empty':
      return { mediaType: 'application/json', schema: EMPTY_OBJECT };
    case 'bytes':
      return { mediaType: 'application/octet-stream', schema: { type: 'string', contentMediaType: 'image/*' } };
  }
}

/** The item (or record) an answer holds: the documented one, else the served one, else any object. */
function itemOf(documented: string | undefined, served: Served | undefined, ref: RecordRef): Schema {
  if (documented) return ref(documented);
  if (served?.kind === 'record' || served?.kind === 'list') return ref(served.record);
  return ANY_OBJECT;
}

/** The success response of an operation, typed everywhere; parts the documents do not show are marked. */
export function successResponse(op: Operation, ref: RecordRef): SuccessResponse {
  const r = op.response;
  const served = servedAnswers[op.id];
  const json = (schema: Schema): SuccessResponse => ({ mediaType: 'application/json', schema, notInDocuments: false });
  switch (r.kind) {
    case 'envelope':
      return json(envelopeSchema(itemOf(r.item, served, ref)));
    case 'array':
      return json({ type: 'array', items: itemOf(r.item, served, ref) });
    case 'object':
      return json(itemOf(r.resource, served, ref));
    case 'empty':
      return json(EMPTY_OBJECT);
    case 'not-shown': {
      if (!served) return { mediaType: 'application/json', schema: { description: r.text }, notInDocuments: true };
      const { mediaType, schema } = servedSchema(served, ref);
      return { mediaType, schema: { ...schema, [NOT_IN_DOCUMENTS]: true }, notInDocuments: true };
    }
  }
}

/** Inline schemas of records, for validators (a schema with no `$ref`s). */
export const inlineRecord: RecordRef = (id) => recordSchema(id) ?? ANY_OBJECT;
