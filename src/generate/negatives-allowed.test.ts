// Self-test that no negative case holds a value the documents allow: every generated body breaking a rule JSON Schema can state is refused by the request schema under both of ajv-formats' readings of the formats, every negative email by every reading of "email", every negative of "valid JSON" really is not a JSON object of the allowed length, and the edges the documents allow are accepted.

import { isIP } from 'node:net';
import type { ValidateFunction } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, test } from 'vitest';
import { requirementId, ruleId, walkFields } from '../../spec/derive.js';
import { checkBody } from '../../spec/evaluate.js';
import { formatEdges, formatPredicates } from '../../spec/formats.js';
import { operations } from '../../spec/index.js';
import { bodySchema, RULES_KEYWORD } from '../../spec/json-schema.js';
import type { Field, Format, Operation, Rule } from '../../spec/types.js';
import { allowedEdgesOf } from './allowed-edges.js';
import { type NegativeCase, negativeCases, validBody } from './bodies.js';
import { sampleOne } from './violations.js';

const addFormats = addFormatsModule.default;

/** What an IP range is under any reading: an address (of one family, when named), a slash, a prefix no longer than the family's. */
const looseRange =
  (only?: 4) =>
  (v: string): boolean => {
    const [address = '', prefix = '', ...rest] = v.split('/');
    const family = isIP(address);
    const max = family === 4 ? 32 : 128;
    return (
      rest.length === 0 &&
      family !== 0 &&
      (!only || family === only) &&
      /^\d{1,3}$/.test(prefix) &&
      Number(prefix) <= max
    );
  };

/** The formats ajv-formats does not know, read as loosely as anyone reads them. */
const looseFormats: Record<string, (v: string) => boolean> = {
  ip: (v) => isIP(v) !== 0,
  'ip-cidr': looseRange(),
  'ipv4-cidr': looseRange(4),
  'ip-netmask': looseRange(),
  phone: () => true,
};

/** A validator of request schemas under one of ajv-formats' two readings, independent of cloudconf's own. */
function reading(mode: 'fast' | 'full'): Ajv2020 {
  const ajv = new Ajv2020({ strict: false, validateFormats: true, allErrors: false });
  addFormats(ajv, { mode });
  for (const [name, validate] of Object.entries(looseFormats)) ajv.addFormat(name, { type: 'string', validate });
  ajv.addKeyword({ keyword: RULES_KEYWORD });
  return ajv;
}

const readings = { fast: reading('fast'), full: reading('full') };

/** Rule kinds the request schema states; the others travel as annotations and are judged by cloudconf alone. */
const STATED = new Set<Rule['kind']>(['length', 'range', 'enum', 'items', 'pattern', 'forbidden-characters']);

function statedBySchema(field: Field, rule: string): boolean {
  // A rule's own id comes first: `ssh.ip`'s `format` is a custom rule (an IP or `any`), not a format.
  const r = field.rules?.find((x) => ruleId(x) === rule);
  if (r) return STATED.has(r.kind) && !(r.kind === 'length' && r.unit === 'bytes');
  return rule === 'required' || rule === 'type' || (rule === 'format' && field.format !== undefined);
}

/** Request schemas compiled once per operation and reading. */
const compiled = new Map<string, ValidateFunction>();
function validatorOf(mode: keyof typeof readings, op: Operation): ValidateFunction {
  const key = `${mode} ${op.id}`;
  let v = compiled.get(key);
  if (!v) {
    v = readings[mode].compile(bodySchema(op.body as NonNullable<Operation['body']>));
    compiled.set(key, v);
  }
  return v;
}

const withBodies = operations.filter((o) => o.body?.kind === 'json' && o.status.kind !== 'disabled');
const SEEDS = [1, 2, 3];

/** Every negative case of every operation, over a few seeds, with the field it is about. */
const cases: { op: Operation; c: NegativeCase; field: Field; rule: string }[] = withBodies.flatMap((op) => {
  const fields = new Map(walkFields(op.body?.fields ?? []).map((w) => [w.path, w.field]));
  return SEEDS.flatMap((seed) =>
    negativeCases(op, seed).map((c) => ({
      op,
      c,
      field: fields.get(c.path) as Field,
      rule: c.suffix.slice(c.path.length + 1),
    })),
  );
});

describe('no negative value is one the documents allow', () => {
  test('every negative body of a rule JSON Schema states is refused under both readings of the formats', () => {
    expect(cases.length).toBeGreaterThan(500);
    const accepted: string[] = [];
    let judged = 0;
    for (const { op, c, field, rule } of cases) {
      if (!statedBySchema(field, rule)) continue;
      const text = JSON.stringify(c.body);
      // `5.0` for an integer (a raw JSON number): JSON Schema's reading counts it an integer, cloudconf's
      // does not (issue 17); it is the one negative kept although a reading allows it.
      if (text !== JSON.stringify(JSON.parse(text))) continue;
      judged += 1;
      for (const mode of ['fast', 'full'] as const) {
        if (validatorOf(mode, op)(JSON.parse(text))) accepted.push(`${c.requirement} (${mode}): ${c.why}`);
      }
    }
    expect(judged).toBeGreaterThan(500);
    expect(accepted).toEqual([]);
  });

  test('every negative email is refused by every reading of "email", and the edges DECISIONS 19 names are mailboxes', () => {
    const emails = cases.filter((x) => x.rule === 'format' && x.field.format === 'email');
    expect(emails.length).toBeGreaterThan(0);
    const values = new Set(emails.map((x) => JSON.stringify(valueAt(x.c.body, x.c.location))));
    const everyReading = [
      ...Object.values(readings).map((ajv) => (v: string) => ajv.validate({ format: 'email' }, v)),
      formatPredicates.email as (v: string) => boolean,
      // The loosest reading: something, `@`, something.
      (v: string) => /^[^@\s]+@[^@\s]+$/.test(v),
    ];
    for (const value of values) {
      const v = JSON.parse(value) as string;
      expect(
        everyReading.map((accepts) => accepts(v)),
        `${value} is accepted by some reading of email`,
      ).toEqual(everyReading.map(() => false));
    }
    for (const edge of formatEdges.email ?? []) expect(formatPredicates.email?.(edge), edge).toBe(true);
  });

  test('every negative of "valid JSON" (stackscript_data) is not a JSON object of the allowed length', () => {
    const free = cases.filter((x) => x.field.values?.type === 'any');
    expect(free.length).toBeGreaterThan(0);
    for (const { c, field } of free) {
      const value = valueAt(c.body, c.location);
      const max = field.rules?.find((r) => r.kind === 'json-length')?.max ?? Number.POSITIVE_INFINITY;
      const allowed =
        typeof value === 'object' && value !== null && !Array.isArray(value) && JSON.stringify(value).length <= max;
      expect(allowed, `${c.requirement}: ${c.why}`).toBe(false);
    }
  });
});

describe('the edges the documents allow', () => {
  test('each format edge and every kind of JSON member makes a body the encoding accepts', () => {
    const edged = withBodies.flatMap((op) =>
      walkFields(op.body?.fields ?? []).flatMap((w) => {
        const format = w.field.format as Format | undefined;
        const rule = format && formatEdges[format] ? 'format' : w.field.values?.type === 'any' ? 'type' : undefined;
        return rule ? [{ op, id: requirementId({ operation: op.id, kind: 'field-rule', path: w.path, rule }) }] : [];
      }),
    );
    expect(edged.map((x) => x.id)).toEqual(
      expect.arrayContaining(['users/create/email-format', 'instances/create/stackscript_data-type']),
    );
    for (const { op, id } of edged) {
      const fromBase = allowedEdgesOf(op, id, sampleOne(validBody(op), 1));
      expect(fromBase.length, id).toBeGreaterThan(0);
      for (const c of fromBase)
        expect(checkBody(op.body as never, c.body), `${id} ${JSON.stringify(c.value)}`).toEqual([]);
    }
  });
});

/** The value at a location as evaluate.ts writes it (`a[0].b`). */
function valueAt(body: unknown, location: string): unknown {
  let cur: unknown = body;
  for (const step of location.match(/[^.[\]]+/g) ?? []) cur = (cur as Record<string, unknown> | undefined)?.[step];
  return cur;
}
