// Self-test of the start order of a file's tests: a rule probed one character or value at a time starts first; other tests keep their order.

import { expect, test } from 'vitest';
import { requirementById } from '../../spec/index.js';
import type { Requirement } from '../../spec/types.js';
import { longFirst, probesOneByOne } from './long-first.js';

const req = (id: string): Requirement => {
  const r = requirementById.get(id);
  if (!r) throw new Error(`no requirement ${id}`);
  return r;
};

test('rules probed one at a time are seen; a type rule, a length rule and a written clause are not', () => {
  expect(probesOneByOne(req('billing/credit-card/add/card_number-digits'))).toBe(true);
  expect(probesOneByOne(req('configs/create/interfaces.label-vlan-characters'))).toBe(true);
  expect(probesOneByOne(req('users/grants/update/node.permissions-enum'))).toBe(true);
  expect(probesOneByOne(req('billing/payments/create/usd-amount-format'))).toBe(true);
  expect(probesOneByOne(req('configs/create/helpers-type'))).toBe(false);
  expect(probesOneByOne(req('billing/payment-methods/create/data.card_number-length'))).toBe(false);
  expect(probesOneByOne(req('conventions/status/no-server-error'))).toBe(false);
});

test('the long chains come first, then the written tests, and each group keeps its order', () => {
  const ids = [
    'configs/create/helpers-type',
    'billing/credit-card/add/card_number-digits',
    'conventions/status/no-server-error',
    'configs/create/interfaces.label-vlan-characters',
    'billing/payment-methods/create/data.card_number-length',
  ];
  const written = (r: Requirement) => r.id === 'conventions/status/no-server-error';
  expect(longFirst(ids.map(req), written).map((r) => r.id)).toEqual([
    'billing/credit-card/add/card_number-digits',
    'configs/create/interfaces.label-vlan-characters',
    'conventions/status/no-server-error',
    'configs/create/helpers-type',
    'billing/payment-methods/create/data.card_number-length',
  ]);
});
