// Unit tests of the backups model: enrolment, cancel, the single snapshot, automatic backups, restore conditions and the instance hooks.

import { describe, expect, test } from 'vitest';
import { deployedInstance, emptyInstance } from '../test-support/instances.js';
import { rejection } from '../test-support/model-errors.js';
import { instanceGrantsUser, ownerWorld } from '../test-support/principals.js';
import * as m from './backups.js';
import { deleteInstance, type Instance, statusOf } from './instances.js';
import type { Principal } from './world.js';

const DAY = 24 * 3_600_000;

function setup(options: { faults?: string[]; delay?: number } = {}) {
  const { world, account, owner: p } = ownerWorld(options.faults, options.delay);
  return { world, account, p };
}

const deployed = (p: Principal): Instance => deployedInstance(p, { booted: false });
const empty = (p: Principal, region = 'us-east', type = 'g6-standard-1'): Instance =>
  emptyInstance(p, { region, type });

describe('enrolment', () => {
  test('enable enrols the instance and records no event: the documents name none for backups', () => {
    const { account, p } = setup();
    const i = deployed(p);
    const count = account.events.newestFirst().length;
    m.enableBackups(p, i.id);
    expect(i.backups.enabled).toBe(true);
    m.enableBackups(p, i.id);
    expect(account.events.newestFirst().length).toBe(count);
  });

  test('cancel leaves the service and deletes every backup, snapshot included', () => {
    const { world, p } = setup();
    const i = deployed(p);
    m.enableBackups(p, i.id);
    world.clockOffsetMs = 2 * DAY;
    const auto = m.listBackups(p, i.id).automatic;
    expect(auto.length).toBeGreaterThan(0);
    const snap = m.takeSnapshot(p, i.id, 'before');
    m.cancelBackups(p, i.id);
    expect(i.backups.enabled).toBe(false);
    for (const b of [...auto, snap]) expect(rejection(() => m.getBackup(p, i.id, b.id)).kind).toBe('not-found');
    world.clockOffsetMs = 5 * DAY;
    expect(m.listBackups(p, i.id).automatic).toEqual([]);
  });

  test('fault: cancel keeps the backups', () => {
    const kept = setup({ faults: ['backups-cancel-keeps-backups'] });
    const j = deployed(kept.p);
    m.enableBackups(kept.p, j.id);
    const snap = m.takeSnapshot(kept.p, j.id, 's');
    m.cancelBackups(kept.p, j.id);
    expect(j.backups.enabled).toBe(false);
    expect(m.getBackup(kept.p, j.id, snap.id).id).toBe(snap.id);
  });

  test('automatic backups come daily once enrolled, the newest three kept, also when enrolled at create', () => {
    const { world, p } = setup();
    const i = deployedInstance(p, { backups_enabled: true });
    expect(m.listBackups(p, i.id).automatic).toEqual([]);
    world.clockOffsetMs = DAY + 1000;
    expect(m.listBackups(p, i.id).automatic).toHaveLength(1);
    world.clockOffsetMs = 10 * DAY + 1000;
    const auto = m.listBackups(p, i.id).automatic;
    expect(auto).toHaveLength(3);
    expect(auto.every((b) => b.type === 'auto' && m.backupStatus(world, b) === 'successful')).toBe(true);
    expect(auto[0]?.disks).toHaveLength(2);
  });
});

describe('snapshot', () => {
  test('a new snapshot deletes the former one', () => {
    const { p } = setup();
    const i = deployed(p);
    const first = m.takeSnapshot(p, i.id, 'one');
    const second = m.takeSnapshot(p, i.id, 'two');
    expect(rejection(() => m.getBackup(p, i.id, first.id)).kind).toBe('not-found');
    expect(m.listBackups(p, i.id).snapshot.current?.id).toBe(second.id);
    const faulty = setup({ faults: ['snapshot-keeps-previous'] });
    const j = deployed(faulty.p);
    const kept = m.takeSnapshot(faulty.p, j.id, 'one');
    m.takeSnapshot(faulty.p, j.id, 'two');
    expect(m.getBackup(faulty.p, j.id, kept.id).label).toBe('one');
  });

  test('a snapshot in progress is listed as in_progress with status running until the action delay ends', () => {
    const { world, p } = setup({ delay: 60_000 });
    const i = deployed(p);
    const snap = m.takeSnapshot(p, i.id, 'slow');
    expect(m.backupStatus(world, snap)).toBe(m.BACKUP_RUNNING);
    expect(m.listBackups(p, i.id).snapshot).toEqual({ current: null, in_progress: snap });
    world.clockOffsetMs = 61_000;
    expect(m.backupStatus(world, snap)).toBe('successful');
    expect(m.listBackups(p, i.id).snapshot.current?.id).toBe(snap.id);
  });

  test('backups of one instance are not found through another', () => {
    const { p } = setup();
    const i = deployed(p);
    const j = deployed(p);
    const snap = m.takeSnapshot(p, i.id, 's');
    expect(rejection(() => m.getBackup(p, j.id, snap.id)).kind).toBe('not-found');
  });
});

describe('restore', () => {
  test('puts the disks and profiles of the backup on an empty target, which shows restoring then settles offline', () => {
    const { world, p } = setup({ delay: 1000 });
    const source = deployed(p);
    const snap = m.takeSnapshot(p, source.id, 's');
    world.clockOffsetMs = 2000;
    const target = empty(p);
    world.clockOffsetMs = 4000;
    m.restoreBackup(p, source.id, snap.id, { node_id: target.id });
    expect([...target.disks.values()].map((d) => d.size)).toEqual([...source.disks.values()].map((d) => d.size));
    expect(target.configs.size).toBe(1);
    const config = [...target.configs.values()][0];
    expect(Object.values(config?.devices ?? {}).filter(Boolean)).toHaveLength(2);
    expect(statusOf(world, target)).toBe('restoring');
    world.clockOffsetMs = 6000;
    expect(statusOf(world, target)).toBe('offline');
  });

  test('overwrite deletes the disks and profiles of the target first', () => {
    const { p } = setup();
    const source = deployed(p);
    const target = deployed(p);
    const before = new Set([...target.disks.keys(), ...target.configs.keys()]);
    const snap = m.takeSnapshot(p, source.id, 's');
    m.restoreBackup(p, source.id, snap.id, { node_id: target.id, overwrite: true });
    expect([...target.disks.keys(), ...target.configs.keys()].some((id) => before.has(id))).toBe(false);
    expect(target.disks.size).toBe(2);
  });

  test('without overwrite a target without free space is refused with an insufficient-space error', () => {
    const { p } = setup();
    const source = deployed(p);
    const target = deployed(p);
    const snap = m.takeSnapshot(p, source.id, 's');
    for (const overwrite of [false, undefined]) {
      const error = rejection(() => m.restoreBackup(p, source.id, snap.id, { node_id: target.id, overwrite }));
      expect(error.items[0]?.reason).toMatch(/Insufficient space/);
    }
    expect(target.disks.size).toBe(2);
    const small = empty(p, 'us-east', 'g6-nanode-1');
    expect(() => m.restoreBackup(p, source.id, snap.id, { node_id: small.id, overwrite: true })).toThrow(
      /Insufficient/,
    );
  });

  test('a target in another region is refused, naming node_id', () => {
    const { p } = setup();
    const source = deployed(p);
    const snap = m.takeSnapshot(p, source.id, 's');
    const far = empty(p, 'eu-central');
    expect(rejection(() => m.restoreBackup(p, source.id, snap.id, { node_id: far.id })).items[0]?.field).toBe(
      'node_id',
    );
    const faulty = setup({ faults: ['restore-cross-region'] });
    const s2 = deployed(faulty.p);
    const snap2 = m.takeSnapshot(faulty.p, s2.id, 's');
    m.restoreBackup(faulty.p, s2.id, snap2.id, { node_id: empty(faulty.p, 'eu-central').id });
  });

  test('a backup still running is refused, and so is a target taking a snapshot', () => {
    const { world, p } = setup({ delay: 60_000 });
    const source = deployed(p);
    world.clockOffsetMs = 61_000;
    const target = empty(p);
    world.clockOffsetMs = 122_000;
    const running = m.takeSnapshot(p, source.id, 'running');
    expect(rejection(() => m.restoreBackup(p, source.id, running.id, { node_id: target.id })).items[0]?.reason).toMatch(
      /not completed/,
    );
    world.clockOffsetMs = 183_000;
    m.takeSnapshot(p, target.id, 'target busy');
    const error = rejection(() => m.restoreBackup(p, source.id, running.id, { node_id: target.id }));
    expect(error.items[0]?.reason).toMatch(/creating a backup/);
  });

  test('a target with an action running is refused', () => {
    const { world, p } = setup({ delay: 60_000 });
    const source = deployed(p);
    world.clockOffsetMs = 61_000;
    const snap = m.takeSnapshot(p, source.id, 's');
    world.clockOffsetMs = 122_000;
    const target = empty(p);
    expect(rejection(() => m.restoreBackup(p, source.id, snap.id, { node_id: target.id })).kind).toBe('conflict');
  });

  test('a backup under maintenance is refused', () => {
    const { p } = setup();
    const source = deployed(p);
    const snap = m.takeSnapshot(p, source.id, 's');
    snap.maintenance = true;
    expect(() => m.restoreBackup(p, source.id, snap.id, { node_id: empty(p).id })).toThrow(/maintenance/);
  });

  test('a restricted user needs read_write on the target as well as on the source', () => {
    const { world, p } = setup();
    const source = deployed(p);
    const target = empty(p);
    const snap = m.takeSnapshot(p, source.id, 's');
    const bob = instanceGrantsUser(world, p, { [source.id]: 'read_write', [target.id]: 'read_only' });
    expect(rejection(() => m.restoreBackup(bob, source.id, snap.id, { node_id: target.id })).kind).toBe('forbidden');
    bob.user.grants.entities.node.delete(target.id);
    const unseen = rejection(() => m.restoreBackup(bob, source.id, snap.id, { node_id: target.id }));
    expect(unseen.items[0]?.field).toBe('node_id');
    expect(rejection(() => m.restoreBackup(p, source.id, snap.id, { node_id: 99_999 })).items[0]?.field).toBe(
      'node_id',
    );
    const faulty = setup({ faults: ['restore-target-grant-unchecked'] });
    const s2 = deployed(faulty.p);
    const t2 = empty(faulty.p);
    const snap2 = m.takeSnapshot(faulty.p, s2.id, 's');
    const bob2 = instanceGrantsUser(faulty.world, faulty.p, { [s2.id]: 'read_write' });
    m.restoreBackup(bob2, s2.id, snap2.id, { node_id: t2.id });
    expect(t2.disks.size).toBe(2);
  });

  test('faults: overwrite keeps the target, disks missing, space unchecked', () => {
    const { p } = setup({ faults: ['restore-overwrite-keeps-target', 'restore-space-unchecked'] });
    const source = deployed(p);
    const target = deployed(p);
    const snap = m.takeSnapshot(p, source.id, 's');
    m.restoreBackup(p, source.id, snap.id, { node_id: target.id, overwrite: true });
    expect(target.disks.size).toBe(4);
    const missing = setup({ faults: ['restore-disks-missing'] });
    const s2 = deployed(missing.p);
    const t2 = empty(missing.p);
    m.restoreBackup(missing.p, s2.id, m.takeSnapshot(missing.p, s2.id, 's').id, { node_id: t2.id });
    expect(t2.disks.size).toBe(0);
  });
});

describe('instance hooks', () => {
  test('an instance create with backup_id gets the disks of the backup', () => {
    const { p } = setup();
    const source = deployed(p);
    const snap = m.takeSnapshot(p, source.id, 's');
    const copy = emptyInstance(p, { backup_id: snap.id });
    expect(copy.disks.size).toBe(2);
    expect(copy.configs.size).toBe(1);
  });

  test('deleting an instance deletes its backups', () => {
    const { p } = setup();
    const source = deployed(p);
    const snap = m.takeSnapshot(p, source.id, 's');
    deleteInstance(p, source.id);
    expect(() => emptyInstance(p, { backup_id: snap.id })).toThrow(/not found/);
  });
});
