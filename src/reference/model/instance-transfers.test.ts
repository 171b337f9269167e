// Unit tests of the instance hooks of service transfers: ownership, the VLAN blocker, the move of an instance with its state, grants and backups, and the payment method standing billing installs.

import { describe, expect, test } from 'vitest';
import { deployedInstance } from '../test-support/instances.js';
import { rejection } from '../test-support/model-errors.js';
import { signIn } from '../test-support/principals.js';
import { listBackups, takeSnapshot } from './backups.js';
import { deletePaymentMethod, hasActivePaymentMethod, listPaymentMethods } from './billing.js';
import { transferBlocker } from './instance-transfers.js';
import { findInstance, getInstance, type Instance, instancesOf, listInstances } from './instances.js';
import { addInterface } from './interfaces.js';
import { taggedObjects } from './tags.js';
import { acceptTransfer, accountStanding, createTransfer, transferableInstances } from './transfers.js';
import { createWorld } from './wiring.js';
import type { Principal } from './world.js';

function setup(faults: string[] = []) {
  const world = createWorld(new Set(faults), 0);
  const sender = signIn(world, world.createAccount('sender', 'sender@example.com'), 'sender');
  const receiver = signIn(world, world.createAccount('receiver', 'receiver@example.com'), 'receiver');
  return { world, sender, receiver };
}

const deployed = (p: Principal, tags: string[] = []): Instance => deployedInstance(p, { tags });

describe('ownership and blockers', () => {
  test('an instance is owned by its account only', () => {
    const { sender, receiver } = setup();
    const i = deployed(sender);
    expect(transferableInstances.ownedBy(sender.account, i.id)).toBe(true);
    expect(transferableInstances.ownedBy(receiver.account, i.id)).toBe(false);
    expect(transferableInstances.ownedBy(sender.account, 999_999)).toBe(false);
  });

  test('an instance with a VLAN interface in any profile is blocked; one without is not', () => {
    const { sender } = setup();
    const i = deployed(sender);
    expect(transferableInstances.blocker(sender.account, i.id)).toBeUndefined();
    const config = [...i.configs.values()][0];
    if (!config) throw new Error('no profile');
    addInterface(sender, i, config, { purpose: 'vlan', label: 'lan-1', ipam_address: '10.1.0.1/24' });
    expect(transferBlocker(i)).toMatch(/VLAN/);
    const error = rejection(() => createTransfer(sender, { entities: { nodes: [i.id] } }));
    expect([error.kind, error.items[0]?.field]).toEqual(['validation', 'entities.nodes']);
  });

  test('a transfer naming an instance of the account is created', () => {
    const { sender } = setup();
    const i = deployed(sender);
    expect(createTransfer(sender, { entities: { nodes: [i.id] } }).nodes).toEqual([i.id]);
  });
});

describe('accept moves the instances', () => {
  test('the instance keeps its id, disks, profiles, addresses and tags, and leaves the sender', () => {
    const { sender, receiver } = setup();
    const i = deployed(sender, ['web']);
    const kept = deployed(sender);
    const disks = [...i.disks.keys()];
    const configs = [...i.configs.keys()];
    const ipv4 = i.ipv4.map((a) => a.address);
    const t = createTransfer(sender, { entities: { nodes: [i.id] } });
    acceptTransfer(receiver, t.token);
    expect(findInstance(sender.account, i.id)).toBeUndefined();
    expect(instancesOf(sender.account).map((x) => x.id)).toEqual([kept.id]);
    const moved = getInstance(receiver, i.id);
    expect(moved.accountId).toBe(receiver.account.id);
    expect([...moved.disks.keys()]).toEqual(disks);
    expect([...moved.configs.keys()]).toEqual(configs);
    expect(moved.ipv4.map((a) => a.address)).toEqual(ipv4);
    expect(taggedObjects(receiver, 'web').map((o) => o.object.id)).toEqual([i.id]);
    expect(taggedObjects(sender, 'web')).toEqual([]);
    expect(rejection(() => getInstance(sender, i.id)).kind).toBe('not-found');
  });

  test('backups move with the instance, ids kept', () => {
    const { sender, receiver } = setup();
    const i = deployed(sender);
    const snapshot = takeSnapshot(sender, i.id, 'before');
    const t = createTransfer(sender, { entities: { nodes: [i.id] } });
    acceptTransfer(receiver, t.token);
    expect(listBackups(receiver, i.id).snapshot.current?.id).toBe(snapshot.id);
  });

  test("grants of the sender's users are dropped; the receiver's restricted users get none", () => {
    const { world, sender, receiver } = setup();
    const i = deployed(sender);
    const bob = signIn(world, sender.account, 'bob', true);
    bob.user.grants.entities.node.set(i.id, 'read_write');
    const rita = signIn(world, receiver.account, 'rita', true);
    const t = createTransfer(sender, { entities: { nodes: [i.id] } });
    acceptTransfer(receiver, t.token);
    expect(bob.user.grants.entities.node.has(i.id)).toBe(false);
    expect(rita.user.grants.entities.node.has(i.id)).toBe(false);
    expect(listInstances(rita)).toEqual([]);
    expect(listInstances(receiver).map((x) => x.id)).toEqual([i.id]);
  });

  test('an instance moved away can no longer be named by the old account', () => {
    const { sender, receiver } = setup();
    const i = deployed(sender);
    acceptTransfer(receiver, createTransfer(sender, { entities: { nodes: [i.id] } }).token);
    expect(rejection(() => createTransfer(sender, { entities: { nodes: [i.id] } })).kind).toBe('validation');
    expect(createTransfer(receiver, { entities: { nodes: [i.id] } }).nodes).toEqual([i.id]);
  });
});

describe('account standing from billing', () => {
  test('an account has an active payment method until its last one is deactivated', () => {
    const { sender, receiver } = setup(['payment-method-delete-default']);
    expect(hasActivePaymentMethod(receiver.account)).toBe(true);
    expect(accountStanding.acceptorHasPaymentMethod(receiver.account)).toBe(true);
    for (const m of listPaymentMethods(receiver)) deletePaymentMethod(receiver, m.id);
    expect(accountStanding.acceptorHasPaymentMethod(receiver.account)).toBe(false);
    const i = deployed(sender);
    const t = createTransfer(sender, { entities: { nodes: [i.id] } });
    expect(rejection(() => acceptTransfer(receiver, t.token)).kind).toBe('conflict');
    expect(findInstance(sender.account, i.id)).toBe(i);
  });
});
