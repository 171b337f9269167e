// Self-tests of the cross rule cases: the evaluator tells breaches from valid bodies, and every cross rule a body alone decides gets cases that break it and no other rule.

import { describe, expect, test } from 'vitest';
import { requirementId } from '../../spec/derive.js';
import { checkBody } from '../../spec/evaluate.js';
import { operationById, operations } from '../../spec/index.js';
import type { CrossRule, Operation } from '../../spec/types.js';
import { validBody } from './bodies.js';
import { crossRuleBroken, crossRuleCases } from './cross-rules.js';
import { sampleOne } from './violations.js';

function ruleOf(opId: string, ruleId: string): { op: Operation; rule: CrossRule } {
  const op = operationById.get(opId);
  const rule = op?.body?.rules?.find((r) => r.id === ruleId);
  if (!op || !rule) throw new Error(`no rule ${opId}/${ruleId}`);
  return { op, rule };
}

const broken = (opId: string, ruleId: string, body: Record<string, unknown>) =>
  crossRuleBroken(ruleOf(opId, ruleId).rule, body);

describe('cross rule evaluator', () => {
  test('rules between fields: both of an exclusive pair, a required field missing, a forbidden one present', () => {
    expect(broken('instances/create', 'image-or-backup', { image: 'a', backup_id: 1 })).toBe(true);
    expect(broken('instances/create', 'image-or-backup', { image: 'a' })).toBe(false);
    expect(broken('instances/create', 'root-pass-with-image', { image: 'a' })).toBe(true);
    expect(broken('instances/create', 'root-pass-with-image', { image: 'a', root_pass: 'x' })).toBe(false);
    expect(broken('instances/clone', 'region-required-for-new', { type: 't' })).toBe(true);
    expect(broken('instances/clone', 'region-required-for-new', { node_id: 1 })).toBe(false);
    expect(
      broken('instances/create', 'stackscript-not-with-private-image', { stackscript_id: 1, image: 'private/2' }),
    ).toBe(true);
    expect(
      broken('instances/create', 'stackscript-not-with-private-image', { stackscript_id: 1, image: 'linode/x' }),
    ).toBe(false);
    const fullvirt = { virt_mode: 'fullvirt', devices: { sde: { disk_id: 1 } } };
    expect(broken('configs/create', 'fullvirt-slots', fullvirt)).toBe(true);
    expect(broken('configs/create', 'fullvirt-slots', { ...fullvirt, virt_mode: 'paravirt' })).toBe(false);
  });

  test('rules over the items of an array, and over a body that is the item', () => {
    const twoPublic = { interfaces: [{ purpose: 'public' }, { purpose: 'public' }] };
    expect(broken('instances/create', 'interfaces.one-public', twoPublic)).toBe(true);
    expect(broken('instances/create', 'interfaces.one-public', { interfaces: [{ purpose: 'public' }] })).toBe(false);
    const sameVlan = {
      interfaces: [
        { purpose: 'vlan', label: 'a' },
        { purpose: 'vlan', label: 'a' },
      ],
    };
    expect(broken('configs/create', 'interfaces.vlan-label-unique', sameVlan)).toBe(true);
    expect(broken('interfaces/add', 'vlan-not-primary', { purpose: 'vlan', label: 'a', primary: true })).toBe(true);
    expect(broken('interfaces/add', 'vlan-not-primary', { purpose: 'public', primary: true })).toBe(false);
    expect(broken('interfaces/add', 'vlan-label-required', { purpose: 'vlan', label: '' })).toBe(true);
  });

  test('rules a body cannot decide are undefined', () => {
    expect(broken('billing/payment-methods/create', 'expiry-not-in-past', {})).toBeUndefined();
    expect(broken('billing/payments/create', 'cvv-required-for-credit-card', {})).toBeUndefined();
  });
});

/** Rules no body can break alone: a StackScript with a backup either lacks the image it needs or has both an image and a backup. */
const IMPLIED = new Set(['instances/create/stackscript-not-with-backup']);

const decided = operations.flatMap((op) =>
  op.body?.kind === 'json' && op.status.kind !== 'disabled'
    ? (op.body.rules ?? [])
        .filter((rule) => crossRuleBroken(rule, {}) !== undefined)
        .map((rule) => [requirementId({ operation: op.id, kind: 'cross-rule', rule: rule.id }), op, rule] as const)
    : [],
);

describe('cross rule cases', () => {
  test.each(decided)('%s: cases break the rule and nothing else', (id, op, rule) => {
    const base = sampleOne(validBody(op), 7) as Record<string, unknown>;
    const cases = crossRuleCases(op, rule.id, base, {}, 7);
    if (IMPLIED.has(id)) return expect(cases).toEqual([]);
    expect(cases.length).toBeGreaterThan(0);
    for (const c of cases) {
      expect(crossRuleBroken(rule, c.body)).toBe(true);
      const others = (op.body?.rules ?? []).filter((r) => r.id !== rule.id && crossRuleBroken(r, c.body) === true);
      expect(others.map((r) => r.id)).toEqual([]);
      expect(checkBody(op.body as never, c.body).filter((v) => v.suffix !== rule.id)).toEqual([]);
    }
  });

  test('a case filling a slot that fullvirt forbids says paravirt: an update would otherwise keep a stored fullvirt', () => {
    const { op, rule } = ruleOf('configs/update', 'devices.sde.one-device');
    const base = { label: 'profile', devices: { sda: { disk_id: 1 } } };
    const cases = crossRuleCases(op, rule.id, base, {}, 7);
    expect(cases.length).toBeGreaterThan(0);
    for (const c of cases) expect(c.body.virt_mode).toBe('paravirt');
  });
});
