// Unit tests of the instances model: creation modes, power and the boot and reboot choice, lazy statuses, rebuild, resize, upgrade, migrate, clone and delete.

import { describe, expect, test } from 'vitest';
import { PASSWORD_STRENGTH_ERROR } from '../../../spec/part3/common.js';
import { deployedInstance, emptyInstance, STRONG_PASSWORD } from '../test-support/instances.js';
import { rejection } from '../test-support/model-errors.js';
import { instanceGrantsUser, ownerWorld } from '../test-support/principals.js';
import { createConfig } from './configs.js';
import { createDisk } from './disks.js';
import * as m from './instances.js';
import { createStackScript } from './stackscripts.js';
import { registerAccountStanding } from './transfers.js';
import { createVpc } from './vpcs.js';
import type { Permission, Principal, World } from './world.js';

function setup(options: { faults?: string[]; delay?: number } = {}) {
  const { world, account, owner: p } = ownerWorld(options.faults, options.delay);
  return { world, account, p };
}

/** A restricted user who may add instances, holding the given grants on instances by id. */
const restricted = (world: World, owner: Principal, levels: Record<number, Permission> = {}) =>
  instanceGrantsUser(world, owner, levels, true);

const profile = (p: Principal, i: m.Instance, label: string) => createConfig(p, i, { label, devices: {} });

describe('instance create', () => {
  test('an image deploy runs, with one profile and two disks, the swap of the default size', () => {
    const { world, p } = setup();
    const i = deployedInstance(p);
    expect(m.statusOf(world, i)).toBe('running');
    expect(i.configs.size).toBe(1);
    const disks = [...i.disks.values()];
    expect(disks).toHaveLength(2);
    expect(disks.find((d) => d.filesystem === 'swap')?.size).toBe(512);
    expect(i.label).toBe(`node${i.id}`);
  });

  test('swap_size sets the swap disk; booted false stays offline', () => {
    const { world, p } = setup();
    const i = deployedInstance(p, { swap_size: 256, booted: false });
    expect([...i.disks.values()].find((d) => d.filesystem === 'swap')?.size).toBe(256);
    expect(m.statusOf(world, i)).toBe('offline');
  });

  test('an empty instance is offline with no disks and no profiles', () => {
    const { world, p } = setup();
    const i = emptyInstance(p, { booted: true });
    expect(m.statusOf(world, i)).toBe('offline');
    expect(i.disks.size + i.configs.size).toBe(0);
  });

  test('root_pass is required with an image and must be strong', () => {
    const { p } = setup();
    expect(rejection(() => deployedInstance(p, { root_pass: undefined })).items[0]?.field).toBe('root_pass');
    const weak = rejection(() => deployedInstance(p, { root_pass: 'password' }));
    expect(weak.items[0]).toEqual({ field: 'root_pass', reason: PASSWORD_STRENGTH_ERROR });
  });

  test('unknown region, type, image or backup name their field', () => {
    const { p } = setup();
    expect(rejection(() => emptyInstance(p, { region: 'mars' })).items[0]?.field).toBe('region');
    expect(rejection(() => emptyInstance(p, { type: 'huge' })).items[0]?.field).toBe('type');
    expect(rejection(() => deployedInstance(p, { image: 'node/nothing' })).items[0]?.field).toBe('image');
    expect(rejection(() => emptyInstance(p, { backup_id: 5 })).items[0]?.field).toBe('backup_id');
  });

  test('cloud-config needs a cloud-init image and a Metadata region', () => {
    const { p } = setup();
    const metadata = { user_data: Buffer.from('#cloud-config').toString('base64') };
    expect(deployedInstance(p, { metadata }).userData).toBe(metadata.user_data);
    expect(rejection(() => deployedInstance(p, { metadata, image: 'node/alpine3.20' })).items[0]?.field).toBe(
      'metadata.user_data',
    );
    expect(rejection(() => deployedInstance(p, { metadata, region: 'eu-central' })).items[0]?.field).toBe(
      'metadata.user_data',
    );
  });

  test('a StackScript needs a listed image and its user-defined fields, and counts a deployment', () => {
    const { p } = setup();
    const script = createStackScript(p, {
      label: 'web',
      script: '#!/bin/bash\n# <UDF name="port" label="Port" />\n',
      images: ['node/debian12'],
    });
    const bad = rejection(() => deployedInstance(p, { image: 'node/arch', stackscript_id: script.id }));
    expect(bad.items[0]?.field).toBe('stackscript_id');
    expect(rejection(() => deployedInstance(p, { stackscript_id: script.id })).items[0]?.field).toBe(
      'stackscript_data',
    );
    deployedInstance(p, { stackscript_id: script.id, stackscript_data: { port: '80' } });
    expect(script.deployments_total).toBe(1);
    expect(rejection(() => emptyInstance(p, { stackscript_id: script.id })).items[0]?.field).toBe('image');
  });

  test('private_ip adds a private address; backups follow the account setting', () => {
    const { p } = setup();
    const i = deployedInstance(p, { private_ip: true, backups_enabled: true });
    expect(i.ipv4.map((a) => a.public)).toEqual([true, false]);
    expect(i.backups.enabled).toBe(true);
    expect(deployedInstance(p).backups.enabled).toBe(false);
  });

  test('tags need an unrestricted user; a restricted creator gets read_write', () => {
    const { world, p } = setup();
    const bob = restricted(world, p);
    expect(rejection(() => emptyInstance(bob, { tags: ['web'] })).kind).toBe('forbidden');
    const i = emptyInstance(bob);
    expect(bob.user.grants.entities.node.get(i.id)).toBe('read_write');
    expect(emptyInstance(p, { tags: ['web', 'web'] }).tags).toEqual(['web']);
  });

  test('a vlan interface attaches the instance to the VLAN through a profile', () => {
    const { p } = setup();
    const i = emptyInstance(p, { interfaces: [{ purpose: 'vlan', label: 'backend', ipam_address: '10.0.0.1/24' }] });
    const config = [...i.configs.values()][0];
    expect(config?.interfaces.map((x) => [x.purpose, x.label])).toEqual([['vlan', 'backend']]);
  });
});

describe('visibility', () => {
  test('restricted users see only granted instances; read_only cannot write', () => {
    const { world, p } = setup();
    const a = emptyInstance(p);
    const b = emptyInstance(p);
    const bob = restricted(world, p, { [a.id]: 'read_only' });
    expect(m.listInstances(bob).map((i) => i.id)).toEqual([a.id]);
    expect(rejection(() => m.getInstance(bob, b.id)).kind).toBe('not-found');
    expect(rejection(() => m.getInstance(bob, a.id, 'read_write')).kind).toBe('forbidden');
    expect(rejection(() => m.updateInstance(bob, a.id, { label: 'other' })).kind).toBe('forbidden');
  });
});

describe('update', () => {
  test('changes label, group, alerts, watchdog and schedule; null schedule reads Scheduling', () => {
    const { p } = setup();
    const i = emptyInstance(p);
    m.updateInstance(p, i.id, {
      label: 'web-1',
      group: 'g',
      alerts: { cpu: 0 },
      watchdog_enabled: false,
      backups: { schedule: { day: 'Monday', window: 'W10' } },
    });
    expect([i.label, i.group, i.alerts.cpu, i.watchdog_enabled]).toEqual(['web-1', 'g', 0, false]);
    expect(i.backups.schedule).toEqual({ day: 'Monday', window: 'W10' });
    m.updateInstance(p, i.id, { backups: { schedule: { day: null } } });
    expect(i.backups.schedule.day).toBe('Scheduling');
  });

  test('user data cannot change; restricted users cannot change tags', () => {
    const { world, p } = setup();
    const i = deployedInstance(p, { metadata: { user_data: 'YQ==' }, tags: ['a'] });
    m.updateInstance(p, i.id, { metadata: { user_data: 'Yg==' } } as m.InstanceChanges);
    expect(i.userData).toBe('YQ==');
    const bob = restricted(world, p, { [i.id]: 'read_write' });
    expect(rejection(() => m.updateInstance(bob, i.id, { tags: ['b'] })).kind).toBe('forbidden');
    m.updateInstance(bob, i.id, { tags: ['a'] });
    m.updateInstance(p, i.id, { tags: ['b'] });
    expect(i.tags).toEqual(['b']);
  });
});

describe('power', () => {
  test('boot: the given profile, else the only one, else the last booted, else an error', () => {
    const { world, p } = setup();
    const i = emptyInstance(p);
    expect(rejection(() => m.bootInstance(p, i.id, undefined)).items[0]?.field).toBe('config_id');
    const a = profile(p, i, 'a');
    m.bootInstance(p, i.id, undefined);
    expect(i.bootedConfigId).toBe(a.id);
    const b = profile(p, i, 'b');
    m.shutdownInstance(p, i.id);
    m.bootInstance(p, i.id, undefined);
    expect(i.bootedConfigId).toBe(a.id);
    m.bootInstance(p, i.id, b.id);
    expect(i.bootedConfigId).toBe(b.id);
    const fresh = emptyInstance(p);
    profile(p, fresh, 'x');
    profile(p, fresh, 'y');
    expect(rejection(() => m.bootInstance(p, fresh.id, undefined)).items[0]?.field).toBe('config_id');
    expect(rejection(() => m.bootInstance(p, fresh.id, a.id)).items[0]?.field).toBe('config_id');
    expect(world.faults.has('x')).toBe(false);
  });

  test('reboot: null or omitted uses the last booted, else the only one, else an error', () => {
    const { p } = setup();
    const i = emptyInstance(p);
    const a = profile(p, i, 'a');
    m.rebootInstance(p, i.id, null);
    expect(i.bootedConfigId).toBe(a.id);
    const b = profile(p, i, 'b');
    m.rebootInstance(p, i.id, b.id);
    m.rebootInstance(p, i.id, undefined);
    expect(i.bootedConfigId).toBe(b.id);
    const fresh = emptyInstance(p);
    profile(p, fresh, 'x');
    profile(p, fresh, 'y');
    expect(rejection(() => m.rebootInstance(p, fresh.id, null)).items[0]?.field).toBe('config_id');
  });

  test('a booted profile without a root device waits in booting; shutdown brings offline', () => {
    const { world, p } = setup();
    const i = emptyInstance(p);
    profile(p, i, 'a');
    m.bootInstance(p, i.id, undefined);
    expect(m.statusOf(world, i)).toBe('booting');
    m.shutdownInstance(p, i.id);
    expect(m.statusOf(world, i)).toBe('offline');
  });

  test('with an action delay the status is transitional and other actions are refused until it ends', () => {
    const { world, p } = setup({ delay: 60_000 });
    const i = deployedInstance(p);
    expect(m.statusOf(world, i)).toBe('provisioning');
    expect(rejection(() => m.shutdownInstance(p, i.id)).kind).toBe('conflict');
    expect(rejection(() => m.rebootInstance(p, i.id, null)).kind).toBe('conflict');
    world.clockOffsetMs += 60_000;
    expect(m.statusOf(world, i)).toBe('running');
    m.shutdownInstance(p, i.id);
    expect(m.statusOf(world, i)).toBe('shutting_down');
    world.clockOffsetMs += 60_000;
    expect(m.statusOf(world, i)).toBe('offline');
  });

  test('password reset only when shut down, with a strong password, emitting password_reset', () => {
    const { p, account } = setup();
    const i = deployedInstance(p);
    expect(rejection(() => m.resetRootPassword(p, i.id, STRONG_PASSWORD)).kind).toBe('conflict');
    m.shutdownInstance(p, i.id);
    expect(rejection(() => m.resetRootPassword(p, i.id, 'password')).items[0]?.reason).toBe(PASSWORD_STRENGTH_ERROR);
    expect(account.events.newestFirst().some((e) => e.action === 'password_reset')).toBe(false);
    m.resetRootPassword(p, i.id, STRONG_PASSWORD);
    const event = account.events.newestFirst()[0];
    expect([event?.action, event?.entity?.id]).toEqual(['password_reset', i.id]);
  });

  test('rescue takes disks of the instance in sda..sdg; sdh is not offered', () => {
    const { world, p } = setup();
    const i = deployedInstance(p);
    const [root] = [...i.disks.keys()];
    m.rescueInstance(p, i.id, { sda: { disk_id: root }, sdh: { disk_id: root } });
    expect(i.rescueDevices?.sda).toEqual({ disk_id: root });
    expect(i.rescueDevices?.sdh).toBeNull();
    expect(m.statusOf(world, i)).toBe('running');
    expect(rejection(() => m.rescueInstance(p, i.id, { sda: { disk_id: 1 } })).items[0]?.field).toBe(
      'devices.sda.disk_id',
    );
  });
});

describe('rebuild, resize, upgrade', () => {
  test('rebuild replaces disks and profiles and boots unless booted is false', () => {
    const { world, p } = setup();
    const i = deployedInstance(p);
    const before = [...i.disks.keys(), ...i.configs.keys()];
    m.rebuildInstance(p, i.id, { image: 'node/arch', root_pass: STRONG_PASSWORD, booted: false });
    expect([...i.disks.keys(), ...i.configs.keys()].some((id) => before.includes(id))).toBe(false);
    expect(i.image).toBe('node/arch');
    expect(m.statusOf(world, i)).toBe('offline');
    m.rebuildInstance(p, i.id, { image: 'node/debian12', root_pass: STRONG_PASSWORD, type: 'g6-standard-2' });
    expect([m.statusOf(world, i), i.type]).toEqual(['running', 'g6-standard-2']);
  });

  test('resize refuses a pending migration, an outstanding balance and too much disk', () => {
    const { world, p, account } = setup({ delay: 1000 });
    const i = deployedInstance(p);
    world.clockOffsetMs += 1000;
    expect(rejection(() => m.resizeInstance(p, i.id, { type: 'g6-nanode-1' })).kind).toBe('conflict');
    registerAccountStanding({ hasPastDueBalance: (a) => a === account });
    expect(rejection(() => m.resizeInstance(p, i.id, { type: 'g6-standard-2' })).kind).toBe('conflict');
    registerAccountStanding({ hasPastDueBalance: () => false });
    m.resizeInstance(p, i.id, { type: 'g6-standard-2' });
    expect(m.statusOf(world, i)).toBe('resizing');
    expect(rejection(() => m.resizeInstance(p, i.id, { type: 'g6-standard-4' })).kind).toBe('conflict');
    world.clockOffsetMs += 1000;
    expect(m.statusOf(world, i)).toBe('running');
    const root = [...i.disks.values()].find((d) => d.filesystem !== 'swap');
    expect(root?.size).toBe(81920 - 512);
  });

  test('upgrade applies only to a deprecated type', () => {
    const { p } = setup();
    expect(rejection(() => m.mutateInstance(p, deployedInstance(p).id, {})).kind).toBe('conflict');
    const old = deployedInstance(p, { type: 'g5-standard-1' });
    m.mutateInstance(p, old.id, {});
    expect(old.type).toBe('g6-standard-1');
  });
});

describe('migrate', () => {
  test('cross-region migration moves the instance and emits node_migrate_datacenter_create', () => {
    const { p, account } = setup();
    const i = deployedInstance(p);
    m.migrateInstance(p, i.id, { region: 'eu-central' });
    expect(i.region).toBe('eu-central');
    expect(account.events.newestFirst()[0]?.action).toBe('node_migrate_datacenter_create');
  });

  test('upgrade without a free upgrade is HTTP 400 and does not migrate; warm is not cross-region', () => {
    const { p, account } = setup();
    const i = deployedInstance(p);
    const error = rejection(() => m.migrateInstance(p, i.id, { region: 'eu-central', upgrade: true }));
    expect(error.status).toBe(400);
    expect(i.region).toBe('us-east');
    expect(rejection(() => m.migrateInstance(p, i.id, { region: 'eu-central', type: 'warm' })).items[0]?.field).toBe(
      'type',
    );
    expect(account.events.newestFirst().some((e) => e.action === 'node_migrate_datacenter_create')).toBe(false);
  });

  test('no second migration while one is queued; no cross-region with a vpc interface', () => {
    const { world, p } = setup({ delay: 1000 });
    const i = deployedInstance(p);
    world.clockOffsetMs += 1000;
    m.migrateInstance(p, i.id, {});
    expect(rejection(() => m.migrateInstance(p, i.id, {})).kind).toBe('conflict');
    const vpc = createVpc(p, { label: 'v', region: 'us-east', subnets: [{ label: 's', ipv4: '10.0.0.0/24' }] });
    const subnetId = vpc.subnets[0]?.id as number;
    const j = deployedInstance(p, { interfaces: [{ purpose: 'vpc', subnet_id: subnetId }] });
    world.clockOffsetMs += 1000;
    expect(rejection(() => m.migrateInstance(p, j.id, { region: 'eu-central' })).kind).toBe('conflict');
  });
});

describe('clone', () => {
  test('configs absent clones every profile with its disks; empty clones none but listed disks', () => {
    const { world, p } = setup();
    const source = deployedInstance(p, { tags: ['web'] });
    const all = m.cloneInstance(p, source.id, { region: 'us-east', type: 'g6-standard-1' });
    expect([all.configs.size, all.disks.size]).toEqual([1, 2]);
    expect(all.tags).toEqual(['web']);
    expect(all.label).toBe('node');
    expect(m.statusOf(world, all)).toBe('offline');
    const [root] = [...source.disks.keys()];
    const some = m.cloneInstance(p, source.id, {
      region: 'us-east',
      type: 'g6-standard-1',
      configs: [],
      disks: [root as number],
    });
    expect([some.configs.size, some.disks.size]).toEqual([0, 1]);
    const none = m.cloneInstance(p, source.id, { region: 'us-east', type: 'g6-standard-1', configs: [] });
    expect(none.disks.size).toBe(0);
  });

  test('a new target needs region and type, and user data when the source has it', () => {
    const { p } = setup();
    const source = deployedInstance(p, { metadata: { user_data: 'YQ==' } });
    expect(rejection(() => m.cloneInstance(p, source.id, { type: 'g6-standard-1' })).items[0]?.field).toBe('region');
    const error = rejection(() => m.cloneInstance(p, source.id, { region: 'us-east', type: 'g6-standard-1' }));
    expect(error.items[0]?.field).toBe('metadata.user_data');
  });

  test("with its skip: fault, a new target without region or type gets the source's", () => {
    const { p } = setup({ faults: ['skip:instances/clone/region-required-for-new'] });
    const source = deployedInstance(p, { region: 'eu-central' });
    expect(m.cloneInstance(p, source.id, { type: 'g6-standard-1' }).region).toBe('eu-central');
    const typeOff = setup({ faults: ['skip:instances/clone/type-required-for-new'] });
    const other = deployedInstance(typeOff.p, { type: 'g6-standard-4' });
    expect(m.cloneInstance(typeOff.p, other.id, { region: 'us-east' }).type).toBe('g6-standard-4');
  });

  test('an existing target keeps its own fields, must be idle and have room; no user data for it', () => {
    const { world, p } = setup({ delay: 1000 });
    const source = deployedInstance(p);
    const target = emptyInstance(p, { type: 'g6-standard-4', label: 'target' });
    expect(rejection(() => m.cloneInstance(p, source.id, { node_id: target.id })).kind).toBe('conflict');
    world.clockOffsetMs += 1000;
    const meta = rejection(() =>
      m.cloneInstance(p, source.id, { node_id: target.id, metadata: { user_data: 'YQ==' } }),
    );
    expect(meta.items[0]?.field).toBe('metadata.user_data');
    m.cloneInstance(p, source.id, { node_id: target.id, region: 'eu-central', label: 'other' });
    expect([target.label, target.region, target.disks.size]).toEqual(['target', 'us-east', 2]);
    const small = emptyInstance(p, { type: 'g6-nanode-1' });
    world.clockOffsetMs += 1000;
    expect(rejection(() => m.cloneInstance(p, source.id, { node_id: small.id })).kind).toBe('conflict');
  });

  test('at most five concurrent clones per source, the sixth with HTTP 400; the source cannot be deleted meanwhile', () => {
    const { world, p } = setup({ delay: 1000 });
    const source = deployedInstance(p);
    world.clockOffsetMs += 1000;
    for (let k = 0; k < 5; k++) m.cloneInstance(p, source.id, { region: 'us-east', type: 'g6-standard-1' });
    expect(rejection(() => m.cloneInstance(p, source.id, { region: 'us-east', type: 'g6-standard-1' })).status).toBe(
      400,
    );
    expect(rejection(() => m.deleteInstance(p, source.id)).kind).toBe('conflict');
    world.clockOffsetMs += 1000;
    m.cloneInstance(p, source.id, { region: 'us-east', type: 'g6-standard-1' });
  });

  test('a vpc interface with a 1:1 NAT gives the clone a NAT of any', () => {
    const { p } = setup();
    const vpc = createVpc(p, { label: 'v', region: 'us-east', subnets: [{ label: 's', ipv4: '10.0.0.0/24' }] });
    const source = deployedInstance(p, {
      interfaces: [{ purpose: 'vpc', subnet_id: vpc.subnets[0]?.id, ipv4: { nat_1_1: 'any' } }],
    });
    const clone = m.cloneInstance(p, source.id, { region: 'us-east', type: 'g6-standard-1' });
    const iface = [...clone.configs.values()][0]?.interfaces[0];
    expect([iface?.purpose, iface?.nat]).toEqual(['vpc', 'any']);
    expect(iface?.address).not.toBe([...source.configs.values()][0]?.interfaces[0]?.address);
  });
});

describe('delete', () => {
  test('removes the instance with its disks and profiles; nothing left to view', () => {
    const { p } = setup();
    const i = deployedInstance(p);
    m.deleteInstance(p, i.id);
    expect(rejection(() => m.getInstance(p, i.id)).kind).toBe('not-found');
    expect(m.instancesOf(p.account)).toEqual([]);
  });

  test('refused while the instance is the target of a running clone', () => {
    const { world, p } = setup({ delay: 1000 });
    const source = deployedInstance(p);
    world.clockOffsetMs += 1000;
    const clone = m.cloneInstance(p, source.id, { region: 'us-east', type: 'g6-standard-1' });
    expect(rejection(() => m.deleteInstance(p, clone.id)).kind).toBe('conflict');
  });
});

describe('faults', () => {
  test('shutdown-ignored leaves the instance running', () => {
    const { world, p } = setup({ faults: ['shutdown-ignored'] });
    const i = deployedInstance(p);
    m.shutdownInstance(p, i.id);
    expect(m.statusOf(world, i)).toBe('running');
  });

  test('migrate-upgrade-unchecked migrates despite no free upgrade', () => {
    const { p } = setup({ faults: ['migrate-upgrade-unchecked'] });
    const i = deployedInstance(p);
    m.migrateInstance(p, i.id, { region: 'eu-central', upgrade: true });
    expect(i.region).toBe('eu-central');
  });

  test('disks created by hand count against the type', () => {
    const { p } = setup();
    const i = emptyInstance(p, { type: 'g6-nanode-1' });
    createDisk(p, i, { size: 25600, label: 'all' });
    expect(rejection(() => createDisk(p, i, { size: 1, label: 'more' })).items[0]?.field).toBe('size');
  });
});
