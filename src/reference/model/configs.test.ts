// Unit tests of the configuration profiles model: device slots, the fullvirt rule, kernels, defaults, interfaces replaced on update, and deletion.

import { describe, expect, test } from 'vitest';
import { deployedInstance } from '../test-support/instances.js';
import { rejection } from '../test-support/model-errors.js';
import { ownerWorld } from '../test-support/principals.js';
import * as m from './configs.js';
import { bootInstance, type Instance } from './instances.js';
import type { Principal } from './world.js';

function setup(faults: string[] = []) {
  const { world, owner: p } = ownerWorld(faults);
  const instance = deployedInstance(p, { booted: false });
  const [root, swap] = [...instance.disks.keys()] as [number, number];
  return { world, p, instance, root, swap };
}

const create = (p: Principal, i: Instance, input: Partial<m.ConfigInput> = {}) =>
  m.createConfig(p, i, { label: 'profile', devices: {}, ...input });

describe('profile create', () => {
  test('defaults: kernel, root device, run level, virt mode, memory of the type, one public interface', () => {
    const { p, instance } = setup();
    const c = create(p, instance);
    expect([c.kernel, c.root_device, c.run_level, c.virt_mode, c.memory_limit]).toEqual([
      'node/latest-64bit',
      '/dev/sda',
      'default',
      'paravirt',
      2048,
    ]);
    expect(c.helpers.devtmpfs_automount).toBe(false);
    expect(c.interfaces.map((i) => i.purpose)).toEqual(['public']);
    expect(Object.values(c.devices).every((d) => d === null)).toBe(true);
  });

  test('slots hold disks of the instance; unknown disks and volumes are refused', () => {
    const { p, instance, root, swap } = setup();
    const c = create(p, instance, { devices: { sda: { disk_id: root }, sdb: { disk_id: swap }, sdc: null } });
    expect([c.devices.sda, c.devices.sdb, c.devices.sdc]).toEqual([{ disk_id: root }, { disk_id: swap }, null]);
    expect(rejection(() => create(p, instance, { devices: { sda: { disk_id: 1 } } })).items[0]?.field).toBe(
      'devices.sda.disk_id',
    );
    expect(rejection(() => create(p, instance, { devices: { sdb: { volume_id: 1 } } })).items[0]?.field).toBe(
      'devices.sdb.volume_id',
    );
  });

  test('fullvirt leaves sde..sdh empty', () => {
    const { p, instance, root } = setup();
    const error = rejection(() => create(p, instance, { virt_mode: 'fullvirt', devices: { sde: { disk_id: root } } }));
    expect(error.items[0]?.field).toBe('devices.sde');
    create(p, instance, { virt_mode: 'fullvirt', devices: { sda: { disk_id: root } } });
  });

  test('the named kernels are accepted, an unknown one refused', () => {
    const { p, instance } = setup();
    for (const kernel of ['node/grub2', 'node/direct-disk'])
      expect(create(p, instance, { kernel }).kernel).toBe(kernel);
    expect(rejection(() => create(p, instance, { kernel: 'node/none' })).items[0]?.field).toBe('kernel');
  });

  test('an invalid root device becomes /dev/sda rather than being refused', () => {
    const { p, instance } = setup();
    expect(create(p, instance, { root_device: 'not a device' }).root_device).toBe('/dev/sda');
    const c = create(p, instance, { root_device: '/dev/sdb' });
    expect(m.updateConfig(p, instance, c.id, { root_device: '???' }).root_device).toBe('/dev/sda');
  });
});

describe('profile update and delete', () => {
  test('interfaces given on update replace all of them', () => {
    const { p, instance } = setup();
    const c = create(p, instance, { interfaces: [{ purpose: 'vlan', label: 'a' }] });
    const before = c.interfaces.map((i) => i.id);
    m.updateConfig(p, instance, c.id, {
      interfaces: [
        { purpose: 'vlan', label: 'a' },
        { purpose: 'vlan', label: 'b' },
      ],
    });
    expect(c.interfaces.map((i) => i.label)).toEqual(['a', 'b']);
    expect(c.interfaces.some((i) => before.includes(i.id))).toBe(false);
  });

  test('a disk deleted leaves its slots empty; the running profile cannot be deleted', () => {
    const { p, instance } = setup();
    const [config] = m.configsOf(instance);
    bootInstance(p, instance.id, undefined);
    expect(rejection(() => m.deleteConfig(p, instance, config?.id as number)).kind).toBe('conflict');
    const other = create(p, instance);
    m.deleteConfig(p, instance, other.id);
    expect(rejection(() => m.getConfig(instance, other.id)).kind).toBe('not-found');
  });
});
