// Self-tests of the typed success responses of the OpenAPI export: every one has a type, what the documents do not show comes from spec/served.ts and is marked, and the served data names only what exists.

import { describe, expect, test } from 'vitest';
import { operationById, operations, resourceById } from '../../spec/index.js';
import { NOT_IN_DOCUMENTS, type Schema } from '../../spec/json-schema.js';
import { recordSchema, servedRecordById } from '../../spec/responses.js';
import { servedAnswers, servedRecords } from '../../spec/served.js';
import type { Operation } from '../../spec/types.js';
import { openapiDocument } from './openapi.js';

const doc = openapiDocument() as {
  paths: Record<string, Record<string, { operationId: string; responses: Record<string, Schema> }>>;
  components: { schemas: Record<string, Schema> };
};
const byOperation = new Map(
  Object.values(doc.paths).flatMap((item) =>
    Object.values(item)
      .filter((o) => typeof o === 'object' && o !== null && 'operationId' in o)
      .map((o) => [o.operationId, o.responses] as const),
  ),
);

/** A schema has a type: its own, or the component it refers to has one. */
function typed(schema: Schema | undefined): boolean {
  if (!schema) return false;
  if (typeof schema.$ref === 'string') return typed(doc.components.schemas[schema.$ref.split('/').at(-1) as string]);
  return schema.type !== undefined;
}

/** The documents show the whole success answer only for documented kinds with a documented record. */
const wholeShown = (op: Operation) => {
  const r = op.response;
  if (r.kind === 'empty') return true;
  if (r.kind === 'not-shown') return false;
  return (r.kind === 'object' ? r.resource : r.item) !== undefined;
};

describe('every success response of the export is typed', () => {
  test('each 2xx response of each of the 158 operations has a typed schema (a disabled one has none: it answers 410)', () => {
    const untyped: string[] = [];
    let successes = 0;
    for (const op of operations) {
      const responses = byOperation.get(op.id) ?? {};
      const ok = Object.entries(responses).filter(([status]) => /^2/.test(status));
      if (op.status.kind === 'disabled') {
        expect(ok, op.id).toEqual([]);
        continue;
      }
      for (const [status, response] of ok) {
        successes += 1;
        const content = Object.values((response.content ?? {}) as Record<string, { schema?: Schema }>);
        if (!content.length || !content.every((c) => typed(c.schema))) untyped.push(`${op.id} ${status}`);
      }
    }
    expect(untyped).toEqual([]);
    expect(successes).toBe(operations.filter((op) => op.status.kind !== 'disabled').length);
  });

  test('an answer the documents do not show is marked whole; a served member of a record is marked', () => {
    const boot = byOperation.get('instances/boot')?.['200'] as Schema;
    expect(boot[NOT_IN_DOCUMENTS]).toBe(true);
    const instance = doc.components.schemas['instance-record'] as { properties: Record<string, Schema> };
    expect(Object.values(instance.properties).every((p) => p[NOT_IN_DOCUMENTS] === true)).toBe(true);
    const iface = doc.components.schemas.interface as { properties: Record<string, Schema> };
    expect(iface.properties.vpc_id?.[NOT_IN_DOCUMENTS]).toBe(true);
    expect(iface.properties.purpose?.[NOT_IN_DOCUMENTS]).toBeUndefined();
    const create = byOperation.get('vpcs/create')?.['200'] as Schema;
    expect(create[NOT_IN_DOCUMENTS]).toBeUndefined();
  });
});

describe('spec/served.ts names only what exists, and covers every answer the documents do not show whole', () => {
  test('an entry for each operation whose answer is not wholly shown (disabled ones aside), and for no other', () => {
    const needed = operations.filter((op) => !wholeShown(op) && op.status.kind !== 'disabled').map((op) => op.id);
    expect(Object.keys(servedAnswers).sort()).toEqual(needed.sort());
  });

  test('every record an answer names exists; a served record extends only the documented resource of its own id', () => {
    for (const [id, served] of Object.entries(servedAnswers)) {
      expect(operationById.has(id), id).toBe(true);
      if (served.kind === 'record' || served.kind === 'list') expect(recordSchema(served.record), id).toBeDefined();
    }
    for (const record of servedRecords) {
      if (record.extends) expect(record.extends).toBe(record.id);
      else expect(resourceById.has(record.id), `${record.id} would hide a documented resource`).toBe(false);
      expect(resourceById.has(record.extends ?? record.id)).toBe(record.extends !== undefined);
    }
    expect(servedRecordById.size).toBe(servedRecords.length);
  });
});
