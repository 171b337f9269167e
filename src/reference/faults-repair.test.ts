// Self-tests of the repairing faults: generated per repair kind from the requirements, and applied at the pipeline's one seam, so that a bad value is repaired and accepted instead of refused.

import { describe, expect, test } from 'vitest';
import { faults } from './faults.js';
import { repairFaults, repairKindOf } from './faults-repair.js';
import { asOwner } from './test-support/owner.js';

const send = (fault: string | undefined, id: string, body: unknown) => asOwner(fault ? [fault] : []).send(id, body);

describe('repairing faults', () => {
  test('the catalogue holds them, several repair kinds, each naming the requirement it must fail', () => {
    const kinds = new Set(repairFaults.map((f) => repairKindOf(f.name)));
    expect(kinds.size).toBeGreaterThanOrEqual(7);
    for (const f of repairFaults) {
      expect(faults.some((x) => x.name === f.name)).toBe(true);
      expect(f.name).toBe(`repair:${f.catches[0]}`);
    }
  });

  test('a label one past the maximum is cut and accepted under its fault, refused without it', () => {
    const body = { label: 'x'.repeat(65), region: 'us-east' };
    expect(send(undefined, 'vpcs/create', body).status).toBe(400);
    const r = send('repair:vpcs/create/label-length', 'vpcs/create', body);
    expect(r.status).toBe(200);
    expect((r.body as { label: string }).label.length).toBeLessThan(65);
  });

  test('a subnet range with host bits set is canonicalised and accepted under its fault', () => {
    const body = { label: 'canon', region: 'us-east', subnets: [{ label: 's1', ipv4: '10.0.0.1/24' }] };
    expect(send(undefined, 'vpcs/create', body).status).toBe(400);
    const r = send('repair:vpcs/create/subnets.ipv4-canonical-cidr', 'vpcs/create', body);
    expect(r.status).toBe(200);
    expect((r.body as { subnets: { ipv4: string }[] }).subnets[0]?.ipv4).toBe('10.0.0.0/24');
  });

  test('a managed service region in a one-element array is read as the string under its fault, refused without it', () => {
    const body = {
      label: 'svc-region',
      service_type: 'url',
      address: 'http://10.0.0.1/',
      timeout: 30,
      region: ['us-east'],
    };
    expect(send(undefined, 'managed/services/create', body).status).toBe(400);
    const r = send('repair:managed/services/create/region-type', 'managed/services/create', body);
    expect(r.status).toBe(200);
    expect((r.body as { region: unknown }).region).toBe('us-east');
  });
});
