// Self-tests of the OpenAPI export as Prism reads it: Prism's own request validator refuses a body that breaks the document and takes one that keeps it, for every operation with a JSON body.

import { createLogger } from '@stoplight/prism-core';
import { getHttpOperationsFromSpec } from '@stoplight/prism-http';
import { createClientFromOperations } from '@stoplight/prism-http/dist/client.js';
import { describe, expect, test } from 'vitest';
import { operations } from '../../spec/index.js';
import type { Field, Json, Operation } from '../../spec/types.js';
import { openapiDocument } from './openapi.js';

type Prism = ReturnType<typeof createClientFromOperations>;

async function prismOf(doc: unknown): Promise<Prism> {
  const ops = await getHttpOperationsFromSpec(structuredClone(doc) as never);
  return createClientFromOperations(ops, {
    mock: { dynamic: false },
    checkSecurity: false,
    validateRequest: true,
    validateResponse: false,
    errors: false,
    upstreamProxy: undefined,
    isProxy: false,
    logger: createLogger('cloudconf-prism-test', { enabled: false }),
  } as never);
}

const headers = { 'content-type': 'application/json' };

/** What Prism says of a request body: the messages of its input violations. */
async function violations(prism: Prism, op: Operation, body: unknown): Promise<string[]> {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const param = op.pathParams.find((p) => p.name === name);
    return param?.type === 'integer' ? '1' : 'x';
  });
  const answer = await prism.request(path, { method: op.method.toLowerCase() as 'post', headers, body });
  return answer.violations.input.map((v) => v.message);
}

const vpcCreate = operations.find((op) => op.id === 'vpcs/create') as Operation;

describe('Prism validates request bodies against the exported document', () => {
  test('POST /vpcs with {"label":5} is refused for the label; a valid body is taken', async () => {
    const prism = await prismOf(openapiDocument());
    expect(await violations(prism, vpcCreate, { label: 5 })).toContainEqual(
      expect.stringMatching(/body property label must be string/),
    );
    expect(await violations(prism, vpcCreate, { label: 'web-1', region: 'us-east' })).toEqual([]);
  }, 30_000);

  test('why the dialect matters: with the OAS base dialect named, Prism validates no body at all', async () => {
    const prism = await prismOf({
      ...openapiDocument(),
      jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    });
    expect(await violations(prism, vpcCreate, { label: 5 })).toEqual([]);
  }, 30_000);

  /** A value of another JSON type than the field's: an object for a scalar or array, a string for an object. */
  const wrongFor = (f: Field): Json => (f.type === 'object' ? 'not an object' : { cloudconf: 'wrong type' });

  test('every operation with a JSON body: a member of the wrong type is refused (no schema Prism cannot compile)', async () => {
    const prism = await prismOf(openapiDocument());
    const silent: string[] = [];
    let judged = 0;
    for (const op of operations) {
      const field = op.body?.kind === 'json' ? op.body.fields.find((f) => f.type !== 'any') : undefined;
      if (!field) continue;
      judged += 1;
      const said = await violations(prism, op, { [field.name]: wrongFor(field) });
      if (!said.some((m) => m.includes(field.name))) silent.push(`${op.id} ${field.name}: ${said.join('; ')}`);
    }
    expect(silent).toEqual([]);
    expect(judged).toBeGreaterThan(50);
  }, 60_000);
});
