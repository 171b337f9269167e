// Procedures of the interface operations on a profile that is not booted: list order, add, reorder, update and delete.

import {
  acceptedWith2xx,
  idsInOrder,
  notListed,
  recordValueIn,
  refusedBeside,
  type WrittenContext,
} from '../../support/author.js';
import {
  added,
  addInterface,
  idsOf,
  interfacesOf,
  isOk,
  type Json,
  newInstance,
  newSubnet,
  opOf,
  profile,
  viewInterface,
  vlanName,
} from './setup.js';

/** An instance with one profile of these interfaces (offline, so the interfaces stay inactive). */
async function offlineProfile(ctx: WrittenContext, interfaces: Json[]) {
  const nodeId = await newInstance(ctx);
  const configId = await profile(ctx, nodeId, interfaces);
  return { nodeId, configId, ...(await interfacesOf(ctx, nodeId, configId)) };
}

const update = (ctx: WrittenContext, nodeId: number, configId: number, interfaceId: unknown, body: Json) =>
  ctx.kit.send(opOf('interfaces/update'), { params: { nodeId, configId, interfaceId: Number(interfaceId) }, body });

const order = (ctx: WrittenContext, nodeId: number, configId: number, ids: unknown[]) =>
  ctx.kit.send(opOf('interfaces/order'), { params: { nodeId, configId }, body: { ids } });

export async function listOrdered(ctx: WrittenContext) {
  const subnet = await newSubnet(ctx, '10.80.0.0/24');
  const given = ['vpc', 'public', 'vlan'];
  const { records, e } = await offlineProfile(ctx, [
    { purpose: 'vpc', subnet_id: subnet.subnetId },
    { purpose: 'public' },
    { purpose: 'vlan', label: vlanName(ctx, 1) },
  ]);
  const why = "The list answers the profile's interfaces in their order (eth0 first).";
  ctx.kit.check(
    idsInOrder(
      records.map((r) => r.purpose),
      given,
      why,
      e,
    ),
    'purposes in the order of the profile',
  );
}

export async function addAppends(ctx: WrittenContext) {
  const { nodeId, configId, records } = await offlineProfile(ctx, [
    { purpose: 'public' },
    { purpose: 'vlan', label: vlanName(ctx, 1) },
  ]);
  const e = await addInterface(ctx, nodeId, configId, { purpose: 'vlan', label: vlanName(ctx, 2) });
  if (!isOk(e)) return ctx.kit.skip(`the interface add was refused (${e.response?.status})`);
  const after = await interfacesOf(ctx, nodeId, configId);
  const newId = after.records.find((r) => !idsOf(records).includes(r.id))?.id;
  const why = 'An added interface comes after the existing interfaces of the profile.';
  ctx.kit.check(idsInOrder(idsOf(after.records), [...idsOf(records), newId], why, after.e));
}

export async function newPrimaryDemotes(ctx: WrittenContext) {
  const subnet = await newSubnet(ctx, '10.81.0.0/24');
  const { nodeId, configId, records } = await offlineProfile(ctx, [{ purpose: 'public', primary: true }]);
  const previous = records[0];
  if (previous?.primary !== true) return ctx.kit.skip('the public interface made primary does not read primary');
  const newest = await added(ctx, nodeId, configId, { purpose: 'vpc', subnet_id: subnet.subnetId, primary: true });
  const view = await viewInterface(ctx, nodeId, configId, previous.id);
  const why = 'Adding a primary interface makes the previous primary interface non-primary.';
  ctx.kit.check(recordValueIn(view.response?.json, 'primary', [false], why, view), `after adding ${String(newest.id)}`);
}

export async function atMostThree(ctx: WrittenContext) {
  const { nodeId, configId, records } = await offlineProfile(ctx, [
    { purpose: 'public' },
    { purpose: 'vlan', label: vlanName(ctx, 1) },
    { purpose: 'vlan', label: vlanName(ctx, 2) },
  ]);
  const e = await addInterface(ctx, nodeId, configId, { purpose: 'vlan', label: vlanName(ctx, 3) });
  await refusedBeside(ctx.kit, e, `adding a fourth interface to a profile of ${records.length}`, {
    what: 'adding it once one of the three is deleted',
    send: async () => {
      const last = records.at(-1)?.id;
      await ctx.kit.send(opOf('interfaces/delete'), { params: { nodeId, configId, interfaceId: Number(last) } });
      return addInterface(ctx, nodeId, configId, { purpose: 'vlan', label: vlanName(ctx, 3) });
    },
  });
}

export async function orderAllIdsRequired(ctx: WrittenContext) {
  const { nodeId, configId, records } = await offlineProfile(ctx, [
    { purpose: 'public' },
    { purpose: 'vlan', label: vlanName(ctx, 1) },
  ]);
  const partial = idsOf(records).slice(1);
  await refusedBeside(ctx.kit, await order(ctx, nodeId, configId, partial), `ids ${JSON.stringify(partial)} only`, {
    what: 'an order naming every interface',
    send: () => order(ctx, nodeId, configId, [...idsOf(records)].reverse()),
  });
}

export async function orderReorders(ctx: WrittenContext) {
  const { nodeId, configId, records } = await offlineProfile(ctx, [
    { purpose: 'public' },
    { purpose: 'vlan', label: vlanName(ctx, 1) },
    { purpose: 'vlan', label: vlanName(ctx, 2) },
  ]);
  const wanted = [...idsOf(records)].reverse();
  const e = await order(ctx, nodeId, configId, wanted);
  ctx.kit.check(acceptedWith2xx(e), 'a reorder naming every interface of an offline profile');
  const after = await interfacesOf(ctx, nodeId, configId);
  ctx.kit.check(idsInOrder(idsOf(after.records), wanted, 'The list follows the order of ids.', after.e));
}

export async function updateVlanRefused(ctx: WrittenContext) {
  const { nodeId, configId, records } = await offlineProfile(ctx, [{ purpose: 'vlan', label: vlanName(ctx, 1) }]);
  const e = await update(ctx, nodeId, configId, records[0]?.id, { primary: false });
  await refusedBeside(ctx.kit, e, 'an update of a vlan interface', {
    what: 'the same update of a public interface of the profile',
    send: async () => {
      const added = await addInterface(ctx, nodeId, configId, { purpose: 'public' });
      return update(ctx, nodeId, configId, (added.response?.json as Json | undefined)?.id, { primary: false });
    },
  });
}

export async function updatePublicPrimaryOnly(ctx: WrittenContext) {
  const { nodeId, configId, records } = await offlineProfile(ctx, [{ purpose: 'public', primary: false }]);
  const id = records[0]?.id;
  const why = 'Updating a public interface changes only primary; ipv4 and ip_ranges stay empty.';
  const flag = await update(ctx, nodeId, configId, id, { primary: true });
  const view = await viewInterface(ctx, nodeId, configId, id);
  if (ctx.kit.check(acceptedWith2xx(flag), 'primary true on a public interface'))
    ctx.kit.check(recordValueIn(view.response?.json, 'primary', [true], why, view), 'primary changed');
  const addresses = await update(ctx, nodeId, configId, id, {
    ipv4: { vpc: '10.82.0.9', nat_1_1: 'any' },
    ip_ranges: ['10.82.0.0/28'],
  });
  if (!isOk(addresses)) return;
  const after = await viewInterface(ctx, nodeId, configId, id);
  const record = after.response?.json as Json | undefined;
  if (record?.ipv4 !== null)
    for (const path of ['ipv4.vpc', 'ipv4.nat_1_1'])
      ctx.kit.check(recordValueIn(record, path, ['', null], why, after), `after an update sending ${path}`);
  ctx.kit.check(recordValueIn(record, 'ip_ranges', [[], null], why, after), 'after an update sending ip_ranges');
}

/** A vpc interface routed `ranges`, updated with `body`; its ranges must then read `expected`. */
async function rangesAfter(ctx: WrittenContext, cidr: string, ranges: string[], body: Json, expected: string[]) {
  const subnet = await newSubnet(ctx, cidr);
  const { nodeId, configId, records } = await offlineProfile(ctx, [
    { purpose: 'vpc', subnet_id: subnet.subnetId, ip_ranges: ranges },
  ]);
  const id = records[0]?.id;
  const e = await update(ctx, nodeId, configId, id, body);
  if (!ctx.kit.check(acceptedWith2xx(e), `update ${JSON.stringify(body)}`)) return;
  const view = await viewInterface(ctx, nodeId, configId, id);
  const why = `After the update ${JSON.stringify(body)} the interface's ranges are ${JSON.stringify(expected)}.`;
  ctx.kit.check(recordValueIn(view.response?.json, 'ip_ranges', [expected], why, view));
}

export const rangesReplaced = (ctx: WrittenContext) =>
  rangesAfter(ctx, '10.83.0.0/24', ['10.83.0.64/28'], { ip_ranges: ['10.83.0.128/28'] }, ['10.83.0.128/28']);

export const rangesEmptied = (ctx: WrittenContext) =>
  rangesAfter(ctx, '10.84.0.0/24', ['10.84.0.64/28'], { ip_ranges: [] }, []);

export const rangesKept = (ctx: WrittenContext) =>
  rangesAfter(ctx, '10.85.0.0/24', ['10.85.0.64/28'], { primary: true }, ['10.85.0.64/28']);

export async function deleteRemoved(ctx: WrittenContext) {
  const { nodeId, configId, records } = await offlineProfile(ctx, [
    { purpose: 'public' },
    { purpose: 'vlan', label: vlanName(ctx, 1) },
  ]);
  const id = records[1]?.id;
  const e = await ctx.kit.send(opOf('interfaces/delete'), {
    params: { nodeId, configId, interfaceId: Number(id) },
  });
  if (!ctx.kit.check(acceptedWith2xx(e), 'deleting an inactive interface')) return;
  const after = await interfacesOf(ctx, nodeId, configId);
  ctx.kit.check(notListed(after.records, id, 'the deleted interface', after.e));
}
