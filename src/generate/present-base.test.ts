// Self-tests of the base that holds an optional field with every cross rule kept: the witness comes from the rule's parameters, and without one there is no base.

import { describe, expect, test } from 'vitest';
import { checkBody, crossRuleHolds } from '../../spec/evaluate.js';
import { operations } from '../../spec/index.js';
import type { Operation } from '../../spec/types.js';
import { presentBase } from './present-base.js';

const create = operations.find((o) => o.id === 'managed/services/create') as Operation;
const fields = create.body?.kind === 'json' ? create.body.fields : [];
const region = fields.find((f) => f.name === 'region');
const rule = create.body?.rules?.find((r) => r.id === 'region-iff-private-address');
const base = { label: 'web', service_type: 'url', address: 'https://www.example.com/', timeout: 10 };

/** The operation with the region rule's private ranges replaced. */
const withRanges = (privateRanges: string[]): Operation =>
  ({
    ...create,
    body: {
      ...create.body,
      rules: [{ ...rule, params: { ...(rule?.kind === 'custom' ? rule.params : {}), privateRanges } }],
    },
  }) as Operation;

describe('a base that holds a field', () => {
  test('a region next to a public address breaks the cross rule; the base sets a private address instead', () => {
    if (!region || !rule || create.body?.kind !== 'json') throw new Error('managed services changed shape');
    expect(checkBody(create.body, base)).toEqual([]);
    expect(crossRuleHolds(rule, { ...base, region: 'x' })).toBe(false);
    const held = presentBase(create, base, 'region', region, 1, {});
    expect(held?.region).toEqual(expect.any(String));
    expect(held?.address).toMatch(/^http:\/\/10\.0\.0\.1\/$/);
    expect(checkBody(create.body, held)).toEqual([]);
    expect(base).not.toHaveProperty('region');
  });

  test('the private address is read from the rule, and without a usable range there is no base', () => {
    if (!region) throw new Error('managed services changed shape');
    expect(presentBase(withRanges(['192.168.0.0/16']), base, 'region', region, 1, {})?.address).toBe(
      'http://192.168.0.1/',
    );
    expect(presentBase(withRanges(['fc00::/7']), base, 'region', region, 1, {})).toBeUndefined();
  });
});
