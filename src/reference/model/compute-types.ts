// The records of the compute wing (instances, their configuration profiles, disks and interfaces) that the compute models share: types only, so every model can import them without importing another model.

import type { DEVICE_SLOTS } from '../../../spec/part3/configs.js';
import type { Purpose } from '../../../spec/part3/interfaces.js';
import type { Subnet } from './vpcs.js';
import type { World } from './world.js';

// ---- Instances ----

export type SettledStatus = 'running' | 'offline';
export type TransitionalStatus =
  | 'provisioning'
  | 'booting'
  | 'rebooting'
  | 'shutting_down'
  | 'rebuilding'
  | 'resizing'
  | 'migrating'
  | 'cloning'
  | 'restoring';
export type InstanceStatus = SettledStatus | TransitionalStatus;

/** An action in progress: the status it shows until `until` (ms since the epoch on the world clock). */
export interface Action {
  status: TransitionalStatus;
  until: number;
}

export interface IpAddress {
  address: string;
  public: boolean;
  prefix: number;
  gateway: string | null;
  subnet_mask: string;
  rdns: string | null;
}

export interface Alerts {
  cpu: number;
  io: number;
  network_in: number;
  network_out: number;
  transfer_quota: number;
}

export interface BackupSettings {
  enabled: boolean;
  schedule: { day: string; window: string };
}

export interface Instance {
  id: number;
  /** The account the instance belongs to. */
  accountId: number;
  /** The world it lives in: its status is computed from that world's clock. */
  world: World;
  label: string;
  group: string;
  region: string;
  type: string;
  /** The image last deployed by create or rebuild; null for an empty instance. */
  image: string | null;
  tags: string[];
  created: string;
  updated: string;
  /** The power state the instance settles in once its action (if any) ends. */
  powered: SettledStatus;
  action: Action | undefined;
  configs: Map<number, Config>;
  disks: Map<number, Disk>;
  /** The profile the instance runs with; undefined while offline or in rescue mode. */
  bootedConfigId: number | undefined;
  /** The profile of the last boot or reboot, kept after shutdown (boot and reboot choose it). */
  lastBootedConfigId: number | undefined;
  /** Devices of rescue mode while the instance runs in it. */
  rescueDevices: Devices | undefined;
  /** Interfaces of the profile the instance was booted with, until shutdown or a boot with another one. */
  activeInterfaces: Set<number>;
  ipv4: IpAddress[];
  ipv6: string;
  backups: BackupSettings;
  watchdog_enabled: boolean;
  alerts: Alerts;
  /** The cloud-config user data, base64 as given; fixed after provisioning. */
  userData: string | null;
  stackscriptId: number | null;
  /** End of a pending migration (migrate or resize): no second one starts before it. */
  migrationUntil: number;
  /** End times of the clones running from this instance as the source. */
  clonesUntil: number[];
}

// ---- Configuration profiles ----

export type Slot = (typeof DEVICE_SLOTS)[number];
export type Device = { disk_id: number } | { volume_id: number };
export type Devices = Record<Slot, Device | null>;

export interface Helpers {
  devtmpfs_automount: boolean;
  distro: boolean;
  modules_dep: boolean;
  network: boolean;
  updatedb_disabled: boolean;
}

export interface Config {
  id: number;
  label: string;
  comments: string | null;
  devices: Devices;
  helpers: Helpers;
  interfaces: Iface[];
  kernel: string;
  memory_limit: number;
  root_device: string;
  run_level: string;
  virt_mode: string;
  created: string;
  updated: string;
}

// ---- Disks ----

export interface Disk {
  id: number;
  label: string;
  size: number;
  filesystem: string;
  status: 'ready';
  created: string;
  updated: string;
  /** MB the files on the disk take: a disk cannot shrink below it. */
  used: number;
  /** The image deployed onto it, if any. */
  image: string | null;
}

// ---- Interfaces ----

/** An IPv4 range: first and last address as numbers, and its prefix length. */
export interface Range {
  first: number;
  last: number;
  prefix: number;
}

/** Where a vpc interface is attached. */
export interface VpcLink {
  vpcId: number;
  subnet: Subnet;
  region: string;
  range: Range;
}

export interface Iface {
  id: number;
  purpose: Purpose;
  /** The VLAN of a vlan interface; null otherwise. */
  label: string | null;
  ipam_address: string | null;
  primary: boolean;
  vpc: VpcLink | undefined;
  /** The address of a vpc interface in its subnet. */
  address: string | undefined;
  /** The 1:1 NAT of a vpc interface: the `any` keyword, a public IPv4 address of the instance, or undefined for none. */
  nat: string | undefined;
  /** IPv4 ranges routed to a vpc interface, canonical CIDR. */
  ranges: string[];
}
