// Self-tests of the instance checks: each passes on a good value and fails on a bad one.

import { describe, expect, test } from 'vitest';
import {
  instanceStatus,
  itemCount,
  knownStatusName,
  sameMembers,
  typeUpgraded,
  valueAssigned,
  valueKept,
} from './instances.js';

describe('instance checks', () => {
  test('status among the expected ones', () => {
    expect(instanceStatus('running', ['running'], 'why').ok).toBe(true);
    expect(instanceStatus('offline', ['running'], 'why')).toMatchObject({ ok: false, check: 'instance-status' });
    expect(instanceStatus(undefined, ['running'], 'why')).toMatchObject({ ok: false });
  });
  test('known status names', () => {
    expect(knownStatusName('shutting_down').ok).toBe(true);
    expect(knownStatusName('stopped')).toMatchObject({ ok: false, check: 'instance-status-name' });
  });
  test('item count', () => {
    expect(itemCount([1, 2], 2, 'disks', 'why').ok).toBe(true);
    expect(itemCount([1], 2, 'disks', 'why')).toMatchObject({ ok: false, check: 'item-count' });
  });
  test('same members in any order', () => {
    expect(sameMembers(['b', 'a'], ['a', 'b'], 'labels', 'why').ok).toBe(true);
    expect(sameMembers(['a'], ['a', 'b'], 'labels', 'why')).toMatchObject({ ok: false, check: 'same-members' });
  });
  test('value kept and value assigned', () => {
    expect(valueKept('us-east', 'us-east', 'region', 'why').ok).toBe(true);
    expect(valueKept('eu-central', 'us-east', 'region', 'why')).toMatchObject({ ok: false, check: 'value-kept' });
    expect(valueAssigned('node42', 'label', 'why').ok).toBe(true);
    expect(valueAssigned('', 'label', 'why')).toMatchObject({ ok: false, check: 'value-assigned' });
  });
  test('type upgraded', () => {
    expect(typeUpgraded('g6-standard-1', 'g5-standard-1').ok).toBe(true);
    expect(typeUpgraded('g5-standard-1', 'g5-standard-1')).toMatchObject({ ok: false, check: 'type-upgraded' });
    expect(typeUpgraded(undefined, 'g5-standard-1')).toMatchObject({ ok: false });
  });
});
