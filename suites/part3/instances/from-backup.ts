// Procedures of the clauses on creating an instance from a backup (`backup_id`): who may, which backups qualify, and what the new instance gets.

import { holdActions, type Kit, rejectedWith4xx, sameMembers, type WrittenContext } from '../../support/author.js';
import {
  configsOf,
  disksOf,
  fillAllocation,
  instanceBody,
  makeInstance,
  refusedWhileHeld,
  requireBackupInProgress,
  sendCreate,
  settled,
  settlesIn,
  smallAndLarge,
  snapshot,
} from './common.js';

/** An instance from the run's image and a finished snapshot of it. */
async function backedUp(ctx: WrittenContext, extra: Record<string, unknown> = {}) {
  const nodeId = await makeInstance(ctx, extra);
  const backupId = await snapshot(ctx.kit, nodeId);
  await settled(ctx.kit, nodeId);
  return { nodeId, backupId };
}

/** A create body from a backup: no image, so no root_pass either. */
const fromBackup = (kit: Kit, backupId: number, extra: Record<string, unknown> = {}) =>
  instanceBody(kit, { backup_id: backupId, ...extra }, true);

export async function backupSourceReadWrite(ctx: WrittenContext) {
  const { kit } = ctx;
  const { nodeId, backupId } = await backedUp(ctx);
  const user = await kit.session.credential({
    restricted: true,
    grants: { global: { add_nodes: true }, node: [{ id: nodeId, permissions: 'read_only' }] },
  });
  if (!user) return kit.skip('needs a restricted user with chosen grants (use a target with the control interface)');
  const e = await sendCreate(ctx, fromBackup(kit, backupId), user.token);
  kit.check(rejectedWith4xx(e), 'a restricted user with only read_only on the instance the backup belongs to');
}

export async function backupSuccessfulOnly(ctx: WrittenContext) {
  const { kit } = ctx;
  const nodeId = await makeInstance(ctx);
  await holdActions(kit);
  // A snapshot taking place: its status is not yet `successful`, read back once the create is answered.
  const backupId = await snapshot(kit, nodeId);
  const held = await requireBackupInProgress(kit, nodeId, backupId, 'the snapshot');
  const e = await sendCreate(ctx, fromBackup(kit, backupId));
  await refusedWhileHeld(kit, held, e, 'the create', `a backup whose status reads ${JSON.stringify(held.shown)}`);
}

export async function backupSameRegion(ctx: WrittenContext) {
  const { kit } = ctx;
  const other = kit.session.config.regions[1];
  if (!other) return kit.skip('needs two regions of the target (run configuration)');
  const { backupId } = await backedUp(ctx);
  const e = await sendCreate(ctx, fromBackup(kit, backupId, { region: other }));
  kit.check(rejectedWith4xx(e), 'a backup from another region');
}

export async function backupTypeLargeEnough(ctx: WrittenContext) {
  const { kit } = ctx;
  const { small, large } = smallAndLarge(kit);
  const nodeId = await makeInstance(ctx, { type: large }, true);
  await fillAllocation(kit, nodeId);
  const backupId = await snapshot(kit, nodeId);
  await settled(kit, nodeId);
  const e = await sendCreate(ctx, fromBackup(kit, backupId, { type: small }));
  kit.check(rejectedWith4xx(e), `a backup of a full ${large} deployed to a ${small}`);
}

const labelsOf = (items: Record<string, unknown>[]) => items.map((i) => i.label);
const diskShape = (items: Record<string, unknown>[]) => items.map((d) => ({ label: d.label, size: d.size }));

export async function backupDisksMatch(ctx: WrittenContext) {
  const { kit } = ctx;
  const { nodeId, backupId } = await backedUp(ctx);
  const copy = await makeInstance(ctx, { backup_id: backupId, image: undefined, root_pass: undefined });
  const [disks, copied] = [await disksOf(kit, nodeId), await disksOf(kit, copy)];
  kit.check(
    sameMembers(
      diskShape(copied.items),
      diskShape(disks.items),
      'disks (label, size)',
      "An instance from a backup gets the disks of the backup's source.",
      copied.e,
    ),
  );
  const [configs, copiedConfigs] = [await configsOf(kit, nodeId), await configsOf(kit, copy)];
  kit.check(
    sameMembers(
      labelsOf(copiedConfigs.items),
      labelsOf(configs.items),
      'profile labels',
      "An instance from a backup gets the profiles of the backup's source.",
      copiedConfigs.e,
    ),
  );
}

export async function backupRunning(ctx: WrittenContext) {
  const { kit } = ctx;
  const { backupId } = await backedUp(ctx);
  const copy = await makeInstance(ctx, { backup_id: backupId, image: undefined, root_pass: undefined });
  await settlesIn(kit, copy, ['running'], 'An instance created from a backup is running once provisioned.');
}
