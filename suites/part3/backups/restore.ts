// Procedures of Backup Restore: its conditions (successful backup, same region, idle target, free space, grants) and its effects on the target.

import { opOf } from '../../conventions/sample.js';
import {
  acceptedWith2xx,
  holdActions,
  includesAll,
  includesNone,
  type Kit,
  rejectedWith4xx,
  requireStillHeld,
  type WrittenContext,
} from '../../support/author.js';
import { requireBackupInProgress } from '../instances/common.js';
import { addConfig, addDisk, idsOf, imageInstance, listAll, newInstance, settle } from './nodes.js';
import { instanceWithDisk, snapshot, successful } from './snapshots.js';

interface Source {
  nodeId: number;
  backupId: number;
}

/** An instance with one disk and a snapshot of it that completed successfully. */
async function readyBackup(ctx: WrittenContext, extra = {}): Promise<Source> {
  const nodeId = await instanceWithDisk(ctx, extra);
  const { id } = await snapshot(ctx.kit, nodeId);
  await successful(ctx.kit, nodeId, id);
  return { nodeId, backupId: id };
}

function restore(kit: Kit, from: Source, target: number, overwrite: boolean, token?: string) {
  return kit.send(opOf('backups/restore'), {
    params: { nodeId: from.nodeId, backupId: from.backupId },
    body: { node_id: target, overwrite },
    ...(token ? { token } : {}),
  });
}

export async function requiresSuccessful(ctx: WrittenContext) {
  const { kit } = ctx;
  const nodeId = await instanceWithDisk(ctx);
  const target = await newInstance(ctx);
  await holdActions(kit);
  const { id } = await snapshot(kit, nodeId);
  const held = await requireBackupInProgress(kit, nodeId, id, 'the snapshot');
  const e = await restore(kit, { nodeId, backupId: id }, target, false);
  await requireStillHeld(kit, [held], 'the restore');
  kit.check(rejectedWith4xx(e), `restoring snapshot ${id} while its status reads ${JSON.stringify(held.shown)}`);
}

export async function sameRegion(ctx: WrittenContext) {
  const { kit } = ctx;
  const [here, elsewhere] = kit.session.config.regions;
  if (!elsewhere) return kit.skip('needs a second region of the target (run configuration)');
  const from = await readyBackup(ctx, { region: here });
  const target = await newInstance(ctx, { region: elsewhere });
  const e = await restore(kit, from, target, false);
  kit.check(rejectedWith4xx(e), `restoring a backup of ${here} onto instance ${target} in ${elsewhere}`);
}

export async function targetNotBackingUp(ctx: WrittenContext) {
  const { kit } = ctx;
  const from = await readyBackup(ctx);
  const target = await instanceWithDisk(ctx);
  await holdActions(kit);
  const own = await snapshot(kit, target);
  const held = await requireBackupInProgress(kit, target, own.id, "the target's snapshot");
  const e = await restore(kit, from, target, false);
  await requireStillHeld(kit, [held], 'the restore');
  kit.check(rejectedWith4xx(e), `restoring onto instance ${target} while its snapshot ${own.id} is being taken`);
}

export async function disksOnTarget(ctx: WrittenContext) {
  const { kit } = ctx;
  const from = await readyBackup(ctx);
  const source = await idsOf(kit, 'disks/list', from.nodeId);
  const target = await newInstance(ctx);
  const before = await idsOf(kit, 'disks/list', target);
  if (!kit.check(acceptedWith2xx(await restore(kit, from, target, false)), `restore onto instance ${target}`)) return;
  await settle(kit, target);
  const after = await listDisks(kit, target);
  const added = after.items.filter((d) => !before.ids.includes(d.id));
  const why = 'A restore puts the disks of the backup on the target instance.';
  const what = `disks added to instance ${target}`;
  kit.check(includesAll([added.length], [source.ids.length], `${what} (count)`, why, after.last));
  const labels = await sourceLabels(kit, from.nodeId);
  if (labels.length)
    kit.check(
      includesAll(
        added.map((d) => d.label),
        labels,
        `${what} (labels)`,
        why,
        after.last,
      ),
    );
}

const listDisks = (kit: Kit, nodeId: number) => listAll(kit, 'disks/list', { nodeId });

/** The labels of the source's disks, where the records show labels. */
async function sourceLabels(kit: Kit, nodeId: number): Promise<unknown[]> {
  const { items } = await listDisks(kit, nodeId);
  return items.map((d) => d.label).filter((l) => typeof l === 'string');
}

export async function overwriteDeletes(ctx: WrittenContext) {
  const { kit } = ctx;
  const from = await readyBackup(ctx);
  const target = await newInstance(ctx);
  await addDisk(ctx, target);
  await addConfig(ctx, target);
  const disks = await idsOf(kit, 'disks/list', target);
  const configs = await idsOf(kit, 'configs/list', target);
  if (!kit.check(acceptedWith2xx(await restore(kit, from, target, true)), `overwrite restore onto ${target}`)) return;
  await settle(kit, target);
  const why = 'A restore with overwrite true first deletes every disk and configuration profile of the target.';
  const disksAfter = await idsOf(kit, 'disks/list', target);
  kit.check(includesNone(disksAfter.ids, disks.ids, `disks of instance ${target}`, why, disksAfter.last));
  const configsAfter = await idsOf(kit, 'configs/list', target);
  kit.check(includesNone(configsAfter.ids, configs.ids, `profiles of instance ${target}`, why, configsAfter.last));
}

/**
 * The target is deployed from an image, whose disks take all the storage of its type. The documents
 * show neither the status nor the reason text of the insufficient-space error: what is judged is the
 * refusal (the same restore onto an instance with room is accepted: `disksOnTarget`).
 */
export async function insufficientSpace(ctx: WrittenContext) {
  const { kit } = ctx;
  const from = await readyBackup(ctx);
  const target = await imageInstance(ctx);
  const e = await restore(kit, from, target, false);
  kit.check(
    rejectedWith4xx(e),
    `restoring onto instance ${target}, whose disks take all its storage, without overwrite`,
  );
}

/** A restricted user with read_write on the source and read_only on the target. */
export async function targetGrant(ctx: WrittenContext) {
  const { kit } = ctx;
  const from = await readyBackup(ctx);
  const target = await newInstance(ctx);
  const grants = {
    node: [
      { id: from.nodeId, permissions: 'read_write' },
      { id: target, permissions: 'read_only' },
    ],
  };
  const user = await kit.session.credential({ restricted: true, grants });
  if (!user) return kit.skip('needs a restricted user with chosen grants (the control interface)');
  const e = await restore(kit, from, target, false, user.token);
  kit.check(rejectedWith4xx(e), `restore by a restricted user with read_only on target ${target}`);
}
