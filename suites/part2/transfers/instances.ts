// Procedures on transfers of instances written from prose: the conditions an instance must meet at create and accept, and what happens to it once accepted. Each needs a transfer of an instance the run's account owns; where the target refuses one, they skip.

import {
  acceptedWith2xx,
  answerMentions,
  type Kit,
  recordValueEquals,
  rejectedWith4xx,
  runVlan,
  type WrittenContext,
} from '../../support/author.js';
import { as, type Instances, type Json, jsonOf, opOf, withInstances } from '../account/support.js';
import { acceptAs, accepted, CANCEL, CREATE, createTransfer, type Made, otherOwner } from './support.js';

/** The VLAN an instance of these tests joins: the run's first, which other tests hold too (a region holds ten, for every client of the account). */
const vlanLabel = (kit: Kit) => runVlan(kit.session.config.labelPrefix, 1);

/** An instance of the run's account; skips when the target cannot make one. */
async function ownInstance(kit: Kit, instances: Instances, extra: Json = {}): Promise<Json> {
  const made = await instances.create(undefined, extra);
  if (!made.record) return kit.skip(`an instance could not be created (${made.e.response?.status ?? 'no answer'})`);
  return made.record;
}

/** A pending transfer of a new instance of the run's account: the precondition of every procedure here. */
async function transferOfInstance(
  ctx: WrittenContext,
  instances: Instances,
  extra: Json = {},
): Promise<{ nodeId: number; record: Json; transfer: Made }> {
  const record = await ownInstance(ctx.kit, instances, extra);
  const nodeId = record.id as number;
  const transfer = await createTransfer(ctx, [nodeId]);
  if (!transfer) {
    return ctx.kit.skip(
      'the target refuses to transfer an instance the account has just created, so no instance transfer can be made',
    );
  }
  instances.beforeRemove(() => ctx.kit.session.send(CANCEL, { params: { token: transfer.token } }));
  return { nodeId, record, transfer };
}

/** Sends a create that must be refused; cancels it at the end if it was made all the same. */
async function refusedCreate(ctx: WrittenContext, nodes: number[], context: string): Promise<void> {
  const e = await ctx.kit.send(CREATE, { body: { entities: { nodes } } });
  const token = jsonOf(e)?.token;
  if (typeof token === 'string') ctx.fixtures.track(CANCEL, { token });
  ctx.kit.check(rejectedWith4xx(e), context);
}

export async function notInPendingTransfer(ctx: WrittenContext) {
  await withInstances(ctx.kit, async (instances) => {
    const { nodeId } = await transferOfInstance(ctx, instances);
    await refusedCreate(ctx, [nodeId], 'a second transfer of an instance already in a pending transfer');
  });
}

export async function notOnVlan(ctx: WrittenContext) {
  const { kit } = ctx;
  await withInstances(kit, async (instances) => {
    await transferOfInstance(ctx, instances);
    const onVlan = await instances.create(undefined, {
      interfaces: [{ purpose: 'public' }, { purpose: 'vlan', label: vlanLabel(kit) }],
    });
    const nodeId = onVlan.record?.id;
    if (typeof nodeId !== 'number')
      return kit.skip(`an instance on a VLAN could not be created (${onVlan.e.response?.status})`);
    await refusedCreate(ctx, [nodeId], 'a transfer of an instance assigned to a VLAN');
  });
}

/**
 * A transfer of a new instance, then `change` to that instance (false when it did not take: failed or
 * skipped there); the accept must then be refused.
 */
async function acceptRefusedAfter(ctx: WrittenContext, change: (nodeId: number) => Promise<boolean>, context: string) {
  const { kit } = ctx;
  const acceptor = await otherOwner(kit, 'acceptor');
  await withInstances(kit, async (instances) => {
    const { nodeId, transfer } = await transferOfInstance(ctx, instances);
    if (!(await change(nodeId))) return;
    kit.check(rejectedWith4xx(await acceptAs(kit, transfer.token, acceptor)), context);
  });
}

export async function creatorStillOwns(ctx: WrittenContext) {
  const { kit } = ctx;
  const deleted = async (nodeId: number) => {
    const del = await kit.send(opOf('instances/delete'), { params: { nodeId } });
    return kit.check(acceptedWith2xx(del), 'deleting the instance of a pending transfer');
  };
  await acceptRefusedAfter(ctx, deleted, 'accepting a transfer whose instance the creating account no longer owns');
}

/** After the create, the instance joins a VLAN (an interface added to its profile); the accept must then be refused. */
export async function instanceConditionsHold(ctx: WrittenContext) {
  const { kit } = ctx;
  const joinedVlan = async (nodeId: number) => {
    const profiles = await kit.send(opOf('configs/list'), { params: { nodeId } });
    const configId = (jsonOf(profiles)?.data as Json[] | undefined)?.[0]?.id;
    if (typeof configId !== 'number') return kit.skip('the instance has no configuration profile to add a VLAN to');
    const body = { purpose: 'vlan', label: vlanLabel(kit) };
    const added = await kit.send(opOf('interfaces/add'), { params: { nodeId, configId }, body });
    if (added.response?.status !== 200)
      return kit.skip(`a VLAN interface could not be added (${added.response?.status})`);
    return true;
  };
  await acceptRefusedAfter(ctx, joinedVlan, 'accepting a transfer whose instance joined a VLAN after the create');
}

/** Accepts a transfer of a new instance as the acceptor; the instance then belongs to it (and is deleted as it at the end). */
async function acceptedInstance(ctx: WrittenContext, instances: Instances, extra: Json = {}) {
  const acceptor = await otherOwner(ctx.kit, 'acceptor');
  const made = await transferOfInstance(ctx, instances, extra);
  const ok = await accepted(ctx.kit, made.transfer.token, acceptor, 'accepting a transfer of an instance');
  instances.adopt(made.nodeId, acceptor);
  return { ...made, acceptor, ok };
}

export async function instancesMove(ctx: WrittenContext) {
  const { kit } = ctx;
  await withInstances(kit, async (instances) => {
    const { nodeId, acceptor, ok } = await acceptedInstance(ctx, instances);
    if (!ok) return;
    const theirs = await kit.send(opOf('instances/view'), { params: { nodeId }, ...as(acceptor) });
    kit.check(acceptedWith2xx(theirs), 'the instance viewed by the accepting account');
    const mine = await kit.send(opOf('instances/view'), { params: { nodeId } });
    kit.check(rejectedWith4xx(mine), 'the instance viewed by the creating account');
  });
}

export async function servicesKeepRunning(ctx: WrittenContext) {
  const { kit } = ctx;
  await withInstances(kit, async (instances) => {
    const { nodeId, record, acceptor, ok } = await acceptedInstance(ctx, instances);
    if (!ok) return;
    if (record.status !== 'running')
      return kit.skip(`the instance was ${String(record.status)}, not running, before the transfer`);
    const view = await kit.send(opOf('instances/view'), { params: { nodeId }, ...as(acceptor) });
    const why = 'An instance keeps running through its transfer.';
    kit.check(recordValueEquals(jsonOf(view), 'status', 'running', why, view), 'the instance after the accept');
  });
}

/** A snapshot taken while the transfer is pending is among the backups the accepting account reads (the list's shape is not shown). */
export async function backupsMove(ctx: WrittenContext) {
  const { kit } = ctx;
  const label = `${kit.session.config.labelPrefix}-snap${kit.session.nextSeed() % 100000}`;
  const acceptor = await otherOwner(kit, 'acceptor');
  await withInstances(kit, async (instances) => {
    const { nodeId, transfer } = await transferOfInstance(ctx, instances, { backups_enabled: true });
    const snap = await kit.send(opOf('backups/snapshot'), { params: { nodeId }, body: { label } });
    if (snap.response?.status !== 200) return kit.skip(`a snapshot could not be taken (${snap.response?.status})`);
    const ok = await accepted(kit, transfer.token, acceptor, 'accepting a transfer of an instance with a snapshot');
    instances.adopt(nodeId, acceptor);
    if (!ok) return;
    const backups = await kit.send(opOf('backups/list'), { params: { nodeId }, ...as(acceptor) });
    if (!kit.check(acceptedWith2xx(backups), "the instance's backups read by the accepting account")) return;
    const why = 'The backups of a transferred instance move with it: its snapshot is among them.';
    kit.check(answerMentions(backups, label, why), 'the backups after the accept');
  });
}
