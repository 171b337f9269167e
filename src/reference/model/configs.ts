// Configuration profiles of an instance: device slots holding the instance's disks, kernel, helpers and defaults, the fullvirt slot rule, the profile's interfaces, and copies for clones; no HTTP types.

import { checkField, isObject } from '../../../spec/evaluate.js';
import { operationById } from '../../../spec/index.js';
import { config as configResource, DEVICE_SLOTS } from '../../../spec/part3/configs.js';
import type { Field } from '../../../spec/types.js';
import { findKernel } from './catalogue.js';
import type { Config, Device, Devices, Disk, Helpers, Iface, Instance, Slot } from './compute-types.js';
import { typeOf } from './disks.js';
import { conflict, invalid, notFound } from './errors.js';
import { attachAll, buildInterfaces, copyInterfaceSets, detachAll, type InterfaceInput } from './interfaces.js';
import { applyUpdate, removeDeleted, ruleSkipped } from './seams.js';
import { type Account, type Principal, timestamp, type World } from './world.js';

export type { Config, Device, Devices, Helpers, Slot } from './compute-types.js';

export interface ConfigInput {
  label: string;
  devices?: Record<string, unknown>;
  comments?: string | null;
  helpers?: Partial<Helpers>;
  interfaces?: InterfaceInput[];
  kernel?: string;
  memory_limit?: number;
  root_device?: string;
  run_level?: string;
  virt_mode?: string;
}

export type ConfigChanges = Partial<ConfigInput>;

// ---- Defaults and rules read from the encoding ----

const fieldOf = (name: string): Field => configResource.fields.find((f) => f.name === name) as Field;
const defaultOf = (name: string) => fieldOf(name).default as string;

const DEFAULT_KERNEL = defaultOf('kernel');
const DEFAULT_ROOT_DEVICE = defaultOf('root_device');
const DEFAULT_RUN_LEVEL = defaultOf('run_level');
const DEFAULT_VIRT_MODE = defaultOf('virt_mode');

/** The document gives only `devtmpfs_automount` a default; the other helpers are on unless turned off. */
const HELPER_DEFAULTS: Helpers = {
  devtmpfs_automount: false,
  distro: true,
  modules_dep: true,
  network: true,
  updatedb_disabled: true,
  ...Object.fromEntries(
    (fieldOf('helpers').fields ?? []).flatMap((f) => (f.default === undefined ? [] : [[f.name, f.default]])),
  ),
};

/** Device paths a profile can mount its root from; anything else falls back to the default (the document says invalid values do). */
const ROOT_DEVICE = /^\/dev\/(?:(?:sd|xvd|vd)[a-h]\d{0,2}|root)$/u;

const FULLVIRT_RULE = 'fullvirt-slots';

/** The slots the fullvirt rule empties and the mode that triggers it, from the rule's parameters. */
const fullvirt = (() => {
  const rule = operationById.get('configs/create')?.body?.rules?.find((r) => r.id === FULLVIRT_RULE);
  const params = rule?.kind === 'forbidden-if' ? rule.params : undefined;
  const when = params?.when ?? {};
  return { mode: String(when.virt_mode), slots: (params?.slots ?? []) as Slot[] };
})();

// ---- Lookup ----

export const configsOf = (instance: Instance): Config[] => [...instance.configs.values()];

export function getConfig(instance: Instance, id: number): Config {
  const config = instance.configs.get(id);
  if (!config) throw notFound('Configuration profile not found');
  return config;
}

export const emptyDevices = (): Devices => Object.fromEntries(DEVICE_SLOTS.map((s) => [s, null])) as Devices;

// ---- Devices ----

function deviceFor(instance: Instance, value: unknown, at: string): Device | null {
  if (!isObject(value)) return null;
  if (typeof value.disk_id === 'number') {
    if (!instance.disks.has(value.disk_id))
      throw invalid(`${at}.disk_id`, `Disk ${value.disk_id} is not a disk of this instance`);
    return { disk_id: value.disk_id };
  }
  if (typeof value.volume_id === 'number') throw invalid(`${at}.volume_id`, `Volume ${value.volume_id} not found`);
  return null;
}

/** Device slots from a request: each names a disk of the instance or is empty; slots outside `slots` are not offered. */
export function parseDevices(
  instance: Instance,
  input: Record<string, unknown>,
  slots: readonly string[],
  field = 'devices',
): Devices {
  const devices = emptyDevices();
  for (const slot of slots) devices[slot as Slot] = deviceFor(instance, input[slot], `${field}.${slot}`);
  return devices;
}

function requireFullvirtSlots(world: World, operation: string, virtMode: string, devices: Devices): void {
  if (virtMode !== fullvirt.mode || ruleSkipped(world, operation, FULLVIRT_RULE)) return;
  const used = fullvirt.slots.find((slot) => devices[slot] !== null);
  if (used) throw invalid(`devices.${used}`, `Slot ${used} is not available in ${fullvirt.mode} mode`);
}

// ---- Profile fields ----

function kernelFor(id: string | undefined): string {
  const kernel = id ?? DEFAULT_KERNEL;
  if (!findKernel(kernel)) throw invalid('kernel', `Kernel ${kernel} not found`);
  return kernel;
}

function memoryLimitFor(instance: Instance, value: number | undefined): number {
  if (value === undefined) return typeOf(instance).memory;
  if (value < 0) throw invalid('memory_limit', 'memory_limit cannot be negative');
  return value;
}

const rootDeviceFor = (value: string | undefined) =>
  value !== undefined && ROOT_DEVICE.test(value) ? value : DEFAULT_ROOT_DEVICE;

/** Fields the update body leaves out (label, kernel, memory_limit) are still taken, held to their create rules. */
function requireCreateRules(changes: ConfigChanges): void {
  for (const name of ['label', 'kernel', 'memory_limit'] as const) {
    if (changes[name] === undefined) continue;
    const problem = checkField(fieldOf(name), changes[name], name, name)[0];
    if (problem) throw invalid(name, problem.message);
  }
}

// ---- Operations ----

/** Adds a profile, validated, to the instance and the network indexes. */
export function addConfig(account: Account, instance: Instance, config: Config): void {
  instance.configs.set(config.id, config);
  attachAll(account, instance, config);
}

export function newConfig(world: World, instance: Instance, fields: Partial<Config> & { label: string }): Config {
  const now = timestamp(world.now());
  return {
    id: world.id(),
    comments: '',
    devices: emptyDevices(),
    helpers: { ...HELPER_DEFAULTS },
    interfaces: [],
    kernel: DEFAULT_KERNEL,
    memory_limit: typeOf(instance).memory,
    root_device: DEFAULT_ROOT_DEVICE,
    run_level: DEFAULT_RUN_LEVEL,
    virt_mode: DEFAULT_VIRT_MODE,
    created: now,
    updated: now,
    ...fields,
  };
}

export function createConfig(p: Principal, instance: Instance, input: ConfigInput): Config {
  const { world } = p.account;
  const devices = parseDevices(instance, input.devices ?? {}, DEVICE_SLOTS);
  const virtMode = input.virt_mode ?? DEFAULT_VIRT_MODE;
  requireFullvirtSlots(world, 'configs/create', virtMode, devices);
  const config = newConfig(world, instance, {
    label: input.label,
    comments: input.comments === undefined ? '' : input.comments,
    devices,
    helpers: { ...HELPER_DEFAULTS, ...input.helpers },
    kernel: kernelFor(input.kernel),
    memory_limit: memoryLimitFor(instance, input.memory_limit),
    root_device: rootDeviceFor(input.root_device),
    run_level: input.run_level ?? DEFAULT_RUN_LEVEL,
    virt_mode: virtMode,
    interfaces: buildInterfaces(p, 'configs/create', instance, input.interfaces),
  });
  addConfig(p.account, instance, config);
  return config;
}

/** Changes a profile; `interfaces`, when given, replaces every interface of the profile (the new ones inactive until a boot with it). */
export function updateConfig(p: Principal, instance: Instance, id: number, changes: ConfigChanges): Config {
  const config = getConfig(instance, id);
  const { world } = p.account;
  requireCreateRules(changes);
  const devices =
    changes.devices === undefined ? config.devices : parseDevices(instance, changes.devices, DEVICE_SLOTS);
  const virtMode = changes.virt_mode ?? config.virt_mode;
  requireFullvirtSlots(world, 'configs/update', virtMode, devices);
  const kernel = changes.kernel === undefined ? config.kernel : kernelFor(changes.kernel);
  const memoryLimit =
    changes.memory_limit === undefined ? config.memory_limit : memoryLimitFor(instance, changes.memory_limit);
  const interfaces =
    changes.interfaces === undefined
      ? undefined
      : buildInterfaces(p, 'configs/update', instance, changes.interfaces, config);
  applyUpdate(world, () => {
    if (changes.label !== undefined) config.label = changes.label;
    if (changes.comments !== undefined) config.comments = changes.comments;
    if (changes.helpers !== undefined) config.helpers = { ...config.helpers, ...changes.helpers };
    if (changes.root_device !== undefined) config.root_device = rootDeviceFor(changes.root_device);
    if (changes.run_level !== undefined) config.run_level = changes.run_level;
    Object.assign(config, { devices, virt_mode: virtMode, kernel, memory_limit: memoryLimit });
    if (interfaces) replaceInterfaces(p.account, instance, config, interfaces);
  });
  config.updated = timestamp(world.now());
  return config;
}

function replaceInterfaces(account: Account, instance: Instance, config: Config, interfaces: Iface[]): void {
  detachAll(account, instance, config);
  for (const i of config.interfaces) instance.activeInterfaces.delete(i.id);
  config.interfaces = interfaces;
  attachAll(account, instance, config);
}

/** Takes a profile and its interfaces off the instance, whatever its state (instance delete and rebuild). */
export function dropConfig(account: Account, instance: Instance, config: Config): void {
  detachAll(account, instance, config);
  instance.configs.delete(config.id);
  for (const i of config.interfaces) instance.activeInterfaces.delete(i.id);
  if (instance.lastBootedConfigId === config.id) instance.lastBootedConfigId = undefined;
}

/** Deletes a profile the instance is not running with. */
export function deleteConfig(p: Principal, instance: Instance, id: number): void {
  const config = getConfig(instance, id);
  const { world } = p.account;
  if (instance.bootedConfigId === id) {
    throw conflict('The instance is running with this profile; shut it down first');
  }
  removeDeleted(world, () => {
    if (instance.bootedConfigId === id) instance.bootedConfigId = undefined;
    dropConfig(p.account, instance, config);
  });
}

// ---- Copies (clone, create from a backup) ----

/** A copy of a profile's fields with its devices pointed at the copied disks (slots of disks not copied are empty). */
function copyFields(world: World, source: Config, disks: ReadonlyMap<number, Disk>): Config {
  const devices = emptyDevices();
  for (const [slot, device] of Object.entries(source.devices) as [Slot, Device | null][]) {
    const copy = device && 'disk_id' in device ? disks.get(device.disk_id) : undefined;
    devices[slot] = copy ? { disk_id: copy.id } : null;
  }
  const now = timestamp(world.now());
  return {
    ...source,
    id: world.id(),
    devices,
    helpers: { ...source.helpers },
    interfaces: [],
    created: now,
    updated: now,
  };
}

/**
 * Copies of profiles for another instance, validated but not yet added (add each with `addConfig`):
 * `disks` maps each source disk id to its copy on the target.
 */
export function copyConfigs(
  p: Principal,
  operation: string,
  target: Instance,
  sources: readonly Config[],
  disks: ReadonlyMap<number, Disk>,
): Config[] {
  const { world } = p.account;
  const copies = sources.map((c) => copyFields(world, c, disks));
  const interfaces = copyInterfaceSets(
    p,
    operation,
    target,
    sources.map((c) => c.interfaces),
    (k) => `configs[${k}].interfaces`,
  );
  copies.forEach((c, k) => {
    c.interfaces = interfaces[k] ?? [];
  });
  return copies;
}
