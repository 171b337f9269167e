// Self-test of the too-strict faults: each refuses what the documents allow (a label over half its maximum, an optional field left out, the last member of an enum, a page size over half its bound), and nothing else, through the pipeline.

import { describe, expect, test } from 'vitest';
import { operationById, requirements } from '../../spec/index.js';
import type { Operation } from '../../spec/types.js';
import { strictFaults } from './faults-strict.js';
import { handle } from './pipeline.js';
import { handlers } from './routes/index.js';
import { asOwner } from './test-support/owner.js';

describe('too-strict faults', () => {
  test('one per accepting requirement, each caught by it', () => {
    const accepting = requirements.filter((r) => r.derivation?.kind === 'accepted').map((r) => r.id);
    expect(strictFaults.map((f) => f.catches[0]).sort()).toEqual([...accepting].sort());
    expect(strictFaults.filter((f) => f.awaiting).length).toBeLessThan(10);
  });

  test('a VPC label longer than half the maximum is refused, the rest is not', () => {
    const { send } = asOwner(['strict:vpcs/create/label-length-accepted']);
    expect(send('vpcs/create', { label: 'a'.repeat(32), region: 'us-east' }).status).toBe(200);
    const refused = send('vpcs/create', { label: 'b'.repeat(33), region: 'us-east' });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('label');
  });

  test('an optional field becomes required; an enum member and a page size are refused', () => {
    const optional = asOwner(['strict:vpcs/create/description-optional-accepted']);
    expect(optional.send('vpcs/create', { label: 'x', region: 'us-east' }).status).toBe(400);
    expect(optional.send('vpcs/create', { label: 'y', region: 'us-east', description: 'd' }).status).toBe(200);
    const member = asOwner(['strict:vpcs/subnets/create/label-length-accepted']);
    expect(
      member.send('vpcs/create', {
        label: 'z',
        region: 'us-east',
        subnets: [{ label: 'c'.repeat(40), ipv4: '10.0.0.0/24' }],
      }).status,
    ).toBe(200);
    const { world, send } = asOwner(['strict:users/list/page_size-range-accepted']);
    expect(send('users/list', undefined).status).toBe(200);
    const list = (page_size: string) =>
      handle(world, handlers, {
        op: operationById.get('users/list') as Operation,
        params: {},
        query: new URLSearchParams({ page_size }),
        token: 'owner-token',
        rawBody: '',
      }).status;
    expect(list('262')).toBe(200);
    expect(list('500')).toBe(400);
  });

  test('the last member of an enum is refused', () => {
    const fault = strictFaults.find((f) => f.name === 'strict:managed/services/create/service_type-enum-accepted');
    expect(fault?.breaks).toContain('"tcp"');
  });
});
