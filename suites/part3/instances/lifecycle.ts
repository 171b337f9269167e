// Procedures of the delete clauses (what goes with the instance, when it is refused) and of the tag gate on update.

import {
  conventionalStatus,
  holdActions,
  type Kit,
  listed,
  notListed,
  rejectedWith4xx,
  requireStillHeld,
  type WrittenContext,
} from '../../support/author.js';
import { itemsOf, jsonOf, label, makeInstance, ops, requireBusy, snapshot, track, view } from './common.js';

/** Every instance of the list, over all its pages. */
async function allInstances(kit: Kit) {
  const items: Record<string, unknown>[] = [];
  for (let page = 1; page <= 100; page++) {
    const e = await kit.send(ops.list, { query: { page, page_size: 500 } });
    for (const item of itemsOf(e)) items.push(item);
    const pages = (e.response?.json as { pages?: unknown } | undefined)?.pages;
    if (typeof pages !== 'number' || page >= pages) return { e, items };
  }
  return { items };
}

export async function deleteRemoved(ctx: WrittenContext) {
  const { kit } = ctx;
  const nodeId = await makeInstance(ctx);
  const backupId = await snapshot(kit, nodeId);
  const del = await kit.send(ops.remove, { params: { nodeId } });
  if (del.response?.status !== 200)
    return kit.skip(`Instance Delete refused the delete this clause judges (${del.response?.status})`);
  const list = await allInstances(kit);
  kit.check(notListed(list.items, nodeId, 'the deleted instance', list.e));
  kit.check(rejectedWith4xx(await view(kit, nodeId)), 'viewing the deleted instance');
  kit.check(
    conventionalStatus(await kit.send(ops.disks, { params: { nodeId } }), 404),
    'the disks of the deleted instance',
  );
  kit.check(conventionalStatus(await kit.send(ops.configs, { params: { nodeId } }), 404), 'its profiles');
  const backup = await kit.send(ops.backupView, { params: { nodeId, backupId } });
  kit.check(conventionalStatus(backup, 404), 'its backup');
}

export async function deleteBusyRefused(ctx: WrittenContext) {
  const { kit } = ctx;
  const nodeId = await makeInstance(ctx);
  await holdActions(kit);
  const body = { region: kit.session.config.regions[0], type: kit.session.config.types.at(-1), label: label(kit) };
  const clone = await kit.send(ops.clone, { params: { nodeId }, body });
  track(ctx.fixtures, clone);
  if (clone.response?.status !== 200)
    return kit.skip(`Instance Clone refused the clone that makes the source busy (${clone.response?.status})`);
  // The clone in progress is what makes the source busy: read back once the delete is answered.
  const held = await requireBusy(kit, Number(jsonOf(clone)?.id), 'the clone started');
  const e = await kit.send(ops.remove, { params: { nodeId } });
  await requireStillHeld(kit, [held], 'the delete');
  kit.check(rejectedWith4xx(e), 'deleting an instance that is cloning');
  const list = await allInstances(kit);
  kit.check(listed(list.items, nodeId, 'the instance whose delete was refused', list.e));
}

export async function updateTagsUnrestrictedOnly(ctx: WrittenContext) {
  const { kit } = ctx;
  const nodeId = await makeInstance(ctx, {}, true);
  const user = await kit.session.credential({
    restricted: true,
    grants: { node: [{ id: nodeId, permissions: 'read_write' }] },
  });
  if (!user) return kit.skip('needs a restricted user with chosen grants (use a target with the control interface)');
  const tags = [`${kit.session.config.labelPrefix}-u${kit.session.nextSeed() % 1000}`];
  const e = await kit.send(ops.update, { params: { nodeId }, body: { tags }, token: user.token });
  kit.check(rejectedWith4xx(e), 'a restricted user with read_write on the instance changing its tags');
}
