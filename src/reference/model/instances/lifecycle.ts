// Instance update (with the tag gate) and delete, with what goes with a deleted instance; no HTTP types.

import type { Alerts, Instance } from '../compute-types.js';
import { dropConfig } from '../configs.js';
import { conflict } from '../errors.js';
import { forgetNodeSettings } from '../managed.js';
import { applyUpdate, removeDeleted } from '../seams.js';
import { stackScriptDeploymentEnded } from '../stackscripts.js';
import { forgetTagged, untagObject } from '../tags.js';
import { type Account, type Principal, timestamp } from '../world.js';
import { requireTagsAllowed, SCHEDULING, tagAll } from './create.js';
import { activeClones, statusOf } from './status.js';
import { getInstance, instanceDeletedHooks, takeInstance } from './store.js';

// ---- Update ----

export interface InstanceChanges {
  label?: string;
  group?: string;
  tags?: string[];
  watchdog_enabled?: boolean;
  alerts?: Partial<Alerts>;
  backups?: { schedule?: { day?: string | null; window?: string | null } };
}

function applyTags(account: Account, instance: Instance, tags: readonly string[]): void {
  const wanted = new Set(tags);
  for (const t of [...instance.tags]) if (!wanted.has(t)) untagObject(account, t, 'nodes', instance);
  tagAll(account, instance, [...wanted]);
}

export function updateInstance(p: Principal, id: number, changes: InstanceChanges): Instance {
  const instance = getInstance(p, id, 'read_write');
  const { world } = p.account;
  requireTagsAllowed(p, changes.tags, instance.tags);
  applyUpdate(world, () => {
    if (changes.label !== undefined) instance.label = changes.label;
    if (changes.group !== undefined) instance.group = changes.group;
    if (changes.tags !== undefined) applyTags(p.account, instance, changes.tags);
    if (changes.watchdog_enabled !== undefined) instance.watchdog_enabled = changes.watchdog_enabled;
    if (changes.alerts) Object.assign(instance.alerts, definedOnly(changes.alerts));
    const schedule = changes.backups?.schedule;
    if (schedule?.day !== undefined) instance.backups.schedule.day = schedule.day ?? SCHEDULING;
    if (schedule?.window !== undefined) instance.backups.schedule.window = schedule.window ?? SCHEDULING;
  });
  instance.updated = timestamp(world.now());
  return instance;
}

const definedOnly = <T extends object>(o: T): Partial<T> =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

// ---- Delete ----

/** Takes every disk and profile off the instance (delete, rebuild, and a restore with overwrite). */
export function dropDisksAndConfigs(account: Account, instance: Instance): void {
  for (const config of [...instance.configs.values()]) dropConfig(account, instance, config);
  instance.disks.clear();
  instance.activeInterfaces.clear();
  instance.bootedConfigId = undefined;
  instance.lastBootedConfigId = undefined;
  instance.rescueDevices = undefined;
}

export function deleteInstance(p: Principal, id: number): void {
  const instance = getInstance(p, id, 'read_write');
  const { world } = p.account;
  const status = statusOf(world, instance);
  const busy = status === 'cloning' || status === 'restoring' || activeClones(world, instance) > 0;
  if (busy && !world.fault('delete-while-cloning')) {
    throw conflict(
      `The instance is ${status === 'restoring' ? 'restoring a backup' : 'cloning'}; it cannot be deleted now`,
    );
  }
  removeDeleted(world, () => {
    dropDisksAndConfigs(p.account, instance);
    takeInstance(p.account, id);
    forgetTagged(p.account, 'nodes', instance);
    forgetNodeSettings(p.account, id);
    if (instance.stackscriptId !== null) stackScriptDeploymentEnded(world, instance.stackscriptId);
    for (const user of p.account.users.values()) user.grants.entities.node.delete(id);
    for (const hook of instanceDeletedHooks) hook(p.account, instance);
  });
}
