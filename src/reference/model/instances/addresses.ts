// The IPv4 addresses the reference server hands out to instances and their SLAAC IPv6 address; no HTTP types.

import type { Instance, IpAddress } from '../compute-types.js';
import { perWorld } from '../per-world.js';
import type { World } from '../world.js';

interface AddressPool {
  nextPublic: number;
  nextPrivate: number;
}

const pool = perWorld('address-pool', (): AddressPool => ({ nextPublic: 0, nextPrivate: 0 }));

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

export const slaac = (id: number) => {
  const hex = id.toString(16).padStart(6, '0').slice(-6);
  return `2600:3c00::f03c:91ff:fe${hex.slice(0, 2)}:${hex.slice(2)}/128`;
};
