// Unit tests of the interfaces model: rules by purpose, per-instance and per-region rules, VPC addresses, ranges and NAT, activity, order, and what VPCs derive from interfaces.

import { describe, expect, test } from 'vitest';
import { VLANS_PER_REGION } from '../../../spec/part3/interfaces.js';
import { deployedInstance, emptyInstance } from '../test-support/instances.js';
import { rejection } from '../test-support/model-errors.js';
import { ownerWorld } from '../test-support/principals.js';
import { createConfig, type getConfig } from './configs.js';
import { ModelError } from './errors.js';
import { bootInstance, deleteInstance, type Instance, rebootInstance, shutdownInstance } from './instances.js';
import * as m from './interfaces.js';
import { createVpc, deleteVpc, getVpc, subnetUsage } from './vpcs.js';
import type { Principal } from './world.js';

function setup(faults: string[] = []) {
  const { world, account, owner: p } = ownerWorld(faults);
  const vpc = createVpc(p, { label: 'v', region: 'us-east', subnets: [{ label: 's', ipv4: '10.0.0.0/24' }] });
  const subnetId = vpc.subnets[0]?.id as number;
  return { world, account, p, vpc, subnetId };
}

const instance = (p: Principal, region = 'us-east'): Instance => deployedInstance(p, { region, booted: false });
const onlyConfig = (i: Instance) => [...i.configs.values()][0] as ReturnType<typeof getConfig>;

describe('rules by purpose', () => {
  test('responses show null labels and empty ipv4 for public and vlan interfaces', () => {
    const { p } = setup();
    const i = instance(p);
    const config = onlyConfig(i);
    const vlan = m.addInterface(p, i, config, { purpose: 'vlan', label: 'lan-1', ipam_address: '10.1.0.1/24' });
    const pub = m.interfaceView(i, config.interfaces[0] as m.Iface);
    expect([pub.purpose, pub.label, pub.ipam_address, pub.subnet_id, pub.ipv4]).toEqual([
      'public',
      null,
      null,
      null,
      { vpc: '', nat_1_1: '' },
    ]);
    const v = m.interfaceView(i, vlan);
    expect([v.label, v.ipam_address, v.ipv4.vpc]).toEqual(['lan-1', '10.1.0.1/24', '']);
  });

  test('a vlan needs a label, cannot be primary and takes no ip_ranges', () => {
    const { p } = setup();
    const i = instance(p);
    const config = onlyConfig(i);
    expect(rejection(() => m.addInterface(p, i, config, { purpose: 'vlan' })).items[0]?.field).toBe('label');
    expect(
      rejection(() => m.addInterface(p, i, config, { purpose: 'vlan', label: 'x', primary: true })).items[0]?.field,
    ).toBe('primary');
    expect(
      rejection(() => m.addInterface(p, i, config, { purpose: 'vlan', label: 'x', ip_ranges: ['10.0.0.0/28'] }))
        .items[0]?.field,
    ).toBe('ip_ranges');
  });

  test('a public or vpc interface takes only an empty label', () => {
    const { p, subnetId } = setup();
    const i = instance(p);
    const config = onlyConfig(i);
    const error = rejection(() => m.addInterface(p, i, config, { purpose: 'vpc', subnet_id: subnetId, label: 'x' }));
    expect(error.items[0]?.field).toBe('label');
  });
});

describe('per instance and per region', () => {
  test('one public interface per instance, across profiles', () => {
    const { p } = setup();
    const i = instance(p);
    const other = createConfig(p, i, { label: 'two', devices: {}, interfaces: [{ purpose: 'vlan', label: 'a' }] });
    const error = rejection(() => m.addInterface(p, i, other, { purpose: 'public' }));
    expect(error.items[0]?.field).toBe('purpose');
  });

  test('a vlan label and an ipam_address are unique among the instance interfaces', () => {
    const { p } = setup();
    const i = instance(p);
    const config = onlyConfig(i);
    m.addInterface(p, i, config, { purpose: 'vlan', label: 'a', ipam_address: '10.1.0.1/24' });
    expect(rejection(() => m.addInterface(p, i, config, { purpose: 'vlan', label: 'a' })).items[0]?.field).toBe(
      'label',
    );
    const other = createConfig(p, i, { label: 'two', devices: {}, interfaces: [{ purpose: 'vlan', label: 'b' }] });
    expect(
      rejection(() => m.addInterface(p, i, other, { purpose: 'vlan', label: 'c', ipam_address: '10.1.0.1/24' }))
        .items[0]?.field,
    ).toBe('ipam_address');
  });

  test(`at most ${VLANS_PER_REGION} VLANs per region; an existing VLAN can still be joined`, () => {
    const { p } = setup();
    for (let k = 0; k < VLANS_PER_REGION; k++) {
      const i = instance(p);
      m.addInterface(p, i, onlyConfig(i), { purpose: 'vlan', label: `vlan-${k}` });
    }
    const i = instance(p);
    const error = rejection(() => m.addInterface(p, i, onlyConfig(i), { purpose: 'vlan', label: 'one-more' }));
    expect(error.items[0]?.field).toBe('label');
    m.addInterface(p, i, onlyConfig(i), { purpose: 'vlan', label: 'vlan-0' });
    const elsewhere = instance(p, 'eu-central');
    m.addInterface(p, elsewhere, onlyConfig(elsewhere), { purpose: 'vlan', label: 'one-more' });
  });

  test('VLANs need a next-generation region', () => {
    const { p } = setup();
    const i = instance(p, 'ap-south');
    expect(rejection(() => m.addInterface(p, i, onlyConfig(i), { purpose: 'vlan', label: 'a' })).kind).toBe(
      'validation',
    );
  });

  test('a profile holds at most three interfaces; a new primary demotes the old one', () => {
    const { p } = setup();
    const i = instance(p);
    const config = onlyConfig(i);
    const first = config.interfaces[0] as m.Iface;
    first.primary = true;
    m.addInterface(p, i, config, { purpose: 'vlan', label: 'a' });
    const vpcLess = m.addInterface(p, i, config, { purpose: 'vlan', label: 'b' });
    expect(vpcLess.primary).toBe(false);
    expect(rejection(() => m.addInterface(p, i, config, { purpose: 'vlan', label: 'c' })).kind).toBe('validation');
  });
});

describe('a skip: fault switches its body rule off in the model too', () => {
  /** A profile on a bare instance: none before it, so no public interface yet. */
  const profile = (p: Principal, interfaces: m.InterfaceInput[]) =>
    createConfig(p, emptyInstance(p), {
      label: 'p',
      devices: {},
      interfaces,
    });
  const add = (p: Principal, input: m.InterfaceInput) => {
    const i = instance(p);
    return m.addInterface(p, i, onlyConfig(i), input);
  };
  const cases: [string, (p: Principal) => unknown][] = [
    ['configs/create/interfaces.one-public', (p) => profile(p, [{ purpose: 'public' }, { purpose: 'public' }])],
    [
      'configs/create/interfaces.vlan-label-unique',
      (p) =>
        profile(p, [
          { purpose: 'vlan', label: 'a' },
          { purpose: 'vlan', label: 'a' },
        ]),
    ],
    [
      'configs/create/interfaces.ipam-address-unique',
      (p) =>
        profile(p, [
          { purpose: 'vlan', label: 'a', ipam_address: '10.1.0.1/24' },
          { purpose: 'vlan', label: 'b', ipam_address: '10.1.0.1/24' },
        ]),
    ],
    ['configs/create/interfaces.vlan-label-required', (p) => profile(p, [{ purpose: 'vlan' }])],
    ['configs/create/interfaces.vpc-subnet-id-required', (p) => profile(p, [{ purpose: 'vpc' }])],
    ['interfaces/add/vlan-label-required', (p) => add(p, { purpose: 'vlan' })],
    ['interfaces/add/vpc-subnet-id-required', (p) => add(p, { purpose: 'vpc' })],
  ];

  test.each(cases)('%s', (requirement, send) => {
    expect(() => send(setup().p)).toThrow(ModelError);
    expect(() => send(setup([`skip:${requirement}`]).p)).not.toThrow();
  });

  test('the rule of the instance stays: a public interface is refused where another profile has one', () => {
    const { p } = setup(['skip:configs/create/interfaces.one-public']);
    const i = instance(p);
    expect(
      rejection(() => createConfig(p, i, { label: 'p', devices: {}, interfaces: [{ purpose: 'public' }] })).kind,
    ).toBe('conflict');
  });
});

describe('vpc interfaces', () => {
  test('an omitted ipv4.vpc gets the first free address past the reserved ones', () => {
    const { p, subnetId } = setup();
    const i = instance(p);
    const iface = m.addInterface(p, i, onlyConfig(i), { purpose: 'vpc', subnet_id: subnetId });
    expect(iface.address).toBe('10.0.0.2');
    const j = instance(p);
    expect(m.addInterface(p, j, onlyConfig(j), { purpose: 'vpc', subnet_id: subnetId }).address).toBe('10.0.0.3');
  });

  test('reserved and used addresses are refused, ranges in use too', () => {
    const { p, subnetId } = setup();
    const i = instance(p);
    const add = (ipv4: string, ranges?: string[]) => () => {
      const j = instance(p);
      return m.addInterface(p, j, onlyConfig(j), {
        purpose: 'vpc',
        subnet_id: subnetId,
        ipv4: { vpc: ipv4 },
        ...(ranges ? { ip_ranges: ranges } : {}),
      });
    };
    for (const reserved of ['10.0.0.0', '10.0.0.1', '10.0.0.254', '10.0.0.255']) {
      expect(rejection(add(reserved)).items[0]?.field).toBe('ipv4.vpc');
    }
    m.addInterface(p, i, onlyConfig(i), {
      purpose: 'vpc',
      subnet_id: subnetId,
      ipv4: { vpc: '10.0.0.10' },
      ip_ranges: ['10.0.0.64/28'],
    });
    expect(rejection(add('10.0.0.10')).items[0]?.field).toBe('ipv4.vpc');
    expect(rejection(add('10.0.0.70')).items[0]?.field).toBe('ipv4.vpc');
    expect(rejection(add('10.0.0.11', ['10.0.0.64/29'])).items[0]?.field).toBe('ip_ranges[0]');
  });

  test('nat_1_1 is any, none, or a public address of the instance', () => {
    const { p, subnetId } = setup();
    const i = instance(p);
    const config = onlyConfig(i);
    const own = i.ipv4[0]?.address as string;
    const iface = m.addInterface(p, i, config, { purpose: 'vpc', subnet_id: subnetId, ipv4: { nat_1_1: 'any' } });
    expect(m.interfaceView(i, iface).ipv4.nat_1_1).toBe(own);
    m.updateInterface(p, i, config, iface.id, { ipv4: { nat_1_1: '' } });
    expect(m.interfaceView(i, iface).ipv4.nat_1_1).toBeNull();
    m.updateInterface(p, i, config, iface.id, { ipv4: { nat_1_1: own } });
    expect(iface.nat).toBe(own);
    const foreign = rejection(() => m.updateInterface(p, i, config, iface.id, { ipv4: { nat_1_1: '8.8.8.8' } }));
    expect(foreign.items[0]?.field).toBe('ipv4.nat_1_1');
  });

  test('ip_ranges replaced, emptied, or kept when omitted', () => {
    const { p, subnetId } = setup();
    const i = instance(p);
    const config = onlyConfig(i);
    const iface = m.addInterface(p, i, config, { purpose: 'vpc', subnet_id: subnetId, ip_ranges: ['10.0.0.64/28'] });
    m.updateInterface(p, i, config, iface.id, { primary: true });
    expect(iface.ranges).toEqual(['10.0.0.64/28']);
    m.updateInterface(p, i, config, iface.id, { ip_ranges: ['10.0.0.128/28'] });
    expect(iface.ranges).toEqual(['10.0.0.128/28']);
    m.updateInterface(p, i, config, iface.id, { ip_ranges: [] });
    expect(iface.ranges).toEqual([]);
  });

  test('subnets in use cannot be deleted; subnet nodes and VPC IP records follow the interfaces', () => {
    const { p, account, vpc, subnetId } = setup();
    const i = instance(p);
    const iface = m.addInterface(p, i, onlyConfig(i), { purpose: 'vpc', subnet_id: subnetId });
    expect(subnetUsage.inUse(account, subnetId)).toBe(true);
    expect(rejection(() => deleteVpc(p, vpc.id)).kind).toBe('conflict');
    const subnet = getVpc(p, vpc.id).subnets[0];
    expect(m.subnetNodes(subnet as never)).toEqual([{ id: i.id, interfaces: [{ id: iface.id, active: false }] }]);
    expect(m.vpcIpRecords(p).map((r) => [r.address, r.node_id, r.prefix])).toEqual([['10.0.0.2', i.id, 24]]);
    m.deleteInterface(p, i, onlyConfig(i), iface.id);
    expect(subnetUsage.inUse(account, subnetId)).toBe(false);
    expect(m.vpcIpRecords(p, vpc)).toEqual([]);
  });

  test('deleting the instance frees its subnets and addresses', () => {
    const { p, account, vpc, subnetId } = setup();
    const i = instance(p);
    m.addInterface(p, i, onlyConfig(i), { purpose: 'vpc', subnet_id: subnetId, ipv4: { vpc: '10.0.0.9' } });
    deleteInstance(p, i.id);
    expect(subnetUsage.inUse(account, subnetId)).toBe(false);
    const j = instance(p);
    expect(
      m.addInterface(p, j, onlyConfig(j), { purpose: 'vpc', subnet_id: subnetId, ipv4: { vpc: '10.0.0.9' } }).address,
    ).toBe('10.0.0.9');
    deleteInstance(p, j.id);
    deleteVpc(p, vpc.id);
  });
});

describe('activity, delete and order', () => {
  test('active after boot with the profile, inactive after shutdown or a boot with another one', () => {
    const { p } = setup();
    const i = instance(p);
    const config = onlyConfig(i);
    const pub = config.interfaces[0] as m.Iface;
    bootInstance(p, i.id, undefined);
    expect(m.isActive(i, pub)).toBe(true);
    const added = m.addInterface(p, i, config, { purpose: 'vlan', label: 'a' });
    expect(m.isActive(i, added)).toBe(false);
    expect(rejection(() => m.deleteInterface(p, i, config, pub.id)).kind).toBe('conflict');
    const other = createConfig(p, i, { label: 'other', devices: {} });
    rebootInstance(p, i.id, other.id);
    expect(m.isActive(i, pub)).toBe(false);
    rebootInstance(p, i.id, config.id);
    shutdownInstance(p, i.id);
    expect(m.isActive(i, pub)).toBe(false);
    m.deleteInterface(p, i, config, added.id);
    expect(config.interfaces.map((x) => x.id)).toEqual([pub.id]);
  });

  test('add, update and delete record node_config_update; rejected ones record nothing', () => {
    const { p, account } = setup();
    const i = instance(p);
    const config = onlyConfig(i);
    const count = () => account.events.newestFirst().filter((e) => e.action === 'node_config_update').length;
    const added = m.addInterface(p, i, config, { purpose: 'vlan', label: 'a' });
    rejection(() => m.updateInterface(p, i, config, added.id, { primary: true }));
    m.updateInterface(p, i, config, (config.interfaces[0] as m.Iface).id, { primary: true });
    m.deleteInterface(p, i, config, added.id);
    expect(count()).toBe(3);
    expect(account.events.newestFirst()[0]?.entity?.id).toBe(i.id);
  });

  test('order needs every current id and a shut-down instance when the profile is active', () => {
    const { p } = setup();
    const i = instance(p);
    const config = onlyConfig(i);
    const a = (config.interfaces[0] as m.Iface).id;
    const b = m.addInterface(p, i, config, { purpose: 'vlan', label: 'a' }).id;
    expect(rejection(() => m.reorderInterfaces(p, i, config, [b])).items[0]?.field).toBe('ids');
    m.reorderInterfaces(p, i, config, [b, a]);
    expect(config.interfaces.map((x) => x.id)).toEqual([b, a]);
    bootInstance(p, i.id, undefined);
    expect(rejection(() => m.reorderInterfaces(p, i, config, [a, b])).kind).toBe('conflict');
  });
});
