// Self-tests of the response-schema check: it judges what the documents show, and never the parts the reference server's answer adds where they show nothing (marked x-cloudconf-not-in-documents).

import { describe, expect, test } from 'vitest';
import { operationById } from '../../spec/index.js';
import { NOT_IN_DOCUMENTS } from '../../spec/json-schema.js';
import { inlineRecord, successResponse } from '../../spec/responses.js';
import type { Operation } from '../../spec/types.js';
import type { Exchange } from '../http/exchange.js';
import { responseMatchesSchema, responseSchemaOf } from './schema.js';

const op = (id: string) => operationById.get(id) as Operation;

function answered(json: unknown): Exchange {
  const text = JSON.stringify(json);
  return {
    request: { method: 'GET', url: 'http://127.0.0.1/v4/x', headers: {}, body: '' },
    response: { status: 200, headers: { 'content-type': 'application/json' }, text, json },
    ms: 1,
  } as unknown as Exchange;
}

const ok = (id: string, json: unknown) => responseMatchesSchema(op(id), answered(json)).ok;

/** An interface record as the documents list it, plus what the reference server adds. */
const iface = {
  id: 7,
  purpose: 'public',
  label: null,
  ipam_address: null,
  primary: true,
  subnet_id: null,
  ipv4: null,
  ip_ranges: null,
  active: true,
  vpc_id: null,
};

describe('the response schema check and the parts the documents do not show', () => {
  test('the served shapes are in the typed response, marked, and out of what the check judges', () => {
    const typed = JSON.stringify(successResponse(op('tags/create'), inlineRecord).schema);
    expect(typed).toContain('"label"');
    expect(typed).toContain(NOT_IN_DOCUMENTS);
    expect(JSON.stringify(responseSchemaOf(op('tags/create')))).not.toContain('label');
    expect(JSON.stringify(responseSchemaOf(op('interfaces/view')))).not.toContain('vpc_id');
  });

  test('a record the documents do not show: another shape passes, an answer that is not an object still fails', () => {
    expect(ok('tags/create', { name: 'not the served label' })).toBe(true);
    expect(ok('tags/create', { label: 'web' })).toBe(true);
    expect(ok('tags/create', ['not', 'an', 'object'])).toBe(false);
  });

  test('a documented record with a served member: that member in another shape passes, a documented member missing fails', () => {
    expect(ok('interfaces/view', iface)).toBe(true);
    expect(ok('interfaces/view', { ...iface, vpc_id: 'not an integer' })).toBe(true);
    const { vpc_id: _served, ...documented } = iface;
    expect(ok('interfaces/view', documented)).toBe(true);
    const { purpose: _purpose, ...withoutPurpose } = iface;
    expect(ok('interfaces/view', withoutPurpose)).toBe(false);
  });

  test('a list whose items the documents do not show: items of any shape pass, the envelope is still judged', () => {
    const envelope = { data: [{ other: 1 }], page: 1, pages: 1, results: 1 };
    expect(ok('tags/list', envelope)).toBe(true);
    const { data: _data, ...withoutData } = envelope;
    expect(ok('tags/list', withoutData)).toBe(false);
  });

  test('an answer the documents do not show at all is not judged', () => {
    expect(responseSchemaOf(op('instances/boot'))).toBeUndefined();
    expect(responseMatchesSchema(op('instances/boot'), answered(['anything'])).ok).toBe('n/a');
  });
});
