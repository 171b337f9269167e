// Addresses of an instance in the reference server: the networking information, IPv4 allocation, reverse DNS and address deletion with the last-public and NAT guards; no HTTP types.

import { conflict, notFound } from './errors.js';
import {
  addAddress,
  allocatePrivateIpv4,
  allocatePublicIpv4,
  getInstance,
  type Instance,
  type IpAddress,
  removeAddress,
} from './instances.js';
import { isActiveNatTarget, type VpcIpRecord, vpcIpRecordsOfInstance } from './interfaces.js';
import { applyUpdate } from './seams.js';
import type { Account, Principal, World } from './world.js';

/** One address of an instance as the API shows it, IPv4 or IPv6. */
export interface AddressView {
  address: string;
  type: 'ipv4' | 'ipv6';
  public: boolean;
  prefix: number;
  gateway: string | null;
  subnet_mask: string;
  rdns: string | null;
  node_id: number;
  region: string;
}

export interface NetworkingInfo {
  ipv4: {
    public: AddressView[];
    private: AddressView[];
    shared: AddressView[];
    reserved: AddressView[];
    vpc: VpcIpRecord[];
  };
  ipv6: { link_local: AddressView; slaac: AddressView; global: AddressView[] };
}

/** Reverse DNS names set on IPv6 addresses (the instance keeps its IPv6 addresses as text), by instance id. */
const ipv6Rdns = (account: Account) => account.store('ips', () => new Map<number, Map<string, string | null>>());

/** Keeps the per-instance reverse DNS of IPv6 addresses from outliving the instance (an instance-deleted hook). */
export function forgetInstanceRdns(account: Account, instance: Instance): void {
  ipv6Rdns(account).delete(instance.id);
}

/** A transferred instance keeps the reverse DNS names of its IPv6 addresses in the accepting account (an instance-moved hook). */
export function moveInstanceRdns(from: Account, to: Account, instance: Instance): void {
  const names = ipv6Rdns(from).get(instance.id);
  ipv6Rdns(from).delete(instance.id);
  if (names) ipv6Rdns(to).set(instance.id, names);
}

/** An address in one canonical spelling, so `2600:3c00::0001` and `2600:3c00::1` name the same address. */
export function canonicalAddress(text: string): string {
  const bare = text.split('/')[0] ?? '';
  try {
    const host = new URL(`http://${bare.includes(':') ? `[${bare}]` : bare}/`).hostname;
    return host.replace(/^\[|\]$/g, '').toLowerCase();
  } catch {
    return bare.toLowerCase();
  }
}

/** The reverse DNS name the provider gives a public IPv4 address by default. */
export const defaultRdns = (address: string) => `${address.replaceAll('.', '-')}.ip.cloudconf.example`;

const slaacOf = (instance: Instance) => instance.ipv6.split('/')[0] ?? '';
/** The link-local address derives from the same interface identifier as SLAAC. */
const linkLocalOf = (instance: Instance) => `fe80::${slaacOf(instance).split('::')[1] ?? ''}`;

function ipv4View(world: World, instance: Instance, a: IpAddress): AddressView {
  const fallback = a.public && !world.fault('ips-rdns-null-empty') ? defaultRdns(a.address) : null;
  return {
    address: a.address,
    type: 'ipv4',
    public: a.public,
    prefix: a.prefix,
    gateway: a.gateway,
    subnet_mask: a.subnet_mask,
    rdns: a.rdns ?? fallback,
    node_id: instance.id,
    region: instance.region,
  };
}

function ipv6View(account: Account, instance: Instance, address: string, kind: 'slaac' | 'link-local'): AddressView {
  const rdns = ipv6Rdns(account).get(instance.id)?.get(canonicalAddress(address)) ?? null;
  return {
    address,
    type: 'ipv6',
    public: kind === 'slaac',
    prefix: 64,
    gateway: kind === 'slaac' ? 'fe80::1' : null,
    subnet_mask: 'ffff:ffff:ffff:ffff::',
    rdns,
    node_id: instance.id,
    region: instance.region,
  };
}

/** Every address the instance holds, in one canonical spelling each, as views. */
function addressViews(account: Account, instance: Instance): Map<string, AddressView> {
  const views = new Map<string, AddressView>();
  for (const a of instance.ipv4) views.set(canonicalAddress(a.address), ipv4View(account.world, instance, a));
  views.set(canonicalAddress(slaacOf(instance)), ipv6View(account, instance, slaacOf(instance), 'slaac'));
  views.set(canonicalAddress(linkLocalOf(instance)), ipv6View(account, instance, linkLocalOf(instance), 'link-local'));
  return views;
}

/** The networking information: IPv4 by kind with the addresses of every VPC interface of every profile, and IPv6. */
export function networkingInfo(p: Principal, nodeId: number): NetworkingInfo {
  const instance = getInstance(p, nodeId, 'read_only');
  const { world } = p.account;
  const v4 = instance.ipv4.map((a) => ipv4View(world, instance, a));
  const vpc = vpcIpRecordsOfInstance(instance);
  return {
    ipv4: {
      public: v4.filter((a) => a.public),
      private: v4.filter((a) => !a.public),
      shared: [],
      reserved: [],
      vpc: world.fault('ips-list-vpc-active-only') ? vpc.filter((r) => r.active) : vpc,
    },
    ipv6: {
      link_local: ipv6View(p.account, instance, linkLocalOf(instance), 'link-local'),
      slaac: ipv6View(p.account, instance, slaacOf(instance), 'slaac'),
      global: [],
    },
  };
}

/**
 * Allocates an IPv4 address: at most one private address per instance, and no public address
 * beyond the first, since an extra one needs a support request these documents give no way to make.
 */
export function allocateAddress(p: Principal, nodeId: number, input: { public: boolean; type: string }): AddressView {
  const instance = getInstance(p, nodeId, 'read_write');
  const { world } = p.account;
  const wantsPublic = world.fault('ips-allocate-kind-swapped') ? !input.public : input.public;
  const held = instance.ipv4.filter((a) => a.public === wantsPublic).length;
  if (!wantsPublic && held > 0 && !world.fault('ips-second-private-allowed')) {
    throw conflict('An instance holds at most one private IPv4 address', 'public');
  }
  if (wantsPublic && held > 0 && !world.fault('ips-extra-public-allowed')) {
    throw conflict('An additional public IPv4 address needs a support request first', 'public');
  }
  const address = wantsPublic ? allocatePublicIpv4(world) : allocatePrivateIpv4(world);
  addAddress(instance, address);
  return ipv4View(world, instance, address);
}

export function getAddress(p: Principal, nodeId: number, address: string): AddressView {
  const instance = getInstance(p, nodeId, 'read_only');
  const view = addressViews(p.account, instance).get(canonicalAddress(address));
  if (!view) throw notFound('Address not found on this instance');
  return view;
}

/** Sets the reverse DNS of an address; null restores the default (for a public IPv4, the provider's name). */
export function updateRdns(p: Principal, nodeId: number, address: string, rdns: string | null): AddressView {
  const instance = getInstance(p, nodeId, 'read_write');
  const { world } = p.account;
  const key = canonicalAddress(address);
  if (!addressViews(p.account, instance).has(key)) throw notFound('Address not found on this instance');
  applyUpdate(world, () => {
    const v4 = instance.ipv4.find((a) => canonicalAddress(a.address) === key);
    if (v4) v4.rdns = rdns;
    else {
      const names = ipv6Rdns(p.account);
      let own = names.get(instance.id);
      if (!own) {
        own = new Map();
        names.set(instance.id, own);
      }
      own.set(key, rdns);
    }
  });
  return getAddress(p, nodeId, address);
}

/** Removes an IPv4 address, refusing the last public one and the target of an active 1:1 NAT. */
export function deleteAddress(p: Principal, nodeId: number, address: string): void {
  const instance = getInstance(p, nodeId, 'read_write');
  const { world } = p.account;
  const key = canonicalAddress(address);
  const view = addressViews(p.account, instance).get(key);
  if (!view) throw notFound('Address not found on this instance');
  if (view.type === 'ipv6') throw conflict('The IPv6 addresses of an instance cannot be removed', 'address');
  const stored = instance.ipv4.find((a) => canonicalAddress(a.address) === key) as IpAddress;
  const publicCount = instance.ipv4.filter((a) => a.public).length;
  const natTarget = isActiveNatTarget(instance, stored.address);
  // The NAT fault lets a NAT target go whatever else holds it: the reference server gives an
  // instance one public address, so the NAT target is also the last one.
  if (natTarget && world.fault('ips-nat-target-deletable')) {
    removeAddress(instance, stored.address);
    return;
  }
  if (stored.public && publicCount <= 1 && !world.fault('ips-last-public-deletable')) {
    throw conflict("The instance's last public IPv4 address cannot be removed", 'address');
  }
  if (natTarget) throw conflict('The address is the 1:1 NAT of an active VPC interface', 'address');
  removeAddress(instance, stored.address);
}
