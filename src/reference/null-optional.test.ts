// Self-test of DECISIONS 17 in the reference server: an optional request member sent as null is not given, a required one sent as null is missing.

import { describe, expect, test } from 'vitest';
import { asOwner } from './test-support/owner.js';

describe('null on request fields (DECISIONS 17)', () => {
  test('a create with every optional member null is accepted as if they were left out', () => {
    const { send } = asOwner();
    const r = send('vpcs/create', { label: 'null-optional', region: 'us-east', description: null, subnets: null });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ label: 'null-optional', description: '', subnets: [] });
  });

  test('an update with an optional member null changes nothing of it', () => {
    const { send } = asOwner();
    const made = send('vpcs/create', { label: 'kept', region: 'us-east', description: 'before' });
    const id = String((made.body as { id: number }).id);
    const r = send('vpcs/update', { label: 'kept-too', description: null }, { vpcId: id });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ label: 'kept-too', description: 'before' });
  });

  test('a required member sent as null is refused as missing, naming the field', () => {
    const { send } = asOwner();
    const r = send('vpcs/create', { label: null, region: 'us-east' });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ errors: [{ field: 'label', reason: 'label is required' }] });
  });
});
