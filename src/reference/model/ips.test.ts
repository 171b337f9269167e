// Unit tests of the addresses model: networking information, allocation limits, reverse DNS and the delete guards.

import { describe, expect, test } from 'vitest';
import { deployedInstance } from '../test-support/instances.js';
import { rejection } from '../test-support/model-errors.js';
import { ownerWorld } from '../test-support/principals.js';
import { bootInstance, deleteInstance, type Instance } from './instances.js';
import { addInterface } from './interfaces.js';
import * as m from './ips.js';
import { createVpc } from './vpcs.js';
import type { Principal } from './world.js';

function setup(faults: string[] = []) {
  const { world, account, owner: p } = ownerWorld(faults);
  return { world, account, p };
}

const instance = (p: Principal, extra: { private_ip?: boolean } = {}): Instance =>
  deployedInstance(p, { booted: false, ...extra });

const publicAddress = (i: Instance) => i.ipv4.find((a) => a.public)?.address as string;

/** An instance booted with a vpc interface whose 1:1 NAT is its public address. */
function natInstance(p: Principal, booted = true) {
  const vpc = createVpc(p, { label: 'v', region: 'us-east', subnets: [{ label: 's', ipv4: '10.0.0.0/24' }] });
  const i = instance(p);
  const config = [...i.configs.values()][0];
  if (!config) throw new Error('no profile');
  addInterface(p, i, config, { purpose: 'vpc', subnet_id: vpc.subnets[0]?.id, ipv4: { nat_1_1: 'any' } });
  if (booted) bootInstance(p, i.id, config.id);
  return i;
}

describe('networking information', () => {
  test('lists public, private, shared and reserved IPv4, VPC addresses, and the IPv6 link-local and SLAAC', () => {
    const { p } = setup();
    const i = instance(p, { private_ip: true });
    const info = m.networkingInfo(p, i.id);
    expect(info.ipv4.public.map((a) => a.address)).toEqual([publicAddress(i)]);
    expect(info.ipv4.private).toHaveLength(1);
    expect(info.ipv4.shared).toEqual([]);
    expect(info.ipv4.reserved).toEqual([]);
    expect(info.ipv6.slaac.address).toBe(i.ipv6.split('/')[0]);
    expect(info.ipv6.link_local.address.startsWith('fe80::')).toBe(true);
    expect(info.ipv4.public[0]?.rdns).toBe(m.defaultRdns(publicAddress(i)));
  });

  test('the VPC addresses of every profile are listed, active or not', () => {
    const { p } = setup();
    const i = natInstance(p, false);
    expect(m.networkingInfo(p, i.id).ipv4.vpc).toHaveLength(1);
    const faulty = setup(['ips-list-vpc-active-only']);
    const j = natInstance(faulty.p, false);
    expect(m.networkingInfo(faulty.p, j.id).ipv4.vpc).toHaveLength(0);
  });

  test('a restricted user without a grant on the instance does not find it', () => {
    const { world, account, p } = setup();
    const i = instance(p);
    account.users.set('bob', { ...p.user, username: 'bob', restricted: true, grants: structuredClone(p.user.grants) });
    const bob = world.principal(world.issueToken(account, 'bob', ['*'])) as Principal;
    expect(rejection(() => m.networkingInfo(bob, i.id)).kind).toBe('not-found');
  });
});

describe('allocate', () => {
  test('a private address is added once; a second is refused', () => {
    const { p } = setup();
    const i = instance(p);
    const added = m.allocateAddress(p, i.id, { public: false, type: 'ipv4' });
    expect(added.public).toBe(false);
    expect(i.ipv4.filter((a) => !a.public)).toHaveLength(1);
    const second = rejection(() => m.allocateAddress(p, i.id, { public: false, type: 'ipv4' }));
    expect(second.items[0]?.field).toBe('public');
    expect(i.ipv4.filter((a) => !a.public)).toHaveLength(1);
  });

  test('an extra public address without a support request is refused', () => {
    const { p } = setup();
    const i = instance(p);
    expect(rejection(() => m.allocateAddress(p, i.id, { public: true, type: 'ipv4' })).kind).toBe('conflict');
    expect(i.ipv4.filter((a) => a.public)).toHaveLength(1);
  });

  test('faults allow the extra addresses and swap the kinds', () => {
    const extra = setup(['ips-extra-public-allowed', 'ips-second-private-allowed']);
    const i = instance(extra.p, { private_ip: true });
    expect(m.allocateAddress(extra.p, i.id, { public: true, type: 'ipv4' }).public).toBe(true);
    expect(m.allocateAddress(extra.p, i.id, { public: false, type: 'ipv4' }).public).toBe(false);
    const swapped = setup(['ips-allocate-kind-swapped']);
    const j = instance(swapped.p);
    expect(m.allocateAddress(swapped.p, j.id, { public: true, type: 'ipv4' }).public).toBe(false);
  });
});

describe('view and reverse DNS', () => {
  test('view finds IPv4 and IPv6 addresses, IPv6 in any spelling; unknown addresses are not found', () => {
    const { p } = setup();
    const i = instance(p);
    expect(m.getAddress(p, i.id, publicAddress(i)).type).toBe('ipv4');
    const slaac = i.ipv6.split('/')[0] as string;
    expect(m.getAddress(p, i.id, slaac.toUpperCase()).address).toBe(slaac);
    expect(m.getAddress(p, i.id, m.canonicalAddress(slaac)).address).toBe(slaac);
    expect(rejection(() => m.getAddress(p, i.id, '203.0.113.9')).kind).toBe('not-found');
    expect(rejection(() => m.getAddress(p, i.id, 'not an address')).kind).toBe('not-found');
  });

  test('rdns is applied to IPv4 and IPv6; null restores the default on a public IPv4', () => {
    const { p } = setup();
    const i = instance(p);
    const v4 = publicAddress(i);
    expect(m.updateRdns(p, i.id, v4, 'host.example.com').rdns).toBe('host.example.com');
    expect(m.getAddress(p, i.id, v4).rdns).toBe('host.example.com');
    expect(m.updateRdns(p, i.id, v4, null).rdns).toBe(m.defaultRdns(v4));
    const v6 = i.ipv6.split('/')[0] as string;
    expect(m.updateRdns(p, i.id, v6, 'six.example.com').rdns).toBe('six.example.com');
    expect(m.networkingInfo(p, i.id).ipv6.slaac.rdns).toBe('six.example.com');
  });

  test('faults: update ignored, null leaves rdns empty', () => {
    const ignored = setup(['update-ignored']);
    const i = instance(ignored.p);
    expect(m.updateRdns(ignored.p, i.id, publicAddress(i), 'x.example.com').rdns).toBe(m.defaultRdns(publicAddress(i)));
    const empty = setup(['ips-rdns-null-empty']);
    const j = instance(empty.p);
    expect(m.updateRdns(empty.p, j.id, publicAddress(j), null).rdns).toBeNull();
  });

  test('an instance delete forgets its IPv6 reverse DNS', () => {
    const { account, p } = setup();
    const i = instance(p);
    m.updateRdns(p, i.id, i.ipv6.split('/')[0] as string, 'six.example.com');
    deleteInstance(p, i.id);
    expect((account.stores.get('ips') as Map<number, unknown>).has(i.id)).toBe(false);
  });
});

describe('delete', () => {
  test('the last public IPv4 address cannot be deleted', () => {
    const { p } = setup();
    const i = instance(p);
    expect(rejection(() => m.deleteAddress(p, i.id, publicAddress(i))).items[0]?.field).toBe('address');
    expect(i.ipv4).toHaveLength(1);
    const faulty = setup(['ips-last-public-deletable']);
    const j = instance(faulty.p);
    m.deleteAddress(faulty.p, j.id, publicAddress(j));
    expect(j.ipv4).toHaveLength(0);
  });

  test('a private address can be deleted; IPv6 addresses cannot', () => {
    const { p } = setup();
    const i = instance(p, { private_ip: true });
    const privateAddress = i.ipv4.find((a) => !a.public)?.address as string;
    m.deleteAddress(p, i.id, privateAddress);
    expect(i.ipv4.some((a) => a.address === privateAddress)).toBe(false);
    expect(rejection(() => m.deleteAddress(p, i.id, i.ipv6.split('/')[0] as string)).kind).toBe('conflict');
  });

  test('an address that is the 1:1 NAT of an active VPC interface cannot be deleted', () => {
    const { p } = setup(['ips-last-public-deletable']);
    const i = natInstance(p);
    const error = rejection(() => m.deleteAddress(p, i.id, publicAddress(i)));
    expect(error.items[0]?.reason).toMatch(/NAT/);
    const faulty = setup(['ips-last-public-deletable', 'ips-nat-target-deletable']);
    const j = natInstance(faulty.p);
    m.deleteAddress(faulty.p, j.id, publicAddress(j));
    expect(j.ipv4).toHaveLength(0);
  });

  test('allocate and update record no event: the documents name none for addresses', () => {
    const { account, p } = setup();
    const i = instance(p, { private_ip: true });
    const before = account.events.newestFirst().length;
    rejection(() => m.allocateAddress(p, i.id, { public: false, type: 'ipv4' }));
    m.updateRdns(p, i.id, publicAddress(i), 'a.example.com');
    expect(account.events.newestFirst().length).toBe(before);
  });
});
