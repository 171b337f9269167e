// Self-tests of what the reference resolver changes in a case without the network: the slots it fills with a real disk, the subnets it widens, and that a case keeps breaking its rule alone afterwards.

import { describe, expect, test } from 'vitest';
import { operationById } from '../../spec/index.js';
import type { Operation } from '../../spec/types.js';
import { validBody } from '../generate/bodies.js';
import { breaksOnly, crossRuleCases } from '../generate/cross-rules.js';
import { sampleOne } from '../generate/violations.js';
import { fillSlots, roomy, slotsToFill } from './cross-rule-entities.js';

const REAL_DISK = 424242;

describe('device slots', () => {
  const base = { devices: { sda: { disk_id: 7 } } };

  test('a slot the case adds names the real disk; one holding only a volume holds the disk instead', () => {
    const body = { devices: { sda: { disk_id: 7 }, sdb: { disk_id: 99 }, sdc: { volume_id: 5 } } };
    const slots = slotsToFill(body, base);
    expect(slots).toEqual(['sdb', 'sdc']);
    fillSlots(body, slots, REAL_DISK);
    expect(body.devices).toEqual({ sda: { disk_id: 7 }, sdb: { disk_id: REAL_DISK }, sdc: { disk_id: REAL_DISK } });
  });

  test('a slot with both a disk and a volume keeps the volume (none can be made) and a disk the body already mounts', () => {
    const mounted = { devices: { sda: { disk_id: 7, volume_id: 3 } } };
    expect(slotsToFill(mounted, base)).toEqual([]);
    const both = { devices: { sda: { disk_id: 7 }, sdd: { disk_id: 1, volume_id: 3 } } };
    fillSlots(both, slotsToFill(both, base), REAL_DISK);
    expect(both.devices.sdd).toEqual({ disk_id: REAL_DISK, volume_id: 3 });
  });
});

test('a subnet narrower than a /24 is widened to the /24 that holds it; a wider one stays', () => {
  expect(roomy('10.3.2.172/30')).toBe('10.3.2.0/24');
  expect(roomy('10.16.0.0/12')).toBe('10.16.0.0/12');
});

const deviceRules = ['configs/create', 'configs/update'].flatMap((id) => {
  const op = operationById.get(id) as Operation;
  return (op.body?.rules ?? [])
    .filter((r) => r.id.startsWith('devices.') || r.id === 'fullvirt-slots')
    .map((r) => [`${id}/${r.id}`, op, r.id] as const);
});

test.each(deviceRules)(
  '%s: a case whose slots name a real disk still breaks its rule and nothing else',
  (_, op, ruleId) => {
    const base = { ...(sampleOne(validBody(op), 3) as Record<string, unknown>), devices: { sda: { disk_id: 7 } } };
    const rule = op.body?.rules?.find((r) => r.id === ruleId);
    const cases = crossRuleCases(op, ruleId, base, {}, 3);
    expect(cases.length).toBeGreaterThan(0);
    for (const c of cases) {
      fillSlots(c.body, slotsToFill(c.body, base), REAL_DISK);
      expect(rule && breaksOnly(op, rule, c.body)).toBe(true);
    }
  },
);
