// The JSON Schema (2020-12) of the site's data files, written into the site as schema/site-data.schema.json: `$defs/implementations` for implementations.json, `$defs/implementation` and `$defs/run` for the files per implementation and run.

import { VERDICTS } from './facts.js';

const str = { type: 'string' } as const;
const hex = (n: number) => ({ type: 'string', pattern: `^[0-9a-f]{${n}}$` });
const int = { type: 'integer', minimum: 0 } as const;
const obj = (properties: Record<string, unknown>, required: string[] = Object.keys(properties)) => ({
  type: 'object',
  required,
  properties,
  additionalProperties: false,
});

/** The schema, its verdicts those of this cloudconf. */
export function siteDataSchema() {
  const verdict = { enum: VERDICTS };
  const counts = {
    ...obj(Object.fromEntries(VERDICTS.map((v) => [v, int]))),
    description: 'requirements per verdict',
  };
  const header = {
    schemaVersion: { const: 1 },
    schema: str,
    generator: obj({ name: { const: 'cloudconf' }, version: str, build: str }),
  };
  const runSummary = obj({
    id: str,
    page: str,
    data: str,
    startedAt: { type: 'string', format: 'date-time' },
    productVersion: str,
    complete: { type: 'boolean' },
    encodingCurrent: { type: 'boolean' },
    counts: { $ref: '#/$defs/counts' },
    badge: str,
  });
  const implementationFields = {
    id: { ...hex(32), description: 'the first 32 hex digits of the signing key fingerprint' },
    fingerprint: {
      ...hex(64),
      description: 'SHA-256 of the DER public key that signs every run of the implementation',
    },
    name: str,
    vendor: str,
    url: str,
    page: str,
    data: str,
    badge: obj({ svg: str, shields: { ...str, description: 'a shields.io endpoint JSON' } }),
    sameNameAs: { type: 'array', items: hex(32), description: 'implementations with a name a reader could confuse' },
  };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://cloudconf.dev/schema/site-data-1.json',
    title: 'cloudconf publishing site data',
    description:
      'implementations.json follows $defs/implementations, implementations/<id>.json $defs/implementation, implementations/<id>/<run>.json $defs/run. An implementation is identified by the key that signs its bundles, never by its name.',
    $defs: {
      verdict,
      counts,
      runSummary,
      implementations: obj({
        ...header,
        encoding: { ...hex(12), description: 'the encoding revision of the cloudconf that built the site' },
        implementations: {
          type: 'array',
          items: obj({ ...implementationFields, runs: int, latest: { $ref: '#/$defs/runSummary' } }),
        },
      }),
      implementation: obj({
        ...header,
        ...implementationFields,
        runs: { type: 'array', items: { $ref: '#/$defs/runSummary' } },
      }),
      run: obj(
        {
          ...header,
          id: str,
          implementation: hex(32),
          page: str,
          product: obj({ name: str, version: str, vendor: str, url: str }),
          key: hex(64),
          profile: obj({ declared: str, complete: { type: 'boolean' } }, ['declared']),
          cloudconf: obj({ version: str, build: str }, ['version']),
          encoding: obj({ revision: str, current: { type: 'boolean' } }),
          target: {
            ...str,
            description: "as the publisher chose to show it (product.json's target), else the base URL",
          },
          startedAt: { type: 'string', format: 'date-time' },
          endedAt: { type: 'string', format: 'date-time' },
          seed: { type: 'integer' },
          mode: str,
          runs: int,
          strict: { type: 'boolean' },
          selection: str,
          complete: { type: 'boolean' },
          partial: { type: 'array', items: str },
          counts: { $ref: '#/$defs/counts' },
          bundle: obj({ sha256: hex(64), manifestSha256: hex(64) }),
          requirements: {
            type: 'array',
            items: obj(
              {
                id: str,
                part: { type: 'integer' },
                area: str,
                level: { enum: ['MUST', 'SHOULD', 'MAY'] },
                verdict: { $ref: '#/$defs/verdict' },
                reason: str,
                knownFailure: obj({ reason: str, link: { ...str, pattern: '^https?://' }, expires: str }, []),
              },
              ['id', 'part', 'area', 'level', 'verdict'],
            ),
          },
        },
        [
          'schemaVersion',
          'schema',
          'generator',
          'id',
          'implementation',
          'page',
          'product',
          'key',
          'cloudconf',
          'encoding',
          'target',
          'startedAt',
          'seed',
          'mode',
          'runs',
          'strict',
          'selection',
          'complete',
          'partial',
          'counts',
          'bundle',
          'requirements',
        ],
      ),
    },
  };
}
