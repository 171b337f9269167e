// Compute instances of the reference server: creation in every mode, power and lifecycle with lazily settled transitional statuses, rebuild, resize, upgrade, migrate, clone, and the hooks other Part 3 areas build on; no HTTP types.

import { operationById } from '../../../spec/index.js';
import type { Json } from '../../../spec/types.js';
import { accountSettings } from './account.js';
import { findType, hasFreeUpgrade, type Image, type InstanceType, regionExists, regionHas } from './catalogue.js';
import type {
  Action,
  Alerts,
  Config,
  Devices,
  Disk,
  Instance,
  InstanceStatus,
  IpAddress,
  SettledStatus,
  TransitionalStatus,
} from './compute-types.js';
import { addConfig, copyConfigs, dropConfig, emptyDevices, getConfig, newConfig, parseDevices } from './configs.js';
import {
  allocatedStorage,
  enforceConditionalRules,
  freeStorage,
  imageDisks,
  imageFor,
  newDisk,
  requireDeployFits,
  requirementSkipped,
  requireStrongPassword,
  requireUsersWithKeys,
  type StackScriptChoice,
  stackScriptFor,
} from './disks.js';
import { conflict, forbidden, invalid, notFound } from './errors.js';
import { buildInterfaces, type InterfaceInput, moveRegion } from './interfaces.js';
import { forgetNodeSettings } from './managed.js';
import { stackScriptDeployed, stackScriptDeploymentEnded } from './stackscripts.js';
import { forgetTagged, tagObject, untagObject } from './tags.js';
import { accountStanding } from './transfers.js';
import { type Account, can, type Permission, type Principal, timestamp, type World } from './world.js';

export type {
  Action,
  Alerts,
  BackupSettings,
  Instance,
  InstanceStatus,
  IpAddress,
  SettledStatus,
  TransitionalStatus,
} from './compute-types.js';

// ---- Rule values read from the encoding ----

const createOp = operationById.get('instances/create');
const cloneOp = operationById.get('instances/clone');
const fieldDefault = (op: typeof createOp, name: string): Json | undefined =>
  op?.body?.fields.find((f) => f.name === name)?.default;
const SWAP_SIZE_DEFAULT = Number(fieldDefault(createOp, 'swap_size'));
const CLONE_LABEL_DEFAULT = String(fieldDefault(cloneOp, 'label'));
const CONCURRENT_CLONES = (() => {
  const params = cloneOp?.body?.rules?.find((r) => r.id === 'concurrent-clones')?.params ?? {};
  return { max: Number(params.maxConcurrent), status: Number(params.status) };
})();
const SCHEDULING = 'Scheduling';

// ---- Store and lookup ----

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

/** What a backup offers to an instance create with `backup_id`; the backups area installs the lookup. */
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

// ---- Status and actions ----

const nowMs = (world: World) => world.now().getTime();

/** Whether an action of the instance is still running (a zero action delay ends every action at once). */
export const isBusy = (world: World, instance: Instance): boolean =>
  instance.action !== undefined && nowMs(world) < instance.action.until;

/** Whether the root device of the booted profile holds a device; a boot waits until it does. */
function rootMounted(instance: Instance): boolean {
  if (instance.rescueDevices || instance.bootedConfigId === undefined) return true;
  const config = instance.configs.get(instance.bootedConfigId);
  if (!config) return true;
  const slot = /^\/dev\/(?:sd|xvd|vd)([a-h])/.exec(config.root_device)?.[1];
  if (slot) return config.devices[`sd${slot}` as keyof Devices] !== null;
  return Object.values(config.devices).some((d) => d !== null);
}

/** The status as of now, computed from the action's end time rather than by timers. */
export function statusOf(world: World, instance: Instance): InstanceStatus {
  if (isBusy(world, instance)) {
    const shown = (instance.action as Action).status;
    return shown === 'shutting_down' && world.fault('status-name-invented') ? ('stopping' as InstanceStatus) : shown;
  }
  if (instance.powered === 'running' && !rootMounted(instance)) return 'booting';
  return instance.powered;
}

/** Starts an action: the instance shows `status` for the action delay, then settles in `settles`. */
export function startAction(
  world: World,
  instance: Instance,
  status: TransitionalStatus,
  settles: SettledStatus,
): void {
  const until = nowMs(world) + world.delayFor(instance.accountId);
  instance.action = { status, until: Math.max(until, instance.action?.until ?? 0) };
  instance.powered = settles;
  instance.updated = timestamp(world.now());
}

function requireIdle(world: World, instance: Instance, what: string, faultOn: boolean): void {
  if (isBusy(world, instance) && !faultOn) {
    throw conflict(`${what} is refused while another action of the instance is running or queued`);
  }
}

const activeClones = (world: World, instance: Instance): number => {
  const now = nowMs(world);
  instance.clonesUntil = instance.clonesUntil.filter((until) => until > now);
  return instance.clonesUntil.length;
};

// ---- Addresses ----

interface AddressPool {
  nextPublic: number;
  nextPrivate: number;
}

const pools = new WeakMap<World, AddressPool>();
const pool = (world: World): AddressPool => {
  let p = pools.get(world);
  if (!p) {
    p = { nextPublic: 0, nextPrivate: 0 };
    pools.set(world, p);
  }
  return p;
};

const dotted = (n: number) => [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join('.');
const PUBLIC_BASE = 172 * 2 ** 24 + 104 * 2 ** 16; // 172.104.0.0/15
const PRIVATE_BASE = 192 * 2 ** 24 + 168 * 2 ** 16 + 128 * 2 ** 8; // 192.168.128.0/17

/** The next public IPv4 address of the world, in a /24 whose .1 is the gateway (hosts .2 to .254). */
export function allocatePublicIpv4(world: World): IpAddress {
  const k = pool(world).nextPublic++;
  const n = PUBLIC_BASE + Math.floor(k / 253) * 256 + 2 + (k % 253);
  return {
    address: dotted(n),
    public: true,
    prefix: 24,
    gateway: dotted(n - (n % 256) + 1),
    subnet_mask: '255.255.255.0',
    rdns: null,
  };
}

/** The next private IPv4 address of the world (private networking has no gateway). */
export function allocatePrivateIpv4(world: World): IpAddress {
  const k = pool(world).nextPrivate++;
  return {
    address: dotted(PRIVATE_BASE + 1 + k),
    public: false,
    prefix: 17,
    gateway: null,
    subnet_mask: '255.255.128.0',
    rdns: null,
  };
}

/** Gives the instance an address (the ips area allocates with the functions above). */
export function addAddress(instance: Instance, address: IpAddress): void {
  instance.ipv4.push(address);
}

/** Takes an address off the instance; false when it had none such. */
export function removeAddress(instance: Instance, address: string): boolean {
  const before = instance.ipv4.length;
  instance.ipv4 = instance.ipv4.filter((a) => a.address !== address);
  return instance.ipv4.length < before;
}

const slaac = (id: number) => {
  const hex = id.toString(16).padStart(6, '0').slice(-6);
  return `2600:3c00::f03c:91ff:fe${hex.slice(0, 2)}:${hex.slice(2)}/128`;
};

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

function requireRegion(field: string, region: string): void {
  if (!regionExists(region)) throw invalid(field, `Region ${region} not found`);
}

function requireType(field: string, id: string): InstanceType {
  const type = findType(id);
  if (!type) throw invalid(field, `Instance type ${id} not found`);
  return type;
}

/** Cloud-config needs an image with `cloud-init` and a region with `Metadata`. */
function requireCloudConfig(image: Image | undefined, region: string): void {
  if (!image?.capabilities.includes('cloud-init')) {
    throw invalid('metadata.user_data', 'Cloud-config needs an image with the cloud-init capability');
  }
  if (!regionHas(region, 'Metadata')) {
    throw invalid('metadata.user_data', `Region ${region} lacks the Metadata capability needed for cloud-config`);
  }
}

function requireTagsAllowed(p: Principal, tags: readonly string[] | undefined, current: readonly string[] = []): void {
  if (!tags || !p.user.restricted || p.account.world.fault('tags-restricted-allowed')) return;
  // Sending the tags the instance already has changes nothing, so it is not "adding or changing" them.
  const wanted = new Set(tags);
  const same = wanted.size === current.length && current.every((t) => wanted.has(t));
  if (!same) throw forbidden('Only unrestricted users may set tags');
}

function blankInstance(p: Principal, fields: { label?: string; region: string; type: InstanceType }): Instance {
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
function deployImage(
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

function tagAll(account: Account, instance: Instance, tags: readonly string[]): void {
  for (const t of new Set(tags)) tagObject(account, t, 'nodes', instance);
}

function grantCreator(p: Principal, instance: Instance): void {
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
  if (backup.status !== 'successful') throw invalid('backup_id', `Backup ${backupId} is not successful`);
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
  requireStrongPassword(world, 'instances/create', 'root_pass', input.root_pass);
  const script = stackScriptFor(p, input, image);
  requireUsersWithKeys(p, 'authorized_users', input.authorized_users);
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
  store(p.account).set(instance.id, instance);
  tagAll(p.account, instance, input.tags ?? []);
  grantCreator(p, instance);

  const deployed = image !== undefined || backup !== undefined;
  const boots = deployed && input.booted !== false && !world.fault('create-booted-ignored');
  if (boots) bootWith(world, instance, firstConfig(instance), 'provisioning');
  else startAction(world, instance, 'provisioning', 'offline');
  return instance;
}

/** The profile a deploy boots with: its default profile (or the first of those a backup brought). */
const firstConfig = (instance: Instance): Config | undefined => instance.configs.values().next().value;

const onlyConfig = (instance: Instance): Config | undefined =>
  instance.configs.size === 1 ? (instance.configs.values().next().value as Config) : undefined;

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
  if (!world.fault('update-ignored')) {
    if (changes.label !== undefined) instance.label = changes.label;
    if (changes.group !== undefined) instance.group = changes.group;
    if (changes.tags !== undefined) applyTags(p.account, instance, changes.tags);
    if (changes.watchdog_enabled !== undefined) instance.watchdog_enabled = changes.watchdog_enabled;
    if (changes.alerts) Object.assign(instance.alerts, definedOnly(changes.alerts));
    const schedule = changes.backups?.schedule;
    if (schedule?.day !== undefined) instance.backups.schedule.day = schedule.day ?? SCHEDULING;
    if (schedule?.window !== undefined) instance.backups.schedule.window = schedule.window ?? SCHEDULING;
  }
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
  if (world.fault('delete-keeps-item')) return;
  dropDisksAndConfigs(p.account, instance);
  store(p.account).delete(id);
  forgetTagged(p.account, 'nodes', instance);
  forgetNodeSettings(p.account, id);
  if (instance.stackscriptId !== null) stackScriptDeploymentEnded(world, instance.stackscriptId);
  for (const user of p.account.users.values()) user.grants.entities.node.delete(id);
  for (const hook of instanceDeletedHooks) hook(p.account, instance);
}

// ---- Power ----

/** Boots (or reboots) the instance with a profile, making that profile's interfaces the active ones. */
function bootWith(world: World, instance: Instance, config: Config | undefined, status: TransitionalStatus): void {
  instance.rescueDevices = undefined;
  instance.bootedConfigId = config?.id;
  if (config) instance.lastBootedConfigId = config.id;
  instance.activeInterfaces = new Set(
    world.fault('interfaces-never-active') ? [] : config?.interfaces.map((i) => i.id),
  );
  const settles = status === 'rebooting' && world.fault('reboot-leaves-offline') ? 'offline' : 'running';
  startAction(world, instance, status, settles);
}

function givenConfig(instance: Instance, id: number): Config {
  try {
    return getConfig(instance, id);
  } catch {
    throw invalid('config_id', `Configuration profile ${id} is not a profile of this instance`);
  }
}

const noChoice = () =>
  invalid(
    'config_id',
    'No configuration profile can be chosen: give config_id (several exist and none was booted last)',
  );

/** Boot: the given profile; else the only one; else the last booted one; else an error. */
export function bootConfigFor(world: World, instance: Instance, configId: number | undefined): Config {
  if (configId !== undefined) return givenConfig(instance, configId);
  const only = onlyConfig(instance);
  if (only) return only;
  const last =
    instance.lastBootedConfigId === undefined ? undefined : instance.configs.get(instance.lastBootedConfigId);
  if (last) return last;
  if (world.fault('boot-choice-first') && instance.configs.size > 0)
    return instance.configs.values().next().value as Config;
  throw noChoice();
}

/** Reboot: the given profile; null or omitted, the last booted one; else the only one; else an error. */
export function rebootConfigFor(world: World, instance: Instance, configId: number | null | undefined): Config {
  if (configId !== undefined && configId !== null) return givenConfig(instance, configId);
  const last =
    instance.lastBootedConfigId === undefined ? undefined : instance.configs.get(instance.lastBootedConfigId);
  if (world.fault('reboot-ignores-last-booted') && instance.configs.size > 0) {
    return instance.configs.values().next().value as Config;
  }
  if (last) return last;
  const only = onlyConfig(instance);
  if (only) return only;
  throw noChoice();
}

export function bootInstance(p: Principal, id: number, configId: number | undefined): Instance {
  const instance = getInstance(p, id, 'read_write');
  const { world } = p.account;
  requireIdle(world, instance, 'A boot', false);
  bootWith(world, instance, bootConfigFor(world, instance, configId), 'booting');
  return instance;
}

export function rebootInstance(p: Principal, id: number, configId: number | null | undefined): Instance {
  const instance = getInstance(p, id, 'read_write');
  const { world } = p.account;
  requireIdle(world, instance, 'A reboot', world.fault('reboot-while-busy'));
  bootWith(world, instance, rebootConfigFor(world, instance, configId), 'rebooting');
  return instance;
}

function powerOff(world: World, instance: Instance, status: TransitionalStatus): void {
  instance.bootedConfigId = undefined;
  instance.rescueDevices = undefined;
  if (!world.fault('interfaces-stay-active')) instance.activeInterfaces.clear();
  startAction(world, instance, status, 'offline');
}

export function shutdownInstance(p: Principal, id: number): Instance {
  const instance = getInstance(p, id, 'read_write');
  const { world } = p.account;
  requireIdle(world, instance, 'A shut down', world.fault('shutdown-while-busy'));
  if (!world.fault('shutdown-ignored')) powerOff(world, instance, 'shutting_down');
  return instance;
}

/** Resets the root password of a shut-down instance, emitting `password_reset`. */
export function resetRootPassword(p: Principal, id: number, rootPass: string): Instance {
  const instance = getInstance(p, id, 'read_write');
  const { world } = p.account;
  const offline = statusOf(world, instance) === 'offline';
  if (!offline && !world.fault('password-reset-while-running')) {
    throw conflict('The instance must be shut down before its root password is reset');
  }
  requireStrongPassword(world, 'instances/password', 'root_pass', rootPass);
  instance.updated = timestamp(world.now());
  if (!world.fault('event-missing:password_reset')) {
    p.account.events.record('password_reset', instanceEntity(instance), p.user.username, 'node');
  }
  return instance;
}

/** Boots the instance into rescue mode with the given devices (sda to sdg; sdh is reserved). */
export function rescueInstance(p: Principal, id: number, devices: Record<string, unknown> | undefined): Instance {
  const instance = getInstance(p, id, 'read_write');
  const { world } = p.account;
  requireIdle(world, instance, 'Rescue', false);
  const slots = operationById.get('instances/rescue')?.body?.fields.find((f) => f.name === 'devices')?.fields ?? [];
  const offered = world.fault('rescue-sdh-accepted') ? [...slots.map((s) => s.name), 'sdh'] : slots.map((s) => s.name);
  const parsed = parseDevices(instance, devices ?? {}, offered);
  instance.bootedConfigId = undefined;
  instance.activeInterfaces.clear();
  startAction(world, instance, 'booting', 'running');
  instance.rescueDevices = parsed;
  return instance;
}

// ---- Rebuild, resize, upgrade ----

/** The resize conditions: no pending migration, no outstanding balance, disk allocation within the new type. */
function requireResizable(p: Principal, instance: Instance, type: InstanceType, operation: string): void {
  const { world } = p.account;
  const skip = (rule: string) => world.fault(`skip:${operation}/${rule}`);
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
function changeType(instance: Instance, type: InstanceType, autoDiskResize: boolean): void {
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
  requireStrongPassword(world, 'instances/rebuild', 'root_pass', input.root_pass);
  const script = stackScriptFor(p, input, image);
  requireUsersWithKeys(p, 'authorized_users', input.authorized_users);
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

/** Upgrades a deprecated type to its successor; a running instance is restarted. */
export function mutateInstance(p: Principal, id: number, input: { allow_auto_disk_resize?: boolean }): Instance {
  const instance = getInstance(p, id, 'read_write');
  const { world } = p.account;
  const current = typeOfInstance(instance);
  if (!hasFreeUpgrade(current) && !world.fault('mutate-any-type')) {
    throw conflict(`Type ${current.id} is not deprecated: the instance has no upgrade`);
  }
  requireIdle(world, instance, 'An upgrade', world.fault('mutate-while-busy'));
  const successor = findType(current.successor);
  if (successor) changeType(instance, successor, input.allow_auto_disk_resize !== false);
  const settles = world.fault('mutate-leaves-offline') ? 'offline' : instance.powered;
  startAction(world, instance, instance.powered === 'running' ? 'rebooting' : 'resizing', settles);
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
const hasVlanInterface = (instance: Instance) =>
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
  if (input.region !== undefined && !world.fault('event-missing:node_migrate_datacenter_create')) {
    p.account.events.record('node_migrate_datacenter_create', instanceEntity(instance), p.user.username, 'node');
  }
  return instance;
}

// ---- Clone ----

export interface CloneInput {
  node_id?: number;
  region?: string;
  type?: string;
  label?: string;
  group?: string;
  backups_enabled?: boolean;
  private_ip?: boolean;
  metadata?: { user_data?: string };
  configs?: number[];
  disks?: number[];
}

/** The profiles and disks a clone copies, per the `configs` and `disks` table. */
function cloneSelection(world: World, source: Instance, input: CloneInput): { configs: Config[]; disks: Disk[] } {
  const configs =
    input.configs === undefined
      ? [...source.configs.values()]
      : input.configs.map((id, k) => {
          const c = source.configs.get(id);
          if (!c)
            throw invalid(`configs[${k}]`, `Configuration profile ${id} is not a profile of instance ${source.id}`);
          return c;
        });
  const diskIds = new Set<number>();
  for (const c of world.fault('clone-config-disks-skipped') ? [] : configs) {
    for (const d of Object.values(c.devices)) if (d && 'disk_id' in d) diskIds.add(d.disk_id);
  }
  for (const [k, id] of (input.disks ?? []).entries()) {
    if (!source.disks.has(id)) throw invalid(`disks[${k}]`, `Disk ${id} is not a disk of instance ${source.id}`);
    diskIds.add(id);
  }
  if (world.fault('clone-all-disks')) for (const id of source.disks.keys()) diskIds.add(id);
  return { configs, disks: [...diskIds].flatMap((id) => source.disks.get(id) ?? []) };
}

function cloneTarget(p: Principal, source: Instance, input: CloneInput): { target: Instance; isNew: boolean } {
  const { world } = p.account;
  if (input.node_id !== undefined) {
    if (input.node_id === source.id) throw invalid('node_id', 'An instance cannot be cloned into itself');
    const target = getInstance(p, input.node_id, 'read_write');
    if (isBusy(world, target) && !world.fault('clone-target-busy')) {
      throw conflict('The target instance has an action running or queued', 'node_id');
    }
    return { target, isNew: false };
  }
  // With its rule switched off, a missing region or type is the source's.
  const sourceWhenSkipped = (field: 'region' | 'type') =>
    requirementSkipped(world, 'instances/clone', field) ? source[field] : undefined;
  const region = (input.region ?? sourceWhenSkipped('region')) as string;
  requireRegion('region', region);
  const type = requireType('type', (input.type ?? sourceWhenSkipped('type')) as string);
  if (
    source.userData !== null &&
    input.metadata?.user_data === undefined &&
    !world.fault('clone-user-data-unchecked')
  ) {
    throw invalid('metadata.user_data', 'The source has user data: a clone to a new instance needs metadata.user_data');
  }
  if (hasVlanInterface(source) && !regionHas(region, 'NGN')) {
    throw invalid('region', `Region ${region} has no next-generation networking, which the instance's VLAN needs`);
  }
  const target = blankInstance(p, { label: input.label ?? CLONE_LABEL_DEFAULT, region, type });
  return { target, isNew: true };
}

/** Clones profiles and disks of an instance into a new instance or an existing one. */
export function cloneInstance(p: Principal, id: number, input: CloneInput): Instance {
  const source = getInstance(p, id, 'read_only');
  const { world } = p.account;
  enforceConditionalRules(world, 'instances/clone', input as unknown as Record<string, unknown>);
  const limitOff = world.fault('skip:instances/clone/concurrent-clones');
  if (activeClones(world, source) >= CONCURRENT_CLONES.max && !limitOff) {
    throw invalid(
      undefined,
      `At most ${CONCURRENT_CLONES.max} clones of one instance may run at once`,
      CONCURRENT_CLONES.status,
    );
  }
  const { target, isNew } = cloneTarget(p, source, input);
  const selection = cloneSelection(world, source, input);
  const needed = selection.disks.reduce((sum, d) => sum + d.size, 0);
  if (needed > freeStorage(target) && !world.fault('clone-target-storage-unchecked')) {
    throw conflict(`The target needs ${needed} MB of free storage for the cloned disks`, isNew ? 'type' : 'node_id');
  }

  const copies = new Map<number, Disk>();
  for (const d of selection.disks) {
    copies.set(
      d.id,
      newDisk(world, { label: d.label, size: d.size, filesystem: d.filesystem, used: d.used, image: d.image }),
    );
  }
  const configs = copyConfigs(p, 'instances/clone', target, selection.configs, copies);
  for (const d of copies.values()) target.disks.set(d.id, d);
  for (const c of configs) addConfig(p.account, target, c);

  if (isNew) {
    target.group = input.group ?? source.group;
    target.image = source.image;
    target.userData = input.metadata?.user_data ?? null;
    target.backups.enabled = input.backups_enabled === true || accountBackupsEnabled(p.account);
    if (input.private_ip) addAddress(target, allocatePrivateIpv4(world));
    store(p.account).set(target.id, target);
    grantCreator(p, target);
  }
  if (!world.fault('clone-tags-dropped')) tagAll(p.account, target, source.tags);
  startAction(world, target, 'cloning', isNew ? 'offline' : target.powered);
  source.clonesUntil.push((target.action as Action).until);
  return target;
}
