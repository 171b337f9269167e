// Where an account keeps its instances and how they are looked up, with the access each caller has, and the hooks other areas fill in to follow instances (backups, addresses); no HTTP types.

import { can } from '../access.js';
import { accountSettings } from '../account.js';
import { findType, type InstanceType } from '../catalogue.js';
import type { Instance } from '../compute-types.js';
import { forbidden, notFound } from '../errors.js';
import type { Account, Permission, Principal } from '../world.js';

const store = (account: Account) => account.store('instances', () => new Map<number, Instance>());

/** Every instance of the account, whatever the caller may see. */
export const instancesOf = (account: Account): Instance[] => [...store(account).values()];

/** An instance of the account by id, whatever the caller may see. */
export const findInstance = (account: Account, id: number): Instance | undefined => store(account).get(id);

/** Takes an instance out of the account's store (a service transfer moves it); undefined when the account has none such. */
export function takeInstance(account: Account, id: number): Instance | undefined {
  const instance = store(account).get(id);
  store(account).delete(id);
  return instance;
}

/** Puts an instance, keeping its id, into the account's store as the account's own. */
export function putInstance(account: Account, instance: Instance): void {
  instance.accountId = account.id;
  store(account).set(instance.id, instance);
}

/** The instances the caller may read. */
export function listInstances(p: Principal): Instance[] {
  return instancesOf(p.account).filter((i) => can(p, 'node', i.id, 'read_only'));
}

/**
 * An instance the caller may act on with `level`: without any grant on it the instance is not
 * found (DECISIONS 6); with read_only where read_write is needed the caller is refused.
 */
export function getInstance(p: Principal, id: number, level: Permission = 'read_only'): Instance {
  const instance = store(p.account).get(id);
  if (!instance || !can(p, 'node', id, 'read_only')) throw notFound('Instance not found');
  if (level === 'read_write' && !can(p, 'node', id, 'read_write')) throw forbidden('Unauthorized');
  return instance;
}

export const instanceEntity = (instance: Instance) => ({
  id: instance.id,
  type: 'node',
  label: instance.label,
  url: `/v4/node/instances/${instance.id}`,
});

/** The instance type record; every stored instance has a known type. */
export const typeOfInstance = (instance: Instance): InstanceType => findType(instance.type) as InstanceType;

// ---- Hooks for other areas ----

/** Whether the account-wide backups setting enrols every new instance. */
export function accountBackupsEnabled(account: Account): boolean {
  return accountSettings(account).backups_enabled;
}

/** What a backup offers to an instance create with `backup_id`; model/wiring.ts installs the backups area's lookup. */
export interface BackupDeploy {
  /** The instance the backup belongs to. */
  sourceId: number;
  region: string;
  status: string;
  /** MB of disk the backup's disks take. */
  size: number;
  /** Creates the backup's disks and profiles on the new instance. */
  deployInto(p: Principal, target: Instance): void;
}

export const backupSource: { find: (p: Principal, backupId: number) => BackupDeploy | undefined } = {
  find: () => undefined,
};

/** Called when an instance is deleted, so areas holding per-instance state (backups, addresses) drop it. */
export const instanceDeletedHooks: ((account: Account, instance: Instance) => void)[] = [];

/** Called when an instance moves to another account (a service transfer), so areas holding per-instance state move it too. */
export const instanceMovedHooks: ((from: Account, to: Account, instance: Instance) => void)[] = [];
