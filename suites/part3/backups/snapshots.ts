// Procedures of snapshot replacement and backup cancel: the backups they remove can no longer be viewed.

import { opOf } from '../../conventions/sample.js';
import { acceptedWith2xx, type Exchange, gone, type Kit, type WrittenContext } from '../../support/author.js';
import { addDisk, type Json, jsonOf, newInstance, pollUntil, runLabel } from './nodes.js';

/** Every object with a numeric `id` in an answer whose shape is not shown (the backups list). */
export function idsIn(value: unknown, found: number[] = []): number[] {
  if (Array.isArray(value)) for (const v of value) idsIn(v, found);
  else if (value && typeof value === 'object') {
    const id = (value as Json).id;
    if (typeof id === 'number') found.push(id);
    for (const v of Object.values(value)) if (v && typeof v === 'object') idsIn(v, found);
  }
  return found;
}

/** The object with this label in an answer whose shape is not shown. */
function labelled(value: unknown, label: string): Json | undefined {
  if (Array.isArray(value)) return value.map((v) => labelled(v, label)).find(Boolean);
  if (!value || typeof value !== 'object') return undefined;
  if ((value as Json).label === label) return value as Json;
  return Object.values(value)
    .map((v) => labelled(v, label))
    .find(Boolean);
}

const listBackups = (kit: Kit, nodeId: number) => kit.send(opOf('backups/list'), { params: { nodeId } });

export const viewBackup = (kit: Kit, nodeId: number, backupId: number) =>
  kit.send(opOf('backups/view'), { params: { nodeId, backupId } });

/** Takes a snapshot; its id from the answer, else from the backups list by its label; skips when neither shows it. */
export async function snapshot(kit: Kit, nodeId: number): Promise<{ id: number; e: Exchange }> {
  const label = runLabel(kit, 'snap');
  const e = await kit.send(opOf('backups/snapshot'), { params: { nodeId }, body: { label } });
  if (!kit.check(acceptedWith2xx(e), `snapshot of instance ${nodeId}`)) kit.skip('no snapshot could be taken');
  const shown = jsonOf(e)?.id;
  const id = typeof shown === 'number' ? shown : labelled(jsonOf(await listBackups(kit, nodeId)), label)?.id;
  if (typeof id !== 'number') return kit.skip('the snapshot taken shows no id, in its answer or in the backups list');
  return { id, e };
}

/** Waits until the backup reads `successful`; skips when it never does. */
export async function successful(kit: Kit, nodeId: number, backupId: number): Promise<void> {
  const e = await pollUntil(
    () => kit.session.send(opOf('backups/view'), { params: { nodeId, backupId } }),
    (x) => jsonOf(x)?.status === 'successful',
  );
  if (jsonOf(e)?.status !== 'successful') kit.skip(`backup ${backupId} never completed successfully`);
}

/** An instance with one disk, so that its backups hold something. */
export async function instanceWithDisk(ctx: WrittenContext, extra: Json = {}): Promise<number> {
  const nodeId = await newInstance(ctx, extra);
  await addDisk(ctx, nodeId);
  return nodeId;
}

export async function snapshotReplaces(ctx: WrittenContext) {
  const { kit } = ctx;
  const nodeId = await instanceWithDisk(ctx);
  const first = await snapshot(kit, nodeId);
  const second = await snapshot(kit, nodeId);
  if (second.id === first.id) return kit.skip('the second snapshot got the id of the first');
  kit.check(
    gone(
      await viewBackup(kit, nodeId, first.id),
      `the former snapshot ${first.id}`,
      'A new snapshot deletes any existing snapshot of the instance.',
    ),
    `after snapshot ${second.id}`,
  );
}

export async function cancelDeletesAll(ctx: WrittenContext) {
  const { kit } = ctx;
  const nodeId = await instanceWithDisk(ctx);
  const enable = await kit.send(opOf('backups/enable'), { params: { nodeId } });
  if (!kit.check(acceptedWith2xx(enable), 'enabling backups')) return;
  const taken = await snapshot(kit, nodeId);
  const before = new Set([taken.id, ...idsIn(jsonOf(await listBackups(kit, nodeId)))]);
  const cancel = await kit.send(opOf('backups/cancel'), { params: { nodeId } });
  if (!kit.check(acceptedWith2xx(cancel), 'cancelling backups')) return;
  for (const backupId of before) {
    const why = 'Cancelling the backup service deletes every backup of the instance permanently.';
    kit.check(gone(await viewBackup(kit, nodeId, backupId), `backup ${backupId}`, why), 'after the cancel');
  }
}
