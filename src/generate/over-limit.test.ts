// Self-tests of the over-limit item case (issue 17): one item past the maximum, the items valid together, so that a server cutting the list to its maximum accepts what it keeps.

import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { checkBody, itemRuleBreach } from '../../spec/evaluate.js';
import { operationById } from '../../spec/index.js';
import { lenientValue } from '../../spec/lenient.js';
import type { Field, Operation } from '../../spec/types.js';
import { negativeCases, negativeCasesOf, validBody, withNearMissesOn } from './bodies.js';
import { itemHint, itemRulesOf } from './over-limit.js';
import type { Hints } from './values.js';
import { sampleOne } from './violations.js';

const WITH_INTERFACES = ['configs/create', 'configs/update', 'instances/create'];

let counter = 0;
const vlans: Hints = {
  [itemHint('interfaces')]: fc.constant(null).map(() => ({ purpose: 'vlan', label: `v${counter++}` })),
};
const publics: Hints = { [itemHint('interfaces')]: fc.constant({ purpose: 'public' }) };

const overLimit = (op: Operation, hints: Hints) =>
  negativeCases(op, 1, hints, { path: 'interfaces', rule: 'items' }).filter((c) => c.nearMiss);

describe('one item past the maximum', () => {
  test.each(WITH_INTERFACES)('%s: breaks only the item count, and what a cutting server keeps breaks nothing', (id) => {
    const op = operationById.get(id) as Operation;
    const body = op.body?.kind === 'json' ? op.body : undefined;
    const field = body?.fields.find((f) => f.name === 'interfaces') as Field;
    const [c] = overLimit(op, vlans);
    expect(c?.why).toMatch(/^near miss: 4 items valid together/);
    if (!c || !body) return;
    expect(checkBody(body, c.body).map((v) => v.suffix)).toEqual(['interfaces-items']);
    const items = c.body.interfaces as object[];
    for (const rule of itemRulesOf(op, 'interfaces'))
      expect(itemRuleBreach(rule, items, (rule.fields[0] ?? '').slice('interfaces.'.length)) ?? -1, rule.id).toBe(-1);
    const kept = lenientValue(field, 'items', items);
    expect(kept).toHaveLength(3);
    expect(checkBody(body, { ...c.body, interfaces: kept })).toEqual([]);
  });

  test('items that break a rule over the array together (two public interfaces) make no case', () => {
    expect(overLimit(operationById.get('configs/create') as Operation, publics)).toEqual([]);
  });

  test('near misses are rebuilt on the body the target accepts, the other cases kept', () => {
    const op = operationById.get('configs/create') as Operation;
    const id = 'configs/create/interfaces-items';
    const generated = negativeCasesOf(op, id, 1, 1, vlans);
    const accepted = sampleOne(validBody(op), 7);
    const rebuilt = withNearMissesOn(op, id, generated, accepted, 1, 1, vlans);
    const near = rebuilt.filter((c) => c.nearMiss);
    expect(near).toHaveLength(1);
    const { interfaces: _, ...rest } = near[0]?.body ?? {};
    const { interfaces: __, ...acceptedRest } = accepted;
    expect(rest).toEqual(acceptedRest);
    expect(rebuilt.filter((c) => !c.nearMiss)).toEqual(generated.filter((c) => !c.nearMiss));
  });
});
