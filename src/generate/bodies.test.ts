// Self-tests of the generators: valid bodies break no rule, and every statically testable field rule of the encoding gets at least one negative case that breaks exactly that rule.

import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { requirementId, walkFields } from '../../spec/derive.js';
import { checkBody, crossRuleHolds, customChecks } from '../../spec/evaluate.js';
import { operations, requirementById, requirements } from '../../spec/index.js';
import { mendExclusive, negativeCases, negativeCasesOf, validBody } from './bodies.js';

const withBodies = operations.filter((o) => o.body?.kind === 'json' && o.status.kind !== 'disabled');

describe('valid bodies', () => {
  test.each(withBodies.map((o) => [o.id, o] as const))('%s: generated bodies satisfy every rule', (_id, op) => {
    fc.assert(
      fc.property(validBody(op), (body) => {
        expect(checkBody(op.body as never, body)).toEqual([]);
      }),
      { numRuns: 25, seed: 42 },
    );
  });

  test('a body breaking exclusive groups is mended to the first member of each, and then breaks none', () => {
    const op = operations.find((o) => o.id === 'configs/create');
    const rules = op?.body?.rules ?? [];
    const groups = rules.filter((r) => r.kind === 'exclusive');
    expect(groups.length).toBeGreaterThan(0);
    const slots = groups.map((g) => g.fields[0]?.split('.')[1] as string);
    const body = { label: 'x', devices: Object.fromEntries(slots.map((s) => [s, { disk_id: 1, volume_id: 2 }])) };
    const mended = mendExclusive(rules)(body);
    for (const rule of groups) expect(crossRuleHolds(rule, body)).toBe(false);
    for (const rule of groups) expect(crossRuleHolds(rule, mended)).toBe(true);
    expect(mended.devices).toEqual(Object.fromEntries(slots.map((s) => [s, { disk_id: 1 }])));
    // The sample is left as it was: fast-check may hand the same value out again.
    expect(body.devices[slots[0] as string]).toEqual({ disk_id: 1, volume_id: 2 });
  });
});

/** Field families whose violations the generators must produce from the data alone. */
const generated = new Set(['required', 'type', 'length', 'range', 'enum', 'items', 'format', 'pattern']);

/** Requirements of custom rules that depend on state (balances, VLAN counts): hand-written tests cover them. */
const statefulCustom = new Set(
  withBodies.flatMap((op) =>
    walkFields(op.body?.fields ?? []).flatMap(({ path, field }) =>
      (field.rules ?? []).flatMap((r) =>
        r.kind === 'custom' && !customChecks[r.check]
          ? [requirementId({ operation: op.id, kind: 'field-rule', path, rule: r.id })]
          : [],
      ),
    ),
  ),
);

describe('negative cases', () => {
  test('every derived field requirement of a generated family has a case that breaks exactly its rule', () => {
    const covered = new Set(withBodies.flatMap((op) => negativeCases(op, 42).map((c) => c.requirement)));
    const wanted = requirements.filter(
      (r) =>
        r.derivation?.kind === 'field-rule' &&
        generated.has(r.family) &&
        withBodies.some((o) => o.id === r.derivation?.operation) &&
        !statefulCustom.has(r.id),
    );
    const missing = wanted.filter((r) => !covered.has(r.id)).map((r) => r.id);
    expect(missing).toEqual([]);
  }, 60_000);
});

describe('runs', () => {
  test('more runs give more distinct rule-breaking bodies, each still breaking exactly its rule', () => {
    const rangeRequirements = requirements.filter(
      (r) => r.derived && r.family === 'range' && r.subject.kind === 'operation',
    );
    let one = 0;
    let four = 0;
    for (const r of rangeRequirements) {
      const op = withBodies.find((o) => o.id === (r.subject as { operation: string }).operation);
      if (!op) continue;
      one += negativeCasesOf(op, r.id, 7, 1).length;
      const cases = negativeCasesOf(op, r.id, 7, 4);
      four += cases.length;
      for (const c of cases)
        expect(
          checkBody(op.body as never, c.body).map((v) => requirementId({ operation: op.id, ...v.derivation })),
        ).toEqual([r.id]);
    }
    expect(one).toBeGreaterThan(0);
    expect(four).toBeGreaterThan(one);
  }, 60_000);

  test('more runs do not send the same wrong again: each aim once, a near miss once whatever value it repairs', () => {
    const op = withBodies.find((o) => o.id === 'configs/create');
    const id = 'configs/create/devices.sdb.disk_id-type';
    if (!op) throw new Error('configs/create is gone from the encoding');
    const cases = negativeCasesOf(op, id, 7, 24);
    const aims = cases.map((c) => `${c.location}|${c.nearMiss ? c.why.replace(/\d+/g, '#') : c.why}`);
    expect(cases.filter((c) => c.nearMiss).length).toBeGreaterThan(0);
    expect(aims.length).toBe(new Set(aims).size);
    expect(cases.length).toBeLessThan(negativeCasesOf(op, id, 7, 1).length * 2);
  });

  test("one rule's cases, drawn alone, are that rule's cases among all of the operation's", () => {
    let compared = 0;
    for (const op of withBodies) {
      const all = negativeCases(op, 7);
      const ids = new Set(all.map((c) => c.requirement).filter((id) => requirementById.has(id)));
      for (const id of ids) {
        const alone = negativeCasesOf(op, id, 7, 1).map((c) => JSON.stringify(c.body));
        // negativeCasesOf keeps each body once (a near miss `1` for a boolean is also its wrong type).
        const among = new Set(all.filter((c) => c.requirement === id).map((c) => JSON.stringify(c.body)));
        expect(alone, id).toEqual([...among]);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(300);
  }, 60_000);
});
