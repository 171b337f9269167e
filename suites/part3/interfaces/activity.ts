// Procedures of interface activity: active once booted with the profile, inactive after a shut down or another profile, and what an active profile refuses.

import {
  acceptedWith2xx,
  idsInOrder,
  listed,
  recordValueIn,
  rejectedWith4xx,
  type WrittenContext,
} from '../../support/author.js';
import {
  addInterface,
  idsOf,
  interfacesOf,
  isOk,
  type Json,
  newInstance,
  newSubnet,
  opOf,
  power,
  profile,
  vlanName,
} from './setup.js';

/** Every listed interface reads `active` as expected. */
async function allActive(ctx: WrittenContext, nodeId: number, configId: number, active: boolean, when: string) {
  const { records, e } = await interfacesOf(ctx, nodeId, configId);
  const why = `Interfaces of a profile read active ${active} ${when}.`;
  for (const r of records)
    ctx.kit.check(recordValueIn(r, 'active', [active], why, e), `interface ${String(r.id)} ${when}`);
  return records;
}

/** An instance booted with a profile of a public and a vlan interface. */
async function booted(ctx: WrittenContext) {
  const nodeId = await newInstance(ctx);
  const configId = await profile(ctx, nodeId, [{ purpose: 'public' }, { purpose: 'vlan', label: vlanName(ctx, 1) }]);
  await power(ctx, 'boot', nodeId, configId);
  return { nodeId, configId };
}

const deleteInterface = (ctx: WrittenContext, nodeId: number, configId: number, interfaceId: unknown) =>
  ctx.kit.send(opOf('interfaces/delete'), { params: { nodeId, configId, interfaceId: Number(interfaceId) } });

export async function activeAfterBoot(ctx: WrittenContext) {
  const { nodeId, configId } = await booted(ctx);
  await allActive(ctx, nodeId, configId, true, 'once the instance is booted with it');
}

export async function inactiveAfterShutdown(ctx: WrittenContext) {
  const nodeId = await newInstance(ctx);
  const first = await profile(ctx, nodeId, [{ purpose: 'public' }, { purpose: 'vlan', label: vlanName(ctx, 1) }]);
  const second = await profile(ctx, nodeId, [{ purpose: 'vlan', label: vlanName(ctx, 2) }]);
  await power(ctx, 'boot', nodeId, first);
  await power(ctx, 'reboot', nodeId, second);
  const old = await allActive(ctx, nodeId, first, false, 'after a restart with another profile');
  const del = await deleteInterface(ctx, nodeId, first, old.at(-1)?.id);
  ctx.kit.check(acceptedWith2xx(del), 'deleting an interface of the profile left by the restart');
  await power(ctx, 'shutdown', nodeId);
  const left = await allActive(ctx, nodeId, second, false, 'after the instance is shut down');
  const del2 = await deleteInterface(ctx, nodeId, second, left[0]?.id);
  ctx.kit.check(acceptedWith2xx(del2), 'deleting an interface of the profile after the shut down');
}

export async function addedInactiveUntilReboot(ctx: WrittenContext) {
  const { nodeId, configId } = await booted(ctx);
  const e = await addInterface(ctx, nodeId, configId, { purpose: 'vlan', label: vlanName(ctx, 2) });
  if (!isOk(e)) return ctx.kit.skip(`adding an interface to the booted profile was refused (${e.response?.status})`);
  const { records, e: list } = await interfacesOf(ctx, nodeId, configId);
  const newest = records.at(-1);
  const why = 'An added interface stays inactive until the instance is rebooted with the profile.';
  ctx.kit.check(recordValueIn(newest, 'active', [false], why, list), 'right after the add, instance running');
  await power(ctx, 'reboot', nodeId, configId);
  const after = await interfacesOf(ctx, nodeId, configId);
  const again = after.records.find((r) => r.id === newest?.id);
  ctx.kit.check(recordValueIn(again, 'active', [true], why, after.e), 'after a reboot with the profile');
}

export async function orderActiveNeedsShutdown(ctx: WrittenContext) {
  const { nodeId, configId } = await booted(ctx);
  const before = await interfacesOf(ctx, nodeId, configId);
  const reversed = [...idsOf(before.records)].reverse();
  const e = await ctx.kit.send(opOf('interfaces/order'), { params: { nodeId, configId }, body: { ids: reversed } });
  ctx.kit.check(rejectedWith4xx(e), 'reordering the interfaces of the booted profile of a running instance');
}

export async function deleteActiveRefused(ctx: WrittenContext) {
  const { nodeId, configId } = await booted(ctx);
  const before = await interfacesOf(ctx, nodeId, configId);
  const target = before.records.at(-1)?.id;
  ctx.kit.check(rejectedWith4xx(await deleteInterface(ctx, nodeId, configId, target)), 'deleting an active interface');
  const after = await interfacesOf(ctx, nodeId, configId);
  ctx.kit.check(listed(after.records, target, 'the active interface', after.e));
  ctx.kit.check(
    idsInOrder(idsOf(after.records), idsOf(before.records), 'A refused delete leaves the interfaces.', after.e),
  );
}

export async function vpcSubnetAssignedAfterReboot(ctx: WrittenContext) {
  const subnet = await newSubnet(ctx, '10.90.0.0/24');
  const nodeId = await newInstance(ctx);
  const other = await profile(ctx, nodeId, [{ purpose: 'public' }]);
  const configId = await profile(ctx, nodeId, [{ purpose: 'vpc', subnet_id: subnet.subnetId }]);
  await power(ctx, 'boot', nodeId, other);
  await power(ctx, 'reboot', nodeId, configId);
  const { records, e } = await interfacesOf(ctx, nodeId, configId);
  const vpc = records.find((r) => r.purpose === 'vpc') as Json | undefined;
  const why = "A vpc interface's subnet assignment completes when the instance reboots with its profile.";
  ctx.kit.check(recordValueIn(vpc, 'subnet_id', [subnet.subnetId], why, e), 'after the reboot');
  ctx.kit.check(recordValueIn(vpc, 'active', [true], why, e), 'after the reboot');
}
