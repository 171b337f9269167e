// Self-test of DECISIONS 17 in the generators: no negative case sends null for an optional member, and null for a required member is a case of its `required` requirement.

import { describe, expect, test } from 'vitest';
import { isObject } from '../../spec/evaluate.js';
import { operations } from '../../spec/index.js';
import type { Field } from '../../spec/types.js';
import { negativeCases } from './bodies.js';

const withBodies = operations.filter((o) => o.body?.kind === 'json' && o.status.kind !== 'disabled');

/** Locations of optional, non-nullable members that hold null, in nested objects and object items too. */
function nullOptionals(fields: readonly Field[], value: unknown, at = ''): string[] {
  if (!isObject(value)) return [];
  return fields.flatMap((f) => {
    const where = at ? `${at}.${f.name}` : f.name;
    const member = value[f.name];
    if (member === null) return f.required || f.nullable ? [] : [where];
    const inner = f.fields ? nullOptionals(f.fields, member, where) : [];
    const items =
      f.items?.fields && Array.isArray(member)
        ? member.flatMap((m, i) => nullOptionals(f.items?.fields ?? [], m, `${where}[${i}]`))
        : [];
    return [...inner, ...items];
  });
}

describe('null on request fields (DECISIONS 17)', () => {
  const cases = [1, 42].flatMap((seed) => withBodies.flatMap((op) => negativeCases(op, seed).map((c) => ({ op, c }))));

  test('no negative case holds null for an optional member', () => {
    const offending = cases.flatMap(({ op, c }) =>
      nullOptionals(op.body?.kind === 'json' ? op.body.fields : [], c.body).map((at) => `${c.requirement} ${at}`),
    );
    expect(offending).toEqual([]);
  });

  test('null for a required member is a case of its required requirement, never of its type', () => {
    const nullCases = cases.filter(({ c }) => c.why.startsWith('null'));
    const required = nullCases.filter(({ c }) => c.suffix.endsWith('-required'));
    expect(required.length).toBeGreaterThan(10);
    for (const { c } of nullCases) if (!c.path.endsWith('.item')) expect(c.suffix).toMatch(/-required$/);
  });
});
