// Instance create in every mode (empty, from an image, from a backup, with a StackScript, with interfaces) and the checks other operations share with it; no HTTP types.

import { operationById } from '../../../../spec/index.js';
import type { Json } from '../../../../spec/types.js';
import { can } from '../access.js';
import { findType, type Image, type InstanceType, regionExists, regionHas } from '../catalogue.js';
import type { Alerts, Config, Instance } from '../compute-types.js';
import { addConfig, emptyDevices, newConfig } from '../configs.js';
import {
  enforceConditionalRules,
  imageDisks,
  imageFor,
  requireDeployable,
  requireDeployFits,
  type StackScriptChoice,
} from '../disks.js';
import { forbidden, invalid } from '../errors.js';
import { buildInterfaces, type InterfaceInput } from '../interfaces.js';
import { stackScriptDeployed } from '../stackscripts.js';
import { tagObject } from '../tags.js';
import { type Account, type Principal, timestamp } from '../world.js';
import { addAddress, allocatePrivateIpv4, allocatePublicIpv4, slaac } from './addresses.js';
import { bootWith, firstConfig, startAction } from './status.js';
import { accountBackupsEnabled, type BackupDeploy, backupSource, putInstance } from './store.js';

// ---- Rule values read from the encoding ----

const createOp = operationById.get('instances/create');
const fieldDefault = (op: typeof createOp, name: string): Json | undefined =>
  op?.body?.fields.find((f) => f.name === name)?.default;
export const SWAP_SIZE_DEFAULT = Number(fieldDefault(createOp, 'swap_size'));
/** What a backup schedule day and window show until one is set. */
export const SCHEDULING = 'Scheduling';

// ---- Creation ----

export interface InstanceInput extends StackScriptChoice {
  region: string;
  type: string;
  label?: string;
  image?: string;
  backup_id?: number;
  root_pass?: string;
  authorized_keys?: string[];
  authorized_users?: string[];
  swap_size?: number;
  booted?: boolean;
  backups_enabled?: boolean;
  private_ip?: boolean;
  firewall_id?: number;
  group?: string;
  tags?: string[];
  metadata?: { user_data?: string };
  interfaces?: InterfaceInput[];
}

const defaultAlerts = (type: InstanceType): Alerts => ({
  cpu: 90 * type.vcpus,
  io: 10000,
  network_in: 10,
  network_out: 10,
  transfer_quota: 80,
});

export function requireRegion(field: string, region: string): void {
  if (!regionExists(region)) throw invalid(field, `Region ${region} not found`);
}

export function requireType(field: string, id: string): InstanceType {
  const type = findType(id);
  if (!type) throw invalid(field, `Instance type ${id} not found`);
  return type;
}

/** Cloud-config needs an image with `cloud-init` and a region with `Metadata`. */
export function requireCloudConfig(image: Image | undefined, region: string): void {
  if (!image?.capabilities.includes('cloud-init')) {
    throw invalid('metadata.user_data', 'Cloud-config needs an image with the cloud-init capability');
  }
  if (!regionHas(region, 'Metadata')) {
    throw invalid('metadata.user_data', `Region ${region} lacks the Metadata capability needed for cloud-config`);
  }
}

export function requireTagsAllowed(
  p: Principal,
  tags: readonly string[] | undefined,
  current: readonly string[] = [],
): void {
  if (!tags || !p.user.restricted || p.account.world.fault('tags-restricted-allowed')) return;
  // Sending the tags the instance already has changes nothing, so it is not "adding or changing" them.
  const wanted = new Set(tags);
  const same = wanted.size === current.length && current.every((t) => wanted.has(t));
  if (!same) throw forbidden('Only unrestricted users may set tags');
}

export function blankInstance(p: Principal, fields: { label?: string; region: string; type: InstanceType }): Instance {
  const { world } = p.account;
  const id = world.id();
  const now = timestamp(world.now());
  return {
    id,
    accountId: p.account.id,
    world,
    label: fields.label ?? `node${id}`,
    group: '',
    region: fields.region,
    type: fields.type.id,
    image: null,
    tags: [],
    created: now,
    updated: now,
    powered: 'offline',
    action: undefined,
    configs: new Map(),
    disks: new Map(),
    bootedConfigId: undefined,
    lastBootedConfigId: undefined,
    rescueDevices: undefined,
    activeInterfaces: new Set(),
    ipv4: [allocatePublicIpv4(world)],
    ipv6: slaac(id),
    backups: { enabled: false, schedule: { day: SCHEDULING, window: SCHEDULING } },
    watchdog_enabled: true,
    alerts: defaultAlerts(fields.type),
    userData: null,
    stackscriptId: null,
    migrationUntil: 0,
    clonesUntil: [],
  };
}

/** The default profile of an image deploy: root disk in sda, swap in sdb. */
export function deployImage(
  p: Principal,
  instance: Instance,
  image: Image,
  swapSize: number,
  interfaces: Config['interfaces'],
) {
  const { world } = p.account;
  const disks = imageDisks(world, instance, image, swapSize);
  for (const d of disks) instance.disks.set(d.id, d);
  const devices = emptyDevices();
  devices.sda = disks[0] ? { disk_id: disks[0].id } : null;
  devices.sdb = disks[1] ? { disk_id: disks[1].id } : null;
  const config = newConfig(world, instance, { label: `My ${image.label} Disk Profile`, devices, interfaces });
  addConfig(p.account, instance, config);
  instance.image = image.id;
}

export function tagAll(account: Account, instance: Instance, tags: readonly string[]): void {
  for (const t of new Set(tags)) tagObject(account, t, 'nodes', instance);
}

export function grantCreator(p: Principal, instance: Instance): void {
  if (p.user.restricted) p.user.grants.entities.node.set(instance.id, 'read_write');
}

/** A backup to deploy from, checked against the caller and the new instance's region and type. */
function backupFor(p: Principal, backupId: number, region: string, type: InstanceType): BackupDeploy {
  const { world } = p.account;
  const backup = backupSource.find(p, backupId);
  if (!backup) throw invalid('backup_id', `Backup ${backupId} not found`);
  if (!can(p, 'node', backup.sourceId, 'read_write') && !world.fault('backup-grant-unchecked')) {
    throw forbidden('Creating from a backup needs read_write on the instance it belongs to');
  }
  if (backup.status !== 'successful' && !world.fault('backup-unfinished-deployed'))
    throw invalid('backup_id', `Backup ${backupId} is not successful`);
  if (backup.region !== region) throw invalid('backup_id', `Backup ${backupId} is not in region ${region}`);
  if (backup.size > type.disk) throw invalid('type', `Type ${type.id} is too small for backup ${backupId}`);
  return backup;
}

export function createInstance(p: Principal, input: InstanceInput): Instance {
  const { world } = p.account;
  enforceConditionalRules(world, 'instances/create', input as unknown as Record<string, unknown>);
  requireRegion('region', input.region);
  const type = requireType('type', input.type);
  requireTagsAllowed(p, input.tags);
  const image = input.image === undefined ? undefined : imageFor('image', input.image);
  const script = requireDeployable(p, 'instances/create', input, image);
  const userData = input.metadata?.user_data;
  if (userData !== undefined) requireCloudConfig(image, input.region);
  const swapSize = input.swap_size ?? SWAP_SIZE_DEFAULT;
  if (image) requireDeployFits(type, image, swapSize);
  if (input.firewall_id !== undefined) throw invalid('firewall_id', `Firewall ${input.firewall_id} not found`);
  const backup = input.backup_id === undefined ? undefined : backupFor(p, input.backup_id, input.region, type);

  const instance = blankInstance(p, { label: input.label, region: input.region, type });
  const interfaces =
    input.interfaces && input.interfaces.length > 0
      ? buildInterfaces(p, 'instances/create', instance, input.interfaces)
      : undefined;
  if (image)
    deployImage(p, instance, image, swapSize, interfaces ?? buildInterfaces(p, 'instances/create', instance, []));
  else if (backup) backup.deployInto(p, instance);
  else if (interfaces) addConfig(p.account, instance, newConfig(world, instance, { label: 'My Profile', interfaces }));

  instance.group = input.group ?? '';
  instance.userData = userData ?? null;
  instance.backups.enabled = input.backups_enabled === true || accountBackupsEnabled(p.account);
  if (world.fault('backups-account-setting-ignored')) instance.backups.enabled = input.backups_enabled === true;
  if (input.private_ip && !world.fault('private-ip-missing')) addAddress(instance, allocatePrivateIpv4(world));
  if (script) {
    instance.stackscriptId = script.id;
    stackScriptDeployed(world, script.id);
  }
  putInstance(p.account, instance);
  tagAll(p.account, instance, input.tags ?? []);
  grantCreator(p, instance);

  const deployed = image !== undefined || backup !== undefined;
  const boots = deployed && input.booted !== false && !world.fault('create-booted-ignored');
  if (boots) bootWith(world, instance, firstConfig(instance), 'provisioning');
  else startAction(world, instance, 'provisioning', 'offline');
  return instance;
}
