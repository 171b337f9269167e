// Rebuild, resize and migrate: what each does to the instance's disks, type, region and power, and when each is refused; no HTTP types.

import { findType, hasFreeUpgrade, type InstanceType, regionHas } from '../catalogue.js';
import type { Action, Instance } from '../compute-types.js';
import { allocatedStorage, imageFor, requireDeployable, requireDeployFits, type StackScriptChoice } from '../disks.js';
import { conflict, invalid } from '../errors.js';
import { buildInterfaces, moveRegion } from '../interfaces.js';
import { ruleSkipped } from '../seams.js';
import { stackScriptDeployed, stackScriptDeploymentEnded } from '../stackscripts.js';
import { accountStanding } from '../transfers.js';
import type { Principal } from '../world.js';
import { deployImage, requireCloudConfig, requireRegion, requireType, SWAP_SIZE_DEFAULT } from './create.js';
import { dropDisksAndConfigs } from './lifecycle.js';
import { bootWith, nowMs, onlyConfig, powerOff, startAction } from './status.js';
import { getInstance, instanceEntity, typeOfInstance } from './store.js';

// ---- Rebuild and resize ----

/** The resize conditions: no pending migration, no outstanding balance, disk allocation within the new type. */
export function requireResizable(p: Principal, instance: Instance, type: InstanceType, operation: string): void {
  const { world } = p.account;
  const skip = (rule: string) => ruleSkipped(world, operation, rule);
  if (nowMs(world) < instance.migrationUntil && !skip('pending-migration-refused')) {
    throw conflict('A migration of the instance is pending');
  }
  // An outstanding balance is the past-due balance of the account standing that service transfers read too.
  if (accountStanding.hasPastDueBalance(p.account) && !skip('outstanding-balance-refused')) {
    throw conflict('The account has an outstanding balance');
  }
  if (allocatedStorage(instance) > type.disk && !skip('disk-allocation-refused')) {
    throw conflict(
      `The instance has ${allocatedStorage(instance)} MB of disks; type ${type.id} allows ${type.disk} MB. Delete or shrink disks first`,
    );
  }
}

/** Moves the instance to a type; with auto disk resize, a lone non-swap disk grows into the added allocation. */
export function changeType(instance: Instance, type: InstanceType, autoDiskResize: boolean): void {
  const before = typeOfInstance(instance);
  instance.type = type.id;
  const grown = type.disk - before.disk;
  const data = [...instance.disks.values()].filter((d) => d.filesystem !== 'swap');
  const lone = data.length === 1 ? data[0] : undefined;
  if (autoDiskResize && grown > 0 && lone) lone.size += grown;
}

export interface RebuildInput extends StackScriptChoice {
  image: string;
  root_pass: string;
  authorized_keys?: string[];
  authorized_users?: string[];
  booted?: boolean;
  metadata?: { user_data?: string };
  type?: string;
}

export function rebuildInstance(p: Principal, id: number, input: RebuildInput): Instance {
  const instance = getInstance(p, id, 'read_write');
  const { world } = p.account;
  const image = imageFor('image', input.image);
  const script = requireDeployable(p, 'instances/rebuild', input, image);
  const userData = input.metadata?.user_data;
  if (userData !== undefined) requireCloudConfig(image, instance.region);
  const type = input.type === undefined ? typeOfInstance(instance) : requireType('type', input.type);
  if (input.type !== undefined) requireResizable(p, instance, type, 'instances/rebuild');
  requireDeployFits(type, image, SWAP_SIZE_DEFAULT);

  const kept = world.fault('rebuild-keeps-disks') ? [...instance.disks.values()] : [];
  dropDisksAndConfigs(p.account, instance);
  instance.type = type.id;
  for (const d of kept) instance.disks.set(d.id, d);
  deployImage(p, instance, image, SWAP_SIZE_DEFAULT, buildInterfaces(p, 'instances/rebuild', instance, []));
  if (userData !== undefined) instance.userData = userData;
  if (instance.stackscriptId !== null) stackScriptDeploymentEnded(world, instance.stackscriptId);
  instance.stackscriptId = script?.id ?? null;
  if (script) stackScriptDeployed(world, script.id);
  if (input.booted === false) powerOff(world, instance, 'rebuilding');
  else bootWith(world, instance, onlyConfig(instance), 'rebuilding');
  return instance;
}

export interface ResizeInput {
  type: string;
  allow_auto_disk_resize?: boolean;
  migration_type?: string;
}

/** A resize is a migration to a host with the new type: cold powers down and back on, warm stays up; either way the power state is kept. */
export function resizeInstance(p: Principal, id: number, input: ResizeInput): Instance {
  const instance = getInstance(p, id, 'read_write');
  const { world } = p.account;
  const type = requireType('type', input.type);
  requireResizable(p, instance, type, 'instances/resize');
  changeType(instance, type, input.allow_auto_disk_resize !== false);
  const settles = world.fault('resize-leaves-offline') ? 'offline' : instance.powered;
  startAction(world, instance, 'resizing', settles);
  instance.migrationUntil = (instance.action as Action).until;
  return instance;
}

// ---- Migrate ----

export interface MigrateInput {
  region?: string;
  type?: string;
  upgrade?: boolean;
}

const hasVpcInterface = (instance: Instance) =>
  [...instance.configs.values()].some((c) => c.interfaces.some((i) => i.purpose === 'vpc'));
export const hasVlanInterface = (instance: Instance) =>
  [...instance.configs.values()].some((c) => c.interfaces.some((i) => i.purpose === 'vlan'));

function requireMigratable(p: Principal, instance: Instance, input: MigrateInput): void {
  const { world } = p.account;
  const region = input.region;
  if (nowMs(world) < instance.migrationUntil && !world.fault('migrate-twice')) {
    throw conflict('A migration of the instance is already queued');
  }
  if (
    input.upgrade === true &&
    !hasFreeUpgrade(typeOfInstance(instance)) &&
    !world.fault('migrate-upgrade-unchecked')
  ) {
    throw invalid('upgrade', 'The instance has no free upgrade', 400);
  }
  if (region === undefined) return;
  requireRegion('region', region);
  if (input.type === 'warm' && !world.fault('migrate-warm-cross-region')) {
    throw invalid('type', 'A warm migration cannot cross regions');
  }
  if (hasVpcInterface(instance) && !world.fault('migrate-vpc-cross-region')) {
    throw conflict('An instance with a vpc interface cannot migrate to another region', 'region');
  }
  if (hasVlanInterface(instance) && !regionHas(region, 'NGN')) {
    throw invalid('region', `Region ${region} has no next-generation networking, which the instance's VLAN needs`);
  }
}

export function migrateInstance(p: Principal, id: number, input: MigrateInput): Instance {
  const instance = getInstance(p, id, 'read_write');
  const { world } = p.account;
  requireMigratable(p, instance, input);
  if (input.upgrade === true) {
    const successor = findType(typeOfInstance(instance).successor);
    if (successor) changeType(instance, successor, true);
  }
  if (input.region !== undefined && !world.fault('migrate-region-ignored'))
    moveRegion(p.account, instance, input.region);
  startAction(world, instance, 'migrating', instance.powered);
  instance.migrationUntil = (instance.action as Action).until;
  if (input.region !== undefined) {
    p.account.events.record('node_migrate_datacenter_create', instanceEntity(instance), p.user.username, 'node');
  }
  return instance;
}
