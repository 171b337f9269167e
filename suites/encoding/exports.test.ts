// Self-tests of the exports: `cloudconf spec --json` against its committed JSON Schema, and `cloudconf openapi` as valid OpenAPI 3.1 whose every schema compiles.

import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { beforeAll, describe, expect, test } from 'vitest';
import { operations } from '../../spec/index.js';
import { createAjv } from '../../src/check/ajv.js';
import { repoRoot, runCli } from './support/cli.js';

type Doc = Record<string, unknown>;

describe('cloudconf spec --json', () => {
  let output: Doc;
  beforeAll(() => {
    const r = runCli(['spec', '--json']);
    expect(r.status, r.stderr).toBe(0);
    output = JSON.parse(r.stdout) as Doc;
  });

  test('validates against the committed schema spec/spec-export.schema.json', () => {
    const schema = JSON.parse(readFileSync(resolve(repoRoot, 'spec/spec-export.schema.json'), 'utf8'));
    const validate = createAjv().compile(schema);
    const ok = validate(output);
    expect(validate.errors?.slice(0, 5) ?? [], 'schema errors').toEqual([]);
    expect(ok).toBe(true);
  });

  test('the schema rejects an output that drifts from it', () => {
    const schema = JSON.parse(readFileSync(resolve(repoRoot, 'spec/spec-export.schema.json'), 'utf8'));
    const validate = createAjv().compile(schema);
    const first = (output.operations as Doc[])[0] as Doc;
    const drifted = { ...output, operations: [{ ...first, method: 'PATCH' }] };
    expect(validate(drifted)).toBe(false);
  });

  test('lists every operation of the encoding, 158 in all', () => {
    const ops = output.operations as Doc[];
    expect(ops.length).toBe(operations.length);
    expect(ops.length).toBe(158);
  });

  test('has the top-level sections of the contract', () => {
    for (const key of ['operations', 'requirements', 'stateTables', 'events', 'exclusions'])
      expect(output).toHaveProperty(key);
  });
});

describe('cloudconf openapi', () => {
  let doc: Doc;
  beforeAll(() => {
    const r = runCli(['openapi']);
    expect(r.status, r.stderr).toBe(0);
    doc = JSON.parse(r.stdout) as Doc;
  });

  test('is valid OpenAPI 3.1 for swagger-parser', async () => {
    const api = await SwaggerParser.validate(structuredClone(doc) as never);
    expect((api as Doc).openapi).toBe('3.1.0');
  });

  test('has every operation once, with the encoded operation ids', () => {
    const ids: string[] = [];
    for (const item of Object.values(doc.paths as Record<string, Doc>))
      for (const [method, op] of Object.entries(item))
        if (['get', 'post', 'put', 'delete'].includes(method)) ids.push((op as Doc).operationId as string);
    expect(ids.sort()).toEqual(operations.map((o) => o.id).sort());
  });

  test('every schema in it compiles with ajv (swagger-parser does not check schema contents)', async () => {
    const bundled = (await SwaggerParser.dereference(structuredClone(doc) as never)) as Doc;
    const ajv = createAjv();
    const schemas: unknown[] = [];
    const visit = (node: unknown, key?: string) => {
      if (!node || typeof node !== 'object') return;
      if (key === 'schema') schemas.push(node);
      for (const [k, v] of Object.entries(node)) visit(v, k);
    };
    visit(bundled.paths);
    for (const s of Object.values((bundled.components as Doc).schemas as Doc)) schemas.push(s);
    expect(schemas.length).toBeGreaterThan(operations.length);
    for (const s of schemas) expect(() => ajv.compile(s as object)).not.toThrow();
    // Every success response is typed now: dereferenced, the records are compiled once per operation.
  }, 60_000);

  test('request bodies carry the encoded limits', () => {
    const create = ((doc.paths as Doc)['/vpcs'] as Doc).post as Doc;
    const schema = (((create.requestBody as Doc).content as Doc)['application/json'] as Doc).schema as Doc;
    expect((schema.properties as Doc).label).toMatchObject({ type: 'string', minLength: 1, maxLength: 64 });
    expect(schema.required).toEqual(expect.arrayContaining(['label', 'region']));
  });

  test('--catalogue gives the enums of the document serve serves: regions, instance types, images, kernels', () => {
    const regionOf = (d: Doc) =>
      (
        (((((d.paths as Doc)['/vpcs'] as Doc).post as Doc).requestBody as Doc).content as Doc)[
          'application/json'
        ] as Doc
      ).schema as { properties: { region: Doc } };
    expect(regionOf(doc).properties.region.enum).toBeUndefined();
    const r = runCli(['openapi', '--catalogue']);
    expect(r.status, r.stderr).toBe(0);
    const withCatalogue = JSON.parse(r.stdout) as Doc;
    expect(regionOf(withCatalogue).properties.region.enum).toContain('us-east');
    const instance = (
      ((((withCatalogue.paths as Doc)['/node/instances'] as Doc).post as Doc).requestBody as Doc).content as Doc
    )['application/json'] as { schema: { properties: Record<string, Doc> } };
    expect(instance.schema.properties.type?.enum).toContain('g6-nanode-1');
    expect(instance.schema.properties.image?.enum).toContain('node/debian12');
  });

  test('operations carry their scopes as security requirements', () => {
    const create = ((doc.paths as Doc)['/vpcs'] as Doc).post as Doc;
    expect(create.security).toContainEqual({ oauth: ['vpc:read_write'] });
  });
});
