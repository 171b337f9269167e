// The reference server's catalogue data: regions with their capabilities, instance types, images and kernels (the documents name capabilities and a few ids; the rest is the server's own).

import { NAMED_KERNELS } from '../../../spec/part3/kernels.js';

export interface Region {
  id: string;
  /** `Metadata` for cloud-config; `NGN` for next-generation networking (VLANs). */
  capabilities: readonly string[];
}

export const regions: readonly Region[] = [
  { id: 'us-east', capabilities: ['NGN', 'Metadata', 'VPCs', 'Vlans'] },
  { id: 'eu-central', capabilities: ['NGN', 'VPCs', 'Vlans'] },
  { id: 'ap-south', capabilities: ['VPCs'] },
];

export const regionExists = (id: unknown): boolean => regions.some((r) => r.id === id);

const regionById = new Map(regions.map((r) => [r.id, r]));

export const regionHas = (id: string, capability: string): boolean =>
  regionById.get(id)?.capabilities.includes(capability) ?? false;

// ---- Instance types ----

export interface InstanceType {
  id: string;
  label: string;
  class: 'nanode' | 'standard';
  /** MB of RAM. */
  memory: number;
  /** MB of disk the type allows in total. */
  disk: number;
  vcpus: number;
  /** Monthly network transfer quota in GB. */
  transfer: number;
  /** Set on a deprecated type: the type a free upgrade (mutate) moves it to. */
  successor: string | null;
}

export const instanceTypes: readonly InstanceType[] = [
  {
    id: 'g6-nanode-1',
    label: 'Nanode 1GB',
    class: 'nanode',
    memory: 1024,
    disk: 25600,
    vcpus: 1,
    transfer: 1000,
    successor: null,
  },
  {
    id: 'g6-standard-1',
    label: 'Node 2GB',
    class: 'standard',
    memory: 2048,
    disk: 51200,
    vcpus: 1,
    transfer: 2000,
    successor: null,
  },
  {
    id: 'g6-standard-2',
    label: 'Node 4GB',
    class: 'standard',
    memory: 4096,
    disk: 81920,
    vcpus: 2,
    transfer: 4000,
    successor: null,
  },
  {
    id: 'g6-standard-4',
    label: 'Node 8GB',
    class: 'standard',
    memory: 8192,
    disk: 163840,
    vcpus: 4,
    transfer: 5000,
    successor: null,
  },
  {
    id: 'g5-standard-1',
    label: 'Node 2GB (previous generation)',
    class: 'standard',
    memory: 2048,
    disk: 40960,
    vcpus: 1,
    transfer: 2000,
    successor: 'g6-standard-1',
  },
];

const typeById = new Map(instanceTypes.map((t) => [t.id, t]));

export const findType = (id: unknown): InstanceType | undefined =>
  typeof id === 'string' ? typeById.get(id) : undefined;

/** A deprecated type with a successor can be upgraded for free (mutate, or migrate with `upgrade`). */
export const hasFreeUpgrade = (type: InstanceType): boolean => type.successor !== null;

// ---- Images ----

export interface Image {
  id: string;
  label: string;
  vendor: string;
  filesystem: 'ext4' | 'ext3' | 'raw';
  /** The smallest disk, in MB, the image can be deployed to; also the space its files take. */
  size: number;
  /** `cloud-init` where the image supports cloud-config metadata. */
  capabilities: readonly string[];
}

export const images: readonly Image[] = [
  {
    id: 'node/debian12',
    label: 'Debian 12',
    vendor: 'Debian',
    filesystem: 'ext4',
    size: 1300,
    capabilities: ['cloud-init'],
  },
  {
    id: 'node/ubuntu24.04',
    label: 'Ubuntu 24.04 LTS',
    vendor: 'Ubuntu',
    filesystem: 'ext4',
    size: 2500,
    capabilities: ['cloud-init'],
  },
  {
    id: 'node/ubuntu22.04',
    label: 'Ubuntu 22.04 LTS',
    vendor: 'Ubuntu',
    filesystem: 'ext4',
    size: 2500,
    capabilities: ['cloud-init'],
  },
  { id: 'node/alpine3.20', label: 'Alpine 3.20', vendor: 'Alpine', filesystem: 'ext4', size: 300, capabilities: [] },
  { id: 'node/arch', label: 'Arch Linux', vendor: 'Arch', filesystem: 'ext4', size: 1800, capabilities: [] },
  // An account image, last so that runs keep deploying public ones first. The documents have no
  // operation that makes one, but they state rules about them (no StackScript with a private image):
  // every account holds this one, as a real account may hold some.
  { id: 'private/1001', label: 'Account image', vendor: '', filesystem: 'ext4', size: 1500, capabilities: [] },
];

const imageById = new Map(images.map((i) => [i.id, i]));

/** An image by id: a public one, or the account image every account holds. */
export const findImage = (id: unknown): Image | undefined => (typeof id === 'string' ? imageById.get(id) : undefined);

// ---- Kernels ----

export interface Kernel {
  id: string;
  label: string;
  version: string;
  kvm: boolean;
  xen: boolean;
  pvops: boolean;
  architecture: 'x86_64' | 'i386';
  deprecated: boolean;
  built: string;
}

const [LATEST_64, GRUB2, DIRECT_DISK] = NAMED_KERNELS;

/** The 64-bit build that the latest-64bit alias stands for: the list shows it under both ids. */
const kernel689: Kernel = {
  id: 'node/6.8.9-x86_64-node',
  label: '6.8.9-x86_64-node',
  version: '6.8.9',
  kvm: true,
  xen: false,
  pvops: true,
  architecture: 'x86_64',
  deprecated: false,
  built: '2024-05-03T12:00:00',
};

export const kernels: readonly Kernel[] = [
  { ...kernel689, id: LATEST_64, label: 'Latest 64 bit (6.8.9-x86_64-node)' },
  kernel689,
  {
    id: 'node/latest-32bit',
    label: 'Latest 32 bit (4.19.0-x86-node)',
    version: '4.19.0',
    kvm: true,
    xen: true,
    pvops: true,
    architecture: 'i386',
    deprecated: true,
    built: '2019-01-10T12:00:00',
  },
  {
    id: GRUB2,
    label: 'GRUB 2',
    version: '2.06',
    kvm: true,
    xen: false,
    pvops: false,
    architecture: 'x86_64',
    deprecated: false,
    built: '2022-08-29T12:00:00',
  },
  {
    id: DIRECT_DISK,
    label: 'Direct Disk',
    version: '',
    kvm: true,
    xen: false,
    pvops: false,
    architecture: 'x86_64',
    deprecated: false,
    built: '2015-04-29T12:00:00',
  },
];

const kernelById = new Map(kernels.map((k) => [k.id, k]));

export const findKernel = (id: unknown): Kernel | undefined =>
  typeof id === 'string' ? kernelById.get(id) : undefined;
