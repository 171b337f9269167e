// Procedures of the power clauses: boot, shut down and reboot (the profile each chooses, the state it leaves, when it is refused), root password reset and rescue.

import {
  type Kit,
  recordValueEquals,
  rejectedWith4xx,
  runVlan,
  sameMembers,
  type WrittenContext,
} from '../../support/author.js';
import {
  act,
  addConfig,
  addDisk,
  configsOf,
  heldAction,
  jsonOf,
  makeInstance,
  ops,
  refusedWhileHeld,
  rootPass,
  settled,
  settlesIn,
  withProfiles,
} from './common.js';

/**
 * An offline instance with one disk and `count` profiles, each with a vlan interface of its own:
 * an interface is `active` once the instance is booted with its profile, which shows the choice.
 */
async function profilesWithInterfaces(ctx: WrittenContext, count: number) {
  const { kit } = ctx;
  const nodeId = await makeInstance(ctx, {}, true);
  const disk = await addDisk(kit, nodeId);
  const configs: number[] = [];
  for (let i = 0; i < count; i++) {
    // The run's VLANs, one per profile (a label is unique among the instance's interfaces): no new ones.
    const vlan = runVlan(kit.session.config.labelPrefix, i + 1);
    configs.push(
      await addConfig(kit, nodeId, { sda: { disk_id: disk } }).then(async (configId) => {
        const e = await kit.send(ops.addInterface, {
          params: { nodeId, configId },
          body: { purpose: 'vlan', label: vlan },
        });
        if (e.response?.status !== 200)
          kit.skip(`Interface Add refused the vlan interface that shows the booted profile (${e.response?.status})`);
        return configId;
      }),
    );
  }
  return { nodeId, configs };
}

/** The profiles whose interfaces are active. */
async function activeProfiles(kit: Kit, nodeId: number) {
  const { e, items } = await configsOf(kit, nodeId);
  const active = items
    .filter((c) => ((c.interfaces as Record<string, unknown>[] | undefined) ?? []).some((i) => i.active === true))
    .map((c) => c.id);
  return { e, active };
}

async function bootedWith(kit: Kit, nodeId: number, expected: number, why: string, context: string) {
  const { e, active } = await activeProfiles(kit, nodeId);
  kit.check(sameMembers(active, [expected], 'profiles with active interfaces', why, e), context);
}

/** On a new instance with one profile (with interfaces), `steps` boot it without naming a profile: the only one is used. */
async function onlyProfileUsed(
  ctx: WrittenContext,
  steps: (nodeId: number) => Promise<unknown>,
  why: string,
  context: string,
) {
  const only = await profilesWithInterfaces(ctx, 1);
  await steps(only.nodeId);
  await bootedWith(ctx.kit, only.nodeId, only.configs[0] as number, why, context);
}

export async function bootRunning(ctx: WrittenContext) {
  const { kit } = ctx;
  const { nodeId } = await withProfiles(ctx, 1);
  await act(kit, ops.boot, nodeId);
  await settlesIn(kit, nodeId, ['running'], 'Booting an offline instance brings it to running.');
}

export async function bootConfigChoice(ctx: WrittenContext) {
  const { kit } = ctx;
  const { nodeId, configs } = await profilesWithInterfaces(ctx, 2);
  const second = configs[1] as number;
  await act(kit, ops.boot, nodeId, { config_id: second });
  await bootedWith(kit, nodeId, second, 'Boot uses the given `config_id`.', 'boot with config_id');
  await act(kit, ops.shutdown, nodeId);
  await act(kit, ops.boot, nodeId);
  await bootedWith(
    kit,
    nodeId,
    second,
    'Without `config_id`, boot uses the last booted profile.',
    'boot without config_id after booting the second profile',
  );
  await onlyProfileUsed(
    ctx,
    (nodeId) => act(kit, ops.boot, nodeId),
    'Without `config_id`, boot uses the only profile.',
    'boot without config_id, one profile',
  );
}

export async function bootNoConfigRefused(ctx: WrittenContext) {
  const { kit } = ctx;
  const { nodeId } = await withProfiles(ctx, 2);
  const e = await kit.send(ops.boot, { params: { nodeId }, body: {} });
  kit.check(rejectedWith4xx(e), 'boot without config_id, two profiles, none booted');
}

export async function shutdownOffline(ctx: WrittenContext) {
  const { kit } = ctx;
  const nodeId = await makeInstance(ctx);
  await act(kit, ops.shutdown, nodeId);
  await settlesIn(kit, nodeId, ['offline'], 'Shutting down a running instance brings it to offline.');
}

export async function rebootRunning(ctx: WrittenContext) {
  const { kit } = ctx;
  const nodeId = await makeInstance(ctx);
  await act(kit, ops.reboot, nodeId);
  await settlesIn(kit, nodeId, ['running'], 'Rebooting a running instance leaves it running.');
}

export async function rebootConfigChoice(ctx: WrittenContext) {
  const { kit } = ctx;
  const { nodeId, configs } = await profilesWithInterfaces(ctx, 2);
  const second = configs[1] as number;
  await act(kit, ops.boot, nodeId, { config_id: second });
  await act(kit, ops.reboot, nodeId, { config_id: null });
  await bootedWith(
    kit,
    nodeId,
    second,
    'A reboot with `config_id` null uses the last booted profile.',
    'reboot with config_id null',
  );
  await act(kit, ops.reboot, nodeId);
  await bootedWith(
    kit,
    nodeId,
    second,
    'A reboot without `config_id` uses the last booted profile.',
    'reboot without config_id',
  );
  await onlyProfileUsed(
    ctx,
    async (nodeId) => {
      await act(kit, ops.rescue, nodeId, { devices: {} });
      await act(kit, ops.reboot, nodeId);
    },
    'With none booted last, a reboot uses the only profile.',
    'reboot after rescue, one profile',
  );
}

export async function rebootNoConfigRefused(ctx: WrittenContext) {
  const { kit } = ctx;
  const { nodeId } = await withProfiles(ctx, 2);
  // Rescue runs the instance without booting a profile: none is the last booted.
  await act(kit, ops.rescue, nodeId, { devices: {} });
  const e = await kit.send(ops.reboot, { params: { nodeId }, body: {} });
  kit.check(rejectedWith4xx(e), 'reboot without config_id, two profiles, none booted last');
}

/** A running instance busy with a reboot, and a witness rebooted just before it to read back. */
const busy = (ctx: WrittenContext) =>
  heldAction(ctx, ops.reboot, 'the reboot', 'Reboot refused the action that makes the instance busy');

export async function shutdownBusyRefused(ctx: WrittenContext) {
  const { nodeId, held } = await busy(ctx);
  const e = await ctx.kit.send(ops.shutdown, { params: { nodeId } });
  await refusedWhileHeld(ctx.kit, held, e, 'the shut down', 'a shut down while a reboot is running');
}

export async function rebootBusyRefused(ctx: WrittenContext) {
  const { nodeId, held } = await busy(ctx);
  const e = await ctx.kit.send(ops.reboot, { params: { nodeId }, body: {} });
  await refusedWhileHeld(ctx.kit, held, e, 'the second reboot', 'a reboot while a reboot is running');
}

export async function passwordRequiresShutdown(ctx: WrittenContext) {
  const { kit } = ctx;
  const nodeId = await makeInstance(ctx);
  const e = await kit.send(ops.password, { params: { nodeId }, body: { root_pass: rootPass(kit) } });
  kit.check(rejectedWith4xx(e), 'a root password reset of a running instance');
}

/**
 * A disk named in sdh is not mounted: refused outright, or left out, so that it is not in use and a
 * resize of it takes effect (the documents: a resize of a disk in use succeeds but does not happen).
 */
export async function rescueSdhReserved(ctx: WrittenContext) {
  const { kit } = ctx;
  const nodeId = await makeInstance(ctx, {}, true);
  const diskId = await addDisk(kit, nodeId);
  const e = await kit.send(ops.rescue, { params: { nodeId }, body: { devices: { sdh: { disk_id: diskId } } } });
  if (e.response?.status !== 200) {
    kit.check(rejectedWith4xx(e), 'rescue with a disk in sdh');
    return;
  }
  await settled(kit, nodeId);
  const grown = 2048;
  await kit.send(ops.resizeDisk, { params: { nodeId, diskId }, body: { size: grown } });
  await settled(kit, nodeId);
  const disk = await kit.send(ops.viewDisk, { params: { nodeId, diskId } });
  kit.check(
    recordValueEquals(
      jsonOf(disk),
      'size',
      grown,
      'Rescue accepted sdh: the disk named there must not be in use, so its resize takes effect.',
      disk,
    ),
    'resizing the disk named in sdh after the rescue',
  );
}
