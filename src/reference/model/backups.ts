// Backups of an instance in the reference server: enrolment, daily automatic backups taken lazily from the clock, the one snapshot that a new one replaces, cancel, and restore with its conditions; no HTTP types.

import { BACKUP_SUCCESSFUL } from '../../../spec/part3/backups.js';
import { can } from './access.js';
import { addConfig, type Config, copyConfigs } from './configs.js';
import { type Disk, freeStorage, newDisk, typeOf } from './disks.js';
import { conflict, forbidden, invalid, notFound } from './errors.js';
import {
  type BackupDeploy,
  dropDisksAndConfigs,
  findInstance,
  getInstance,
  type Instance,
  isBusy,
  startAction,
} from './instances.js';
import { type Account, DAY_MS, type Principal, timestamp, type World } from './world.js';

/** The status a backup shows while it is being taken. */
export const BACKUP_RUNNING = 'running';

/** A disk as a backup holds it: what restoring needs to make it again. */
export interface BackupDisk {
  /** The disk of the instance it was taken from; profiles in the backup point at these ids. */
  sourceId: number;
  label: string;
  size: number;
  filesystem: string;
  used: number;
  image: string | null;
}

export interface Backup {
  id: number;
  instanceId: number;
  type: 'auto' | 'snapshot';
  label: string | null;
  /** The region of the instance when the backup was taken. */
  region: string;
  /** When it was started and when it completes (ms on the world clock). */
  startedAt: number;
  readyAt: number;
  disks: BackupDisk[];
  configs: Config[];
  /** Set only by tests: the API offers no way to put a backup under maintenance. */
  maintenance: boolean;
}

interface InstanceBackups {
  /** When the instance was last enrolled; undefined while not enrolled. */
  enrolledAt: number | undefined;
  /** Automatic backups taken so far since enrolment (counts days of the clock). */
  autoDays: number;
  automatic: Backup[];
  snapshot: Backup | undefined;
}

interface BackupsState {
  byInstance: Map<number, InstanceBackups>;
  byId: Map<number, Backup>;
}

/** Automatic backups an instance keeps: the daily one and two older ones, as the usual service does. */
const AUTOMATIC_KEPT = 3;

const state = (account: Account): BackupsState =>
  account.store('backups', () => ({ byInstance: new Map(), byId: new Map() }));

function backupsOf(account: Account, instance: Instance): InstanceBackups {
  const { byInstance } = state(account);
  let own = byInstance.get(instance.id);
  if (!own) {
    own = { enrolledAt: undefined, autoDays: 0, automatic: [], snapshot: undefined };
    byInstance.set(instance.id, own);
  }
  return own;
}

const nowMs = (world: World) => world.now().getTime();

export const backupStatus = (world: World, backup: Backup): string =>
  nowMs(world) < backup.readyAt ? BACKUP_RUNNING : BACKUP_SUCCESSFUL;

/** When the backup started and when it completes (or will), as the records write them. */ export const backupTimes = (
  backup: Backup,
) => ({
  created: timestamp(new Date(backup.startedAt)),
  finished: timestamp(new Date(backup.readyAt)),
});

const backupSize = (backup: Backup) => backup.disks.reduce((sum, d) => sum + d.size, 0);

/** A copy of a profile as the backup keeps it, so later changes to the instance leave it alone. */
const keptConfig = (c: Config): Config => ({
  ...c,
  devices: { ...c.devices },
  helpers: { ...c.helpers },
  interfaces: c.interfaces.map((i) => ({ ...i, ranges: [...i.ranges] })),
});

function takeBackup(
  world: World,
  instance: Instance,
  fields: { type: Backup['type']; label: string | null; at: number },
): Backup {
  return {
    id: world.id(),
    instanceId: instance.id,
    type: fields.type,
    label: fields.label,
    region: instance.region,
    startedAt: fields.at,
    readyAt: fields.at + world.delayFor(instance.accountId),
    disks: [...instance.disks.values()].map((d) => ({
      sourceId: d.id,
      label: d.label,
      size: d.size,
      filesystem: d.filesystem,
      used: d.used,
      image: d.image,
    })),
    configs: [...instance.configs.values()].map(keptConfig),
    maintenance: false,
  };
}

function forget(account: Account, backups: readonly Backup[]): void {
  const { byId } = state(account);
  for (const b of backups) byId.delete(b.id);
}

/** Follows the instance's flag, which instance create (and the account setting) can also turn on. */
function syncEnrolment(instance: Instance, own: InstanceBackups): void {
  if (!instance.backups.enabled) own.enrolledAt = undefined;
  else if (own.enrolledAt === undefined) {
    own.enrolledAt = Date.parse(`${instance.created}Z`);
    own.autoDays = 0;
  }
}

/**
 * Takes the automatic backups a day of the clock has made due since enrolment, keeping the newest
 * few; computed when looked at rather than by timers.
 */
function catchUpAutomatic(account: Account, instance: Instance, own: InstanceBackups): void {
  syncEnrolment(instance, own);
  if (own.enrolledAt === undefined) return;
  const { world } = account;
  const due = Math.floor((nowMs(world) - own.enrolledAt) / DAY_MS);
  if (due <= own.autoDays) return;
  const first = Math.max(own.autoDays + 1, due - AUTOMATIC_KEPT + 1);
  for (let day = first; day <= due; day++) {
    const backup = takeBackup(world, instance, { type: 'auto', label: null, at: own.enrolledAt + day * DAY_MS });
    own.automatic.push(backup);
    state(account).byId.set(backup.id, backup);
  }
  own.autoDays = due;
  const dropped = own.automatic.splice(0, Math.max(0, own.automatic.length - AUTOMATIC_KEPT));
  forget(account, dropped);
}

function currentBackups(account: Account, instance: Instance): InstanceBackups {
  const own = backupsOf(account, instance);
  catchUpAutomatic(account, instance, own);
  return own;
}

// ---- Reading ----

export interface BackupList {
  automatic: Backup[];
  snapshot: { current: Backup | null; in_progress: Backup | null };
}

export function listBackups(p: Principal, nodeId: number): BackupList {
  const instance = getInstance(p, nodeId, 'read_only');
  const own = currentBackups(p.account, instance);
  const snap = own.snapshot;
  const running = snap !== undefined && backupStatus(p.account.world, snap) === BACKUP_RUNNING;
  return {
    automatic: [...own.automatic],
    snapshot: { current: snap && !running ? snap : null, in_progress: snap && running ? snap : null },
  };
}

/** A backup of the instance by id (the index holds exactly the backups that still exist). */
function backupOf(account: Account, instance: Instance, backupId: number): Backup {
  currentBackups(account, instance);
  const backup = state(account).byId.get(backupId);
  if (!backup || backup.instanceId !== instance.id) throw notFound('Backup not found');
  return backup;
}

export function getBackup(p: Principal, nodeId: number, backupId: number): Backup {
  return backupOf(p.account, getInstance(p, nodeId, 'read_only'), backupId);
}

// ---- Enrolment ----

/** Enrols the instance (charged on top of the instance); enabling again changes nothing. */
export function enableBackups(p: Principal, nodeId: number): Instance {
  const instance = getInstance(p, nodeId, 'read_write');
  const { world } = p.account;
  const own = currentBackups(p.account, instance);
  if (!instance.backups.enabled) {
    instance.backups.enabled = true;
    own.enrolledAt = nowMs(world);
    own.autoDays = 0;
  }
  return instance;
}

/** Cancels the service: the instance leaves it and every backup, snapshot included, is deleted for good. */
export function cancelBackups(p: Principal, nodeId: number): Instance {
  const instance = getInstance(p, nodeId, 'read_write');
  const { world } = p.account;
  const own = currentBackups(p.account, instance);
  instance.backups.enabled = false;
  own.enrolledAt = undefined;
  if (!world.fault('backups-cancel-keeps-backups')) {
    forget(p.account, [...own.automatic, ...(own.snapshot ? [own.snapshot] : [])]);
    own.automatic = [];
    own.snapshot = undefined;
  }
  return instance;
}

// ---- Snapshot ----

/**
 * Takes a snapshot; the previous snapshot (completed or still running) is deleted at once, so an
 * instance never holds more than one.
 */
export function takeSnapshot(p: Principal, nodeId: number, label: string): Backup {
  const instance = getInstance(p, nodeId, 'read_write');
  const { world } = p.account;
  const own = currentBackups(p.account, instance);
  const snapshot = takeBackup(world, instance, { type: 'snapshot', label, at: nowMs(world) });
  if (own.snapshot && !world.fault('snapshot-keeps-previous')) forget(p.account, [own.snapshot]);
  own.snapshot = snapshot;
  state(p.account).byId.set(snapshot.id, snapshot);
  return snapshot;
}

/** Whether a backup of the instance is still being taken. */
function creatingBackup(account: Account, instance: Instance): boolean {
  const snap = state(account).byInstance.get(instance.id)?.snapshot;
  return snap !== undefined && backupStatus(account.world, snap) === BACKUP_RUNNING;
}

// ---- Restore ----

/** Makes the backup's disks and profiles on an instance, the profiles pointing at the new disks. */
function deployBackup(p: Principal, backup: Backup, target: Instance, operation: string): void {
  const { world } = p.account;
  const copies = new Map<number, Disk>();
  for (const d of backup.disks) {
    copies.set(
      d.sourceId,
      newDisk(world, { label: d.label, size: d.size, filesystem: d.filesystem, used: d.used, image: d.image }),
    );
  }
  const configs = copyConfigs(p, operation, target, backup.configs, copies);
  for (const d of copies.values()) target.disks.set(d.id, d);
  for (const c of configs) addConfig(p.account, target, c);
}

/**
 * The target must be the caller's to change, as the source is; one the caller cannot see is named
 * as an unknown `node_id`, like one that does not exist.
 */
function restoreTarget(p: Principal, targetId: number): Instance {
  const target = findInstance(p.account, targetId);
  const unchecked = p.account.world.fault('restore-target-grant-unchecked');
  if (!target || (!can(p, 'node', targetId, 'read_only') && !unchecked)) {
    throw invalid('node_id', `Instance ${targetId} not found`);
  }
  if (!can(p, 'node', targetId, 'read_write') && !unchecked) {
    throw forbidden('Restoring onto an instance needs read_write on it');
  }
  return target;
}

function requireRestorable(p: Principal, backup: Backup, target: Instance, overwrite: boolean): void {
  const { world } = p.account;
  if (backupStatus(world, backup) !== BACKUP_SUCCESSFUL && !world.fault('restore-unfinished-accepted')) {
    throw conflict(`Backup ${backup.id} has not completed successfully`);
  }
  if (backup.maintenance) throw conflict(`Backup ${backup.id} is undergoing maintenance`);
  if (backup.region !== target.region && !world.fault('restore-cross-region')) {
    throw invalid('node_id', `Instance ${target.id} is not in ${backup.region}, the region of the backup`);
  }
  if (creatingBackup(p.account, target) && !world.fault('restore-target-backing-up')) {
    throw conflict(`Instance ${target.id} is creating a backup`, 'node_id');
  }
  if (isBusy(world, target)) throw conflict(`Instance ${target.id} has an action running`, 'node_id');
  const room = overwrite ? typeOf(target).disk : freeStorage(target);
  if (backupSize(backup) > room && !world.fault('restore-space-unchecked')) {
    throw invalid(
      'node_id',
      `Insufficient space: the backup needs ${backupSize(backup)} MB and instance ${target.id} has ${room} MB free`,
    );
  }
}

/**
 * Restores a backup onto an instance of the same region: with `overwrite` its disks and profiles
 * go first; the target shows `restoring` and ends shut down.
 */
export function restoreBackup(
  p: Principal,
  nodeId: number,
  backupId: number,
  input: { node_id: number; overwrite?: boolean },
): Instance {
  const source = getInstance(p, nodeId, 'read_write');
  const backup = backupOf(p.account, source, backupId);
  const target = restoreTarget(p, input.node_id);
  const { world } = p.account;
  const overwrite = input.overwrite === true;
  requireRestorable(p, backup, target, overwrite);
  if (overwrite && !world.fault('restore-overwrite-keeps-target')) dropDisksAndConfigs(p.account, target);
  if (!world.fault('restore-disks-missing')) deployBackup(p, backup, target, 'backups/restore');
  target.bootedConfigId = undefined;
  target.rescueDevices = undefined;
  target.activeInterfaces.clear();
  startAction(world, target, 'restoring', 'offline');
  return target;
}

// ---- Hooks ----

/** What a backup offers to an instance create with `backup_id` (the instances model's backup source). */
export function backupForDeploy(p: Principal, backupId: number): BackupDeploy | undefined {
  const backup = state(p.account).byId.get(backupId);
  const instance = backup && findInstance(p.account, backup.instanceId);
  if (!backup || !instance || !can(p, 'node', instance.id, 'read_only')) return undefined;
  return {
    sourceId: instance.id,
    region: backup.region,
    status: backupStatus(p.account.world, backup),
    size: backupSize(backup),
    deployInto: (caller, target) => deployBackup(caller, backup, target, 'instances/create'),
  };
}

/** Deleting an instance deletes its backups (an instance-deleted hook). */
export function forgetInstanceBackups(account: Account, instance: Instance): void {
  const own = state(account).byInstance.get(instance.id);
  if (!own) return;
  forget(account, [...own.automatic, ...(own.snapshot ? [own.snapshot] : [])]);
  state(account).byInstance.delete(instance.id);
}

/** A transferred instance takes its backups, ids kept, to the accepting account (an instance-moved hook). */
export function moveInstanceBackups(from: Account, to: Account, instance: Instance): void {
  const own = state(from).byInstance.get(instance.id);
  if (!own) return;
  const backups = [...own.automatic, ...(own.snapshot ? [own.snapshot] : [])];
  forget(from, backups);
  state(from).byInstance.delete(instance.id);
  state(to).byInstance.set(instance.id, own);
  for (const b of backups) state(to).byId.set(b.id, b);
}

/** Ends every backup of the account still being taken: it completes now (the `held-actions-end-early` variant). */
export function endBackupsInProgress(account: Account): void {
  const now = nowMs(account.world);
  for (const backup of state(account).byId.values()) backup.readyAt = Math.min(backup.readyAt, now);
}
