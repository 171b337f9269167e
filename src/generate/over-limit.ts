// One item past an array's maximum, made of items valid together (every rule over the array's items holds), so that a server which cuts the list to its maximum accepts what it keeps instead of refusing it for another rule (issue 17).

import fc from 'fast-check';
import { ruleId } from '../../spec/derive.js';
import { checkField, itemRuleBreach } from '../../spec/evaluate.js';
import type { CrossRule, Field, Operation } from '../../spec/types.js';
import { type Hints, objectArbitrary } from './values.js';
import type { BadValue } from './violations.js';

/** Candidate lists drawn per seed: random object items rarely hold every rule over the array together. */
const CANDIDATES = 60;

/**
 * The hint key of a whole item of the array at `path` (`interfaces.item`): items the target accepts
 * (a VLAN it can create, not a subnet it lacks) are the target's to say, as other hints are.
 */
export const itemHint = (path: string) => `${path}.item`;

/** The body's rules over the items of the array at `path` (rules by purpose, one public, unique labels). */
export const itemRulesOf = (op: Operation, path: string): CrossRule[] =>
  op.body?.kind === 'json'
    ? (op.body.rules ?? []).filter((r) => 'params' in r && 'each' in r.params && r.params.each === path)
    : [];

/** Whether every rule over the items holds on the list; a rule the items alone do not decide counts as held. */
function heldTogether(rules: readonly CrossRule[], path: string, items: readonly object[]): boolean {
  return rules.every((r) => {
    const member = (r.fields[0] ?? '').slice(path.length + 1);
    return (itemRuleBreach(r, items, member) ?? -1) === -1;
  });
}

/**
 * The near miss of an object array's item maximum: one item past it, each item valid and all of
 * them valid together, so the item count is the only rule the list breaks, and its first `max`
 * items (what a cutting server keeps) break none. Empty when no such list is drawn.
 */
export function overLimitItems(op: Operation, path: string, field: Field, seed: number, hints: Hints): BadValue[] {
  const item = field.items;
  const limit = (field.rules ?? []).find((r) => r.kind === 'items' && r.max !== undefined);
  if (item?.type !== 'object' || !item.fields || limit?.kind !== 'items' || limit.max === undefined) return [];
  const count = limit.max + 1;
  const one = hints[itemHint(path)] ?? objectArbitrary(item.fields, path, hints);
  const rules = itemRulesOf(op, path);
  const list = fc
    .sample(fc.array(one, { minLength: count, maxLength: count }), { seed, numRuns: CANDIDATES })
    .find(
      (items) =>
        items.every((it) => checkField(item, it, path, path).length === 0) &&
        heldTogether(rules, path, items as object[]),
    );
  if (!list) return [];
  return [
    {
      rule: ruleId(limit),
      value: list,
      why: `near miss: ${count} items valid together, one past the maximum ${limit.max}`,
      nearMiss: true,
    },
  ];
}
