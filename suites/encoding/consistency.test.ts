// Self-tests of the encoding's internal consistency: rules that can be evaluated, ordered bounds, effects on destructive operations, and every "not shown" recorded.

import { describe, expect, test } from 'vitest';
import { walkFields } from '../../spec/derive.js';
import { notShown, operations, resources } from '../../spec/index.js';
import type { Field, Param, Part, Rule } from '../../spec/types.js';
import { documentsAvailable, readDocument } from './support/api-doc.js';

const allFields = (): { where: string; field: Field | Param }[] => [
  ...operations.flatMap((o) => [
    ...walkFields(o.body?.fields ?? []).map((w) => ({ where: `${o.id}#${w.path}`, field: w.field })),
    ...[...o.pathParams, ...o.query].map((p) => ({ where: `${o.id}#param:${p.name}`, field: p })),
  ]),
  ...resources.flatMap((r) => walkFields(r.fields).map((w) => ({ where: `${r.id}.${w.path}`, field: w.field }))),
];

const rulesWithPlace = (): { where: string; rule: Rule }[] =>
  allFields().flatMap(({ where, field }) => (field.rules ?? []).map((rule) => ({ where, rule })));

describe('rules', () => {
  test('every pattern and counted character class compiles as a unicode regular expression', () => {
    const bad = rulesWithPlace().flatMap(({ where, rule }) => {
      const source = rule.kind === 'pattern' ? rule.regex : rule.kind === 'count' ? rule.charClass : undefined;
      if (source === undefined) return [];
      try {
        new RegExp(source, 'u');
        return [];
      } catch {
        return [`${where}: ${source}`];
      }
    });
    expect(bad).toEqual([]);
  });

  test('bounds are ordered and lengths are not negative', () => {
    const bad = rulesWithPlace()
      .filter(({ rule }) => {
        if (!('min' in rule || 'max' in rule)) return false;
        const min = 'min' in rule ? rule.min : undefined;
        const max = 'max' in rule ? rule.max : undefined;
        if (min !== undefined && max !== undefined && min > max) return true;
        return (rule.kind === 'length' || rule.kind === 'items') && (min ?? 0) < 0;
      })
      .map(({ where }) => where);
    expect(bad).toEqual([]);
  });

  test('enum values are unique and match the field type', () => {
    const bad = allFields().flatMap(({ where, field }) =>
      (field.rules ?? [])
        .filter((r) => r.kind === 'enum')
        .flatMap((r) => {
          const values = r.kind === 'enum' ? r.values : [];
          const typed = values.filter(
            (v) => v !== null && typeof v !== (field.type === 'integer' ? 'number' : field.type),
          );
          return new Set(values).size !== values.length || typed.length ? [where] : [];
        }),
    );
    expect(bad).toEqual([]);
  });

  test('defaults satisfy the field type', () => {
    const jsType = { string: 'string', integer: 'number', number: 'number', boolean: 'boolean' } as const;
    const bad = allFields()
      .filter(({ field }) => field.default !== undefined && field.default !== null && field.type in jsType)
      .filter(({ field }) => typeof field.default !== jsType[field.type as keyof typeof jsType])
      .map(({ where }) => where);
    expect(bad).toEqual([]);
  });
});

describe('operations', () => {
  test('every DELETE is marked destructive, so safe mode can reason about it', () => {
    expect(
      operations.filter((o) => o.method === 'DELETE' && !o.effects.includes('destructive')).map((o) => o.id),
    ).toEqual([]);
  });

  test('only operations that change something carry effects', () => {
    expect(operations.filter((o) => o.method === 'GET' && o.effects.length > 0).map((o) => o.id)).toEqual([]);
  });

  test('a body is never attached to a GET or DELETE', () => {
    expect(operations.filter((o) => o.body && (o.method === 'GET' || o.method === 'DELETE')).map((o) => o.id)).toEqual(
      [],
    );
  });

  test('lists that page return the envelope, and envelopes page', () => {
    const bad = operations.filter((o) => (o.paging !== 'none') !== (o.response.kind === 'envelope')).map((o) => o.id);
    expect(bad).toEqual([]);
  });
});

describe('not shown', () => {
  const encodedCount = (part: Part) =>
    notShown.filter((n) => n.source.part === part).length +
    operations.filter((o) => o.part === part && (o.response.kind === 'not-shown' || 'notShown' in o.response)).length;

  test.skipIf(!documentsAvailable).each([1, 2, 3] as Part[])(
    'Part %i records at least as many "not shown" clauses as the document states',
    (part) => {
      const stated = (readDocument(part).match(/not shown/gi) ?? []).length;
      expect(encodedCount(part)).toBeGreaterThanOrEqual(stated);
    },
  );
});
