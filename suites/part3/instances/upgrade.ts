// Procedures of Instance Upgrade (mutate), on instances of the deprecated type the run's configuration names: which instances have an upgrade, the restart of a running one, and the refusal while busy.

import {
  acceptedWith2xx,
  holdActions,
  instanceStatus,
  rejectedWith4xx,
  typeUpgraded,
  type WrittenContext,
} from '../../support/author.js';
import {
  busyStatus,
  jsonOf,
  makeInstance,
  makeWitness,
  opOf,
  ops,
  refusedWhileHeld,
  requireBusy,
  settled,
  startWitness,
} from './common.js';

const MUTATE = opOf('instances/mutate');

/** A new instance of the run's deprecated type, running from an image unless `empty`; skips without one. */
async function deprecatedInstance(ctx: WrittenContext, empty = false): Promise<{ nodeId: number; type: string }> {
  const type = ctx.kit.session.config.deprecatedTypes?.[0];
  if (!type) return ctx.kit.skip('needs a deprecated instance type the target still creates (--deprecated-type)');
  return { nodeId: await makeInstance(ctx, { type }, empty), type };
}

const upgrade = (ctx: WrittenContext, nodeId: number) => ctx.kit.send(MUTATE, { params: { nodeId }, body: {} });

/** An instance of a current type has no upgrade; one of the deprecated type is upgraded and leaves that type. */
export async function deprecatedTypeOnly(ctx: WrittenContext) {
  const { kit } = ctx;
  const { nodeId, type } = await deprecatedInstance(ctx, true);
  const current = await makeInstance(ctx, {}, true);
  kit.check(rejectedWith4xx(await upgrade(ctx, current)), 'an upgrade of an instance of a current type');
  if (!kit.check(acceptedWith2xx(await upgrade(ctx, nodeId)), `an upgrade of an instance of ${type}`)) return;
  const { e } = await settled(kit, nodeId);
  kit.check(typeUpgraded(jsonOf(e)?.type, type, e), `the instance once its upgrade from ${type} completes`);
}

/**
 * A running instance upgraded is running again once the upgrade completes; with actions that take
 * time, it is seen restarting while the upgrade goes on, which a witness rebooted just before the
 * upgrade shows (read after the instance: still rebooting, so the upgrade had not ended either).
 */
export async function restartsIfRunning(ctx: WrittenContext) {
  const { kit } = ctx;
  const delay = await kit.session.actionDelayMs();
  const witness = delay ? await makeWitness(ctx) : undefined;
  const { nodeId, type } = await deprecatedInstance(ctx);
  if (witness !== undefined) await startWitness(kit, witness, ops.reboot);
  if (!kit.check(acceptedWith2xx(await upgrade(ctx, nodeId)), `an upgrade of a running instance of ${type}`)) return;
  if (witness !== undefined) {
    const e = await kit.send(ops.view, { params: { nodeId } });
    const why = 'An upgraded instance that was running is restarted: it is not running while the upgrade goes on.';
    // A witness no longer busy: the upgrade may have ended before its status was read, which then judges nothing.
    if (busyStatus(jsonOf(await kit.send(ops.view, { params: { nodeId: witness } }))?.status))
      kit.check(
        instanceStatus(jsonOf(e)?.status, ['rebooting', 'booting', 'resizing'], why, e),
        'as the upgrade starts',
      );
  }
  const { e, status } = await settled(kit, nodeId);
  const why = 'An upgraded instance that was running is restarted: it runs again once the upgrade completes.';
  kit.check(instanceStatus(status, ['running'], why, e), 'once the upgrade completes');
}

/** An upgrade while a reboot of the instance is under way is refused; a witness rebooted just before shows the reboot still held. */
export async function busyRefused(ctx: WrittenContext) {
  const { kit } = ctx;
  const witness = await makeWitness(ctx);
  const { nodeId } = await deprecatedInstance(ctx);
  await holdActions(kit);
  await startWitness(kit, witness, ops.reboot);
  const reboot = await kit.send(ops.reboot, { params: { nodeId }, body: {} });
  if (reboot.response?.status !== 200) {
    return kit.skip(`Reboot refused the action that makes the instance busy (${reboot.response?.status})`);
  }
  await requireBusy(kit, nodeId, 'the reboot');
  const held = await requireBusy(kit, witness, 'the reboot of the witness');
  const e = await upgrade(ctx, nodeId);
  await refusedWhileHeld(kit, held, e, 'the upgrade', 'an upgrade while a reboot is running');
}
