// Procedures of Instance Upgrade (mutate), on instances of the deprecated type the run's configuration names: which instances have an upgrade, the restart of a running one, and the refusal while busy.

import {
  acceptedWith2xx,
  holdActions,
  instanceStatus,
  rejectedWith4xx,
  typeUpgraded,
  type WrittenContext,
} from '../../support/author.js';
import { jsonOf, makeInstance, opOf, ops, requireBusy, settled } from './common.js';

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

/** A running instance upgraded is running again once the upgrade completes; with actions that take time, it is seen restarting. */
export async function restartsIfRunning(ctx: WrittenContext) {
  const { kit } = ctx;
  const { nodeId, type } = await deprecatedInstance(ctx);
  if (!kit.check(acceptedWith2xx(await upgrade(ctx, nodeId)), `an upgrade of a running instance of ${type}`)) return;
  const delay = await kit.session.actionDelayMs();
  if (delay) {
    const e = await kit.send(ops.view, { params: { nodeId } });
    const why = 'An upgraded instance that was running is restarted: it is not running while the upgrade goes on.';
    kit.check(instanceStatus(jsonOf(e)?.status, ['rebooting', 'booting', 'resizing'], why, e), 'as the upgrade starts');
  }
  const { e, status } = await settled(kit, nodeId);
  const why = 'An upgraded instance that was running is restarted: it runs again once the upgrade completes.';
  kit.check(instanceStatus(status, ['running'], why, e), 'once the upgrade completes');
}

/** An upgrade while a reboot of the instance is under way is refused. */
export async function busyRefused(ctx: WrittenContext) {
  const { kit } = ctx;
  const { nodeId } = await deprecatedInstance(ctx);
  await holdActions(kit);
  const reboot = await kit.send(ops.reboot, { params: { nodeId }, body: {} });
  if (reboot.response?.status !== 200) {
    return kit.skip(`Reboot refused the action that makes the instance busy (${reboot.response?.status})`);
  }
  await requireBusy(kit, nodeId, 'the reboot');
  kit.check(rejectedWith4xx(await upgrade(ctx, nodeId)), 'an upgrade while a reboot is running');
}
