// Self-test of the one-past-the-bound cases (issue 17): every length and range rule of the encoding gets a case exactly one past each bound, made of what the field otherwise allows, that breaks that rule and no other.

import { describe, expect, test } from 'vitest';
import { requirementId, ruleId, walkFields } from '../../spec/derive.js';
import { checkBody } from '../../spec/evaluate.js';
import { operations } from '../../spec/index.js';
import type { Operation, Rule } from '../../spec/types.js';
import { negativeCases } from './bodies.js';

type Bounded = Extract<Rule, { kind: 'length' | 'range' }>;

const withBodies = operations.filter((o) => o.body?.kind === 'json' && o.status.kind !== 'disabled');

/** Every length and range rule of a request body field, with its requirement id. */
const bounded = withBodies.flatMap((op) =>
  walkFields(op.body?.kind === 'json' ? op.body.fields : []).flatMap(({ path, field }) =>
    (field.rules ?? [])
      .filter((r): r is Bounded => r.kind === 'length' || r.kind === 'range')
      .map((rule) => ({
        op,
        path,
        field,
        rule,
        requirement: requirementId({ kind: 'field-rule', operation: op.id, path, rule: ruleId(rule) }),
      })),
  ),
);

/** The value at a case's location (`subnets[0].label`). */
function at(body: unknown, location: string): unknown {
  let cur = body;
  for (const step of location.match(/[^.[\]]+/g) ?? []) cur = (cur as Record<string, unknown>)?.[step];
  return cur;
}

const size = (rule: Bounded, v: unknown) =>
  rule.kind === 'range'
    ? v
    : typeof v === 'string'
      ? rule.unit === 'bytes'
        ? Buffer.byteLength(v)
        : [...v].length
      : undefined;

/** The bounds a rule has, each with the value one past it. */
const pastEach = (rule: Bounded) => [
  ...(rule.min !== undefined && (rule.kind === 'range' || rule.min > 0) ? [rule.min - 1] : []),
  ...(rule.max !== undefined ? [rule.max + 1] : []),
];

/**
 * Bounds no value one past them can keep the field's other rules at: a URL of 2 characters is only a
 * bare scheme (`a:`), so the case below a URL's 3-character minimum breaks its format too.
 */
const IMPOSSIBLE = new Set(['managed/services/create/address-length 2', 'managed/services/update/address-length 2']);

describe('one past each bound', () => {
  const casesOf = new Map<Operation, ReturnType<typeof negativeCases>>();
  const cases = (op: Operation) => {
    const found = casesOf.get(op) ?? negativeCases(op, 1);
    casesOf.set(op, found);
    return found;
  };

  test('the encoding has length and range rules to test', () => {
    expect(bounded.length).toBeGreaterThan(50);
  });

  test('every length and range rule gets a case exactly one past each of its bounds, breaking only that rule', () => {
    const missing: string[] = [];
    for (const { op, rule, requirement } of bounded) {
      const own = cases(op).filter((c) => c.requirement === requirement);
      for (const c of own)
        expect(
          checkBody(op.body as never, c.body).map((v) => requirementId({ operation: op.id, ...v.derivation })),
        ).toEqual([requirement]);
      for (const past of pastEach(rule)) {
        const aim = `${requirement} ${past}`;
        if (!IMPOSSIBLE.has(aim) && !own.some((c) => size(rule, at(c.body, c.location)) === past)) missing.push(aim);
      }
    }
    expect(missing).toEqual([]);
  }, 120_000);
});
