// Self-tests that hold the encoding to the three documents: every endpoint, Limits row, state row, event kind and Errors row, in both directions.

import { describe, expect, test } from 'vitest';
import { pageParam, pageSizeParam } from '../../spec/conventions.js';
import { walkFields } from '../../spec/derive.js';
import {
  errorCases,
  eventKinds,
  limits,
  operationById,
  operations,
  resourceById,
  stateTables,
} from '../../spec/index.js';
import type { CrossRule, Field, Json, Param, Part, Rule } from '../../spec/types.js';
import {
  documentedOperations,
  documentsAvailable,
  errorRows,
  eventActions,
  limitRows,
  numbersIn,
  stateRows,
} from './support/api-doc.js';

const parts: Part[] = [1, 2, 3];
const key = (o: { method: string; root: string; path: string }) =>
  `${o.method} ${o.root === 'beta' ? '{base_url_beta}' : ''}${o.path}`;
const sorted = (xs: Iterable<string>) => [...xs].sort();

/** Operations named in prose rather than in an endpoint table. */
const namedInProse: Record<Part, string[]> = { 1: [], 2: ['GET /profile/grants'], 3: [] };
const expectedCounts: Record<Part, number> = { 1: 46, 2: 58, 3: 54 };

describe.skipIf(!documentsAvailable).each(parts)('Part %i', (part) => {
  const encoded = operations.filter((o) => o.part === part);

  test('the encoded operations are exactly the documented ones', () => {
    const documented = [...documentedOperations(part).map(key), ...namedInProse[part]];
    expect(sorted(encoded.map(key))).toEqual(sorted(documented));
  });

  test('the number of operations matches the documents', () => {
    expect(encoded.length).toBe(expectedCounts[part]);
  });

  test('every Limits row is encoded with the same numbers, and nothing else is', () => {
    const rows = limitRows(part);
    const encodedRows = limits.filter((l) => l.part === part);
    expect(sorted(encodedRows.map((l) => `${l.item} | ${l.limit}`))).toEqual(
      sorted(rows.map((r) => `${r.item} | ${r.limit}`)),
    );
    for (const row of rows) {
      const e = encodedRows.find((l) => l.item === row.item);
      expect(e?.numbers, row.item).toEqual(numbersIn(row.limit));
    }
  });

  test('every state table row is encoded, and nothing else is', () => {
    const doc = stateRows(part).map((r) => `${r.state} | ${r.trigger} | ${r.condition}`);
    const enc = stateTables
      .filter((t) => t.source.part === part)
      .flatMap((t) => t.transitions.map((tr) => `${tr.row.state} | ${tr.row.trigger} | ${tr.row.condition}`));
    expect(sorted(enc)).toEqual(sorted(doc));
  });

  test('every event kind of the Events table is encoded, and nothing else is', () => {
    expect(sorted(eventKinds.filter((e) => e.part === part).map((e) => e.action))).toEqual(
      sorted(new Set(eventActions(part))),
    );
  });

  test('every Errors row is encoded, and nothing else is', () => {
    expect(sorted(errorCases.filter((e) => e.part === part).map((e) => `${e.condition} | ${e.behaviour}`))).toEqual(
      sorted(errorRows(part).map((r) => `${r.condition} | ${r.behaviour}`)),
    );
  });
});

// Where a Limits row says the encoding holds its numbers, look them up there.

const ruleNumbers = (rules: readonly Rule[] | undefined): number[] =>
  (rules ?? []).flatMap((r) => {
    const xs: Json[] = [];
    if ('min' in r && r.min !== undefined) xs.push(r.min);
    if ('max' in r && r.max !== undefined) xs.push(r.max);
    if (r.kind === 'enum') xs.push(...r.values);
    if (r.kind === 'custom' && r.params) xs.push(...Object.values(r.params));
    return xs.filter((x): x is number => typeof x === 'number');
  });
const fieldNumbers = (f: Field | Param): number[] => [
  ...ruleNumbers(f.rules),
  ...(typeof f.default === 'number' ? [f.default] : []),
];
const crossNumbers = (r: CrossRule) =>
  Object.values('params' in r ? r.params : {}).filter((x): x is number => typeof x === 'number');

function resourceField(fields: Field[], path: string[]): Field | undefined {
  const [head, ...rest] = path;
  const f = fields.find((x) => x.name === head);
  if (!f || rest.length === 0) return f;
  return resourceField(f.fields ?? f.items?.fields ?? f.values?.fields ?? (f.items ? [f.items] : []), rest);
}

/** `param:page`, `resource.field.sub`, `operation/id#field.path`, `operation/id#param:name` or `operation/id#rule:id`. */
function numbersAt(location: string): number[] | undefined {
  if (location === 'param:page') return fieldNumbers(pageParam);
  if (location === 'param:page_size') return fieldNumbers(pageSizeParam);
  const hash = location.indexOf('#');
  if (hash > 0) {
    const op = operationById.get(location.slice(0, hash));
    const rest = location.slice(hash + 1);
    if (!op) return undefined;
    if (rest.startsWith('param:')) {
      const p = [...op.pathParams, ...op.query].find((x) => x.name === rest.slice(6));
      return p && fieldNumbers(p);
    }
    if (rest.startsWith('rule:')) {
      const r = op.body?.rules?.find((x) => x.id === rest.slice(5));
      return r && crossNumbers(r);
    }
    const w = walkFields(op.body?.fields ?? []).find((x) => x.path === rest);
    return w && fieldNumbers(w.field);
  }
  const [res, ...path] = location.split('.');
  const resource = resourceById.get(res as string);
  if (!resource) return undefined;
  if (path[0]?.startsWith('rule:')) {
    const r = resource.rules?.find((x) => x.id === path[0]?.slice(5));
    return r && crossNumbers(r);
  }
  const f = resourceField(resource.fields, path);
  return f && fieldNumbers(f);
}

describe('Limits rows point at encoded rules', () => {
  test.each(limits.map((l) => [`Part ${l.part}: ${l.item}`, l] as const))('%s', (_name, row) => {
    if (row.encodedAt.length === 0) {
      expect(row.note, 'a row held by no rule says why').toBeTruthy();
      return;
    }
    const found = row.encodedAt.map((loc) => [loc, numbersAt(loc)] as const);
    for (const [loc, nums] of found) {
      expect(nums, `${loc} does not exist`).toBeDefined();
      expect(
        nums?.some((n) => row.numbers.includes(n)),
        `${loc} holds none of ${row.numbers.join(', ')}`,
      ).toBe(true);
    }
    const all = new Set(found.flatMap(([, nums]) => nums ?? []));
    expect(row.numbers.filter((n) => !all.has(n) && !row.note)).toEqual([]);
  });
});
