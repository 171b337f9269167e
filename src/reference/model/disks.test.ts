// Unit tests of the disks model: create rules, storage within the type, clone, password strength, and the resize rules while in use.

import { describe, expect, test } from 'vitest';
import { PASSWORD_STRENGTH_ERROR } from '../../../spec/part3/common.js';
import { emptyInstance, STRONG_PASSWORD } from '../test-support/instances.js';
import { rejection } from '../test-support/model-errors.js';
import { ownerWorld } from '../test-support/principals.js';
import { createConfig } from './configs.js';
import * as m from './disks.js';
import { bootInstance, shutdownInstance } from './instances.js';

function setup(faults: string[] = []) {
  const { world, owner: p } = ownerWorld(faults);
  const instance = emptyInstance(p, { type: 'g6-nanode-1' });
  return { world, p, instance };
}

describe('password estimator', () => {
  test('long random passwords pass; short dictionary words and common passwords fail', () => {
    expect(m.passwordIsStrong(STRONG_PASSWORD)).toBe(true);
    expect(m.passwordIsStrong('correct horse battery staple')).toBe(true);
    for (const weak of ['password', 'Password1', 'letmein', 'abcdefghijk', 'Password123']) {
      expect(m.passwordIsStrong(weak)).toBe(false);
    }
  });
});

describe('disk create', () => {
  test('an empty disk needs a label; from an image root_pass is needed and filesystem follows the image', () => {
    const { p, instance } = setup();
    expect(rejection(() => m.createDisk(p, instance, { size: 100 })).items[0]?.field).toBe('label');
    expect(rejection(() => m.createDisk(p, instance, { size: 2000, image: 'node/debian12' })).items[0]?.field).toBe(
      'root_pass',
    );
    const weak = rejection(() =>
      m.createDisk(p, instance, { size: 2000, image: 'node/debian12', root_pass: 'password' }),
    );
    expect(weak.items[0]?.reason).toBe(PASSWORD_STRENGTH_ERROR);
    const d = m.createDisk(p, instance, { size: 2000, image: 'node/debian12', root_pass: STRONG_PASSWORD });
    expect([d.filesystem, d.size]).toEqual(['ext4', 2000]);
    expect(m.createDisk(p, instance, { size: 10, label: 'raw', filesystem: 'raw' }).filesystem).toBe('raw');
    expect(m.createDisk(p, instance, { size: 10, label: 'plain' }).filesystem).toBe('ext4');
  });

  test('an image needs its minimum size; disks fit in the type allocation', () => {
    const { p, instance } = setup();
    const small = rejection(() =>
      m.createDisk(p, instance, { size: 10, image: 'node/debian12', root_pass: STRONG_PASSWORD }),
    );
    expect(small.items[0]?.field).toBe('size');
    m.createDisk(p, instance, { size: 25000, label: 'big' });
    expect(rejection(() => m.createDisk(p, instance, { size: 1000, label: 'more' })).items[0]?.field).toBe('size');
  });
});

describe('disk clone, update, password, delete', () => {
  test('a clone adds a disk of the same size and needs free storage', () => {
    const { p, instance } = setup();
    const d = m.createDisk(p, instance, { size: 10000, label: 'data' });
    const copy = m.cloneDisk(p, instance, d.id);
    expect([instance.disks.size, copy.size, instance.disks.has(d.id)]).toEqual([2, 10000, true]);
    expect(rejection(() => m.cloneDisk(p, instance, d.id)).kind).toBe('validation');
  });

  test('label update, strong password only, delete empties the profile slots', () => {
    const { p, instance } = setup();
    const d = m.createDisk(p, instance, { size: 100, label: 'data' });
    expect(m.updateDisk(p, instance, d.id, { label: 'renamed' }).label).toBe('renamed');
    expect(rejection(() => m.resetDiskPassword(p, instance, d.id, 'password')).items[0]).toEqual({
      field: 'password',
      reason: PASSWORD_STRENGTH_ERROR,
    });
    m.resetDiskPassword(p, instance, d.id, STRONG_PASSWORD);
    const config = createConfig(p, instance, { label: 'c', devices: { sda: { disk_id: d.id } } });
    m.deleteDisk(p, instance, d.id);
    expect(config.devices.sda).toBeNull();
    expect(rejection(() => m.getDisk(instance, d.id)).kind).toBe('not-found');
  });
});

describe('disk resize', () => {
  test('accepted but without effect while in the active profile of the running instance', () => {
    const { p, instance } = setup();
    const d = m.createDisk(p, instance, { size: 3000, image: 'node/debian12', root_pass: STRONG_PASSWORD });
    createConfig(p, instance, { label: 'c', devices: { sda: { disk_id: d.id } } });
    bootInstance(p, instance.id, undefined);
    expect(m.resizeDisk(p, instance, d.id, 4000).size).toBe(3000);
    shutdownInstance(p, instance.id);
    expect(m.resizeDisk(p, instance, d.id, 4000).size).toBe(4000);
  });

  test('a disk outside the active profile resizes while running; never below its used space', () => {
    const { p, instance } = setup();
    const used = m.createDisk(p, instance, { size: 3000, image: 'node/debian12', root_pass: STRONG_PASSWORD });
    const spare = m.createDisk(p, instance, { size: 100, label: 'spare' });
    createConfig(p, instance, { label: 'c', devices: { sda: { disk_id: used.id } } });
    bootInstance(p, instance.id, undefined);
    expect(m.resizeDisk(p, instance, spare.id, 200).size).toBe(200);
    shutdownInstance(p, instance.id);
    expect(rejection(() => m.resizeDisk(p, instance, used.id, 100)).items[0]?.field).toBe('size');
  });
});
