// Self-tests of the precise OpenAPI export: timestamps as a pattern, byte and decoded lengths and cross rules as keywords, judged by ajv as a generic tool would.

import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, test } from 'vitest';
import type { Schema } from '../../spec/json-schema.js';
import { createAjv } from '../check/ajv.js';
import { openapiDocument } from './openapi.js';

type Doc = { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>> };

const doc = (await SwaggerParser.dereference(structuredClone(openapiDocument()) as never)) as unknown as Doc;
const body = (path: string, method = 'post') =>
  doc.paths[path]?.[method]?.requestBody?.content['application/json']?.schema as Schema;
const ajv = createAjv();

describe('the precise OpenAPI export', () => {
  test('no timestamp is format date-time: a pattern that takes a timestamp without offset, as the API sends', () => {
    const text = JSON.stringify(openapiDocument());
    expect(text).not.toContain('"format":"date-time"');
    const vpc = openapiDocument().components as { schemas: Record<string, { properties: Record<string, Schema> }> };
    const created = vpc.schemas.vpc?.properties.created as Schema;
    const validate = ajv.compile(created);
    expect(validate('2018-01-02T03:04:05')).toBe(true);
    expect(validate('2018-01-02T03:04:05Z')).toBe(true);
    expect(validate('2018-01-02')).toBe(false);
  });

  test('cross rules a generic tool would trip on are keywords: image excludes backup_id, image needs root_pass', () => {
    const validate = ajv.compile(body('/node/instances'));
    const valid = {
      region: 'us-east',
      type: 'g6-nanode-1',
      image: 'node/debian12',
      root_pass: 'Very-Strong-Pass-123!',
    };
    expect(validate(valid)).toBe(true);
    expect(validate({ ...valid, backup_id: 5 })).toBe(false);
    const { root_pass: _p, ...withoutPassword } = valid;
    expect(validate(withoutPassword)).toBe(false);
    const { image: _i, root_pass: _q, ...bare } = valid;
    expect(validate(bare)).toBe(true);
    expect(validate({ ...bare, stackscript_id: 1 })).toBe(false);
  });

  test('a clone without node_id needs region and type', () => {
    const validate = ajv.compile(body('/node/instances/{nodeId}/clone'));
    expect(validate({ node_id: 7 })).toBe(true);
    expect(validate({ region: 'us-east' })).toBe(false);
    expect(validate({ region: 'us-east', type: 'g6-nanode-1' })).toBe(true);
  });

  test('configuration profile slots: a disk and a volume in one slot are refused by the schema', () => {
    const validate = ajv.compile(body('/node/instances/{nodeId}/configs'));
    const ok = validate({ label: 'c', devices: { sda: { disk_id: 1 } } });
    expect(ok).toBe(true);
    expect(validate({ label: 'c', devices: { sda: { disk_id: 1, volume_id: 2 } } })).toBe(false);
  });
});
