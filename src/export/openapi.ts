// Builds the OpenAPI 3.1 document of the API from the encoding: every operation, its parameters, body schemas with every limit, scopes, and a typed success response (what the documents do not show typed as the reference server answers, marked).

import { scopeAreas, scopeLevels } from '../../spec/conventions.js';
import { API_REVISION, operations, requirements, resourceById } from '../../spec/index.js';
import { bodySchema, errorBodySchema, fieldSchema, NOT_IN_DOCUMENTS, type Schema } from '../../spec/json-schema.js';
import { recordSchema, servedRecordById, successResponse } from '../../spec/responses.js';
import type { Operation, Param } from '../../spec/types.js';
import { precise } from './openapi-precise.js';

/**
 * The schemas are plain JSON Schema 2020-12 (spec/json-schema.ts), without the OAS vocabulary
 * (discriminator, xml, example), so the document says so. Naming the OAS base dialect instead made
 * Prism validate no body at all: its OpenAPI reader stamps the dialect on every schema as `$schema`,
 * Prism picks its Ajv by `$schema` (2019-09, 2020-12, else draft-07), the draft-07 Ajv does not
 * know the OAS dialect's meta-schema and throws on compile, and Prism takes that throw as "no errors".
 */
export const SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

const PAT = 'personalAccessToken';
const OAUTH = 'oauth';

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });

/** The success response: typed everywhere, what the documents do not show marked (spec/served.ts). */
function success(op: Operation): Schema {
  const answer = successResponse(op, ref);
  const r = op.response;
  const notShown = r.kind === 'not-shown' ? r.text : 'notShown' in r ? r.notShown : undefined;
  return {
    description: answer.notInDocuments
      ? `success; the documents do not show the answer (${notShown}): the reference server's is typed here (DECISIONS 18)`
      : notShown
        ? `success; not shown in the documents: ${notShown} (typed as the reference server answers, marked ${NOT_IN_DOCUMENTS})`
        : 'success',
    ...(answer.notInDocuments ? { [NOT_IN_DOCUMENTS]: true } : {}),
    content: { [answer.mediaType]: { schema: answer.schema } },
  };
}

const gone: Schema = {
  description: 'disabled, no longer accessible (the documents); the reference server answers 410 with the error body',
  [NOT_IN_DOCUMENTS]: true,
  content: { 'application/json': { schema: ref('ErrorBody') } },
};

/** A rejected request gets a 4xx with the error body (DECISIONS 1). */
const rejected: Schema = {
  description: 'rejected: a 4xx status with the error body (DECISIONS 1)',
  content: { 'application/json': { schema: ref('ErrorBody') } },
};

function parameter(p: Param, where: 'path' | 'query'): Schema {
  return {
    name: p.name,
    in: where,
    required: where === 'path',
    schema: fieldSchema(p),
    ...(p.description ? { description: p.description } : {}),
  };
}

function security(op: Operation): Schema[] {
  if (op.auth.token === 'none') return [];
  const scopes: string[] = op.auth.scope === 'none-listed' || op.auth.scope === 'none' ? [] : [op.auth.scope];
  const withToken: Schema[] = [{ [PAT]: [] }, { [OAUTH]: scopes }];
  return op.auth.token === 'optional' ? [...withToken, {}] : withToken;
}

function operationObject(op: Operation): Schema {
  const ids = requirements.filter((r) => r.subject.kind === 'operation' && r.subject.operation === op.id);
  const doc: Schema = {
    operationId: op.id,
    summary: op.name,
    description: op.summary,
    tags: [op.area],
    parameters: [...op.pathParams.map((p) => parameter(p, 'path')), ...op.query.map((p) => parameter(p, 'query'))],
    security: security(op),
    responses: {
      // A disabled operation has no success: it answers 410 with the error body.
      ...(op.status.kind === 'disabled' ? { '410': gone } : { '200': success(op) }),
      '4XX': rejected,
      default: { description: 'failure', content: { 'application/json': { schema: ref('ErrorBody') } } },
    },
    'x-cloudconf-access': op.access as Schema,
    'x-cloudconf-events': op.events as unknown as Schema[],
    'x-cloudconf-effects': op.effects,
    'x-cloudconf-status': op.status as Schema,
    'x-cloudconf-requirements': ids.map((r) => r.id),
  };
  if (op.body) {
    doc.requestBody = {
      required: true,
      content:
        op.body.kind === 'file'
          ? { 'image/*': { schema: bodySchema(op.body) } }
          : { 'application/json': { schema: bodySchema(op.body) } },
    };
  }
  if (op.status.kind === 'deprecated') doc.deprecated = true;
  return doc;
}

export function openapiDocument(): Schema {
  const paths: Record<string, Schema> = {};
  const rootOfPath = new Map<string, string>();
  for (const op of operations) {
    // A path item holds one root: beta paths carry their own `servers`, so a path may not mix roots.
    if ((rootOfPath.get(op.path) ?? op.root) !== op.root) throw new Error(`${op.path} is served under two roots`);
    rootOfPath.set(op.path, op.root);
    const item = paths[op.path] ?? {};
    if (op.root === 'beta') item.servers = [betaServer];
    item[op.method.toLowerCase()] = operationObject(op);
    paths[op.path] = item;
  }
  const schemas: Record<string, Schema> = { ErrorBody: errorBodySchema };
  for (const id of [...resourceById.keys(), ...servedRecordById.keys()])
    if (id !== 'error-body') schemas[id] = recordSchema(id) as Schema;
  const scopes: Record<string, string> = {};
  for (const area of scopeAreas)
    for (const level of scopeLevels) scopes[`${area}:${level}`] = `${level} access to ${area}`;
  return precise({
    openapi: '3.1.0',
    jsonSchemaDialect: SCHEMA_DIALECT,
    info: {
      title: 'Cloud Account API',
      version: API_REVISION,
      description:
        'Generated by cloudconf from its encoding of the three documents. `x-cloudconf-rules` lists rules JSON Schema cannot state; `x-cloudconf-requirements` lists the requirement ids of each operation.',
    },
    servers: [baseServer],
    paths,
    components: {
      schemas,
      securitySchemes: {
        [PAT]: { type: 'http', scheme: 'bearer', description: 'personal access token' },
        [OAUTH]: {
          type: 'oauth2',
          description: 'OAuth 2.0 access token; the login host is {auth_url}',
          flows: {
            authorizationCode: {
              authorizationUrl: 'https://auth_url.invalid/oauth/authorize',
              tokenUrl: 'https://auth_url.invalid/oauth/token',
              scopes,
            },
          },
        },
      },
    },
  });
}

// swagger-parser's 3.1 schema refuses `description` on server variables, so the server carries it.
const baseServer = {
  url: '{base_url}',
  description: 'root of the version 4 API',
  variables: { base_url: { default: 'http://127.0.0.1:8080/v4' } },
};
const betaServer = {
  url: '{base_url_beta}',
  description: 'root of the beta API',
  variables: { base_url_beta: { default: 'http://127.0.0.1:8080/v4beta' } },
};
