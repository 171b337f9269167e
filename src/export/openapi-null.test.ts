// Self-test of decision 17 in the OpenAPI export: a request body takes null on an optional member (not given), not on a required one; response schemas keep refusing null where the field is not nullable.

import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, test } from 'vitest';
import type { Schema } from '../../spec/json-schema.js';
import { createAjv } from '../check/ajv.js';
import { openapiDocument } from './openapi.js';

type Doc = {
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>>;
  components: { schemas: Record<string, Schema> };
};

const doc = (await SwaggerParser.dereference(structuredClone(openapiDocument()) as never)) as unknown as Doc;
const ajv = createAjv();
const vpcCreate = ajv.compile(doc.paths['/vpcs']?.post?.requestBody?.content['application/json']?.schema as Schema);
const valid = { label: 'vpc-1', region: 'us-east' };

describe('null in the exported request schemas (DECISIONS 17)', () => {
  test('an optional member sent as null is taken, as if left out, nested ones too', () => {
    expect(vpcCreate(valid)).toBe(true);
    expect(vpcCreate({ ...valid, description: null })).toBe(true);
    expect(vpcCreate({ ...valid, subnets: null })).toBe(true);
    expect(vpcCreate({ ...valid, subnets: [{ label: 's1', ipv4: '10.0.0.0/24' }] })).toBe(true);
  });

  test('a required member sent as null is still refused, and so is a null array element', () => {
    expect(vpcCreate({ ...valid, label: null })).toBe(false);
    expect(vpcCreate({ ...valid, subnets: [{ label: null, ipv4: '10.0.0.0/24' }] })).toBe(false);
    expect(vpcCreate({ ...valid, subnets: [null] })).toBe(false);
  });

  test('a response record keeps refusing null on a field that is not nullable', () => {
    const vpc = doc.components.schemas.vpc as { properties: Record<string, Schema> };
    expect(ajv.compile(vpc.properties.description as Schema)(null)).toBe(false);
  });
});
