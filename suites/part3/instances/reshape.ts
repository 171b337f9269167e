// Procedures of the rebuild, resize and migrate clauses: what each does to the instance's disks, type, region and power, and when each is refused.

import {
  conventionalStatus,
  type Exchange,
  instanceStatus,
  type Kit,
  notListed,
  recordValueEquals,
  rejectedWith4xx,
  valueKept,
  type WrittenContext,
} from '../../support/author.js';
import {
  act,
  configsOf,
  disksOf,
  fillAllocation,
  heldAction,
  jsonOf,
  makeInstance,
  ops,
  refusedWhileHeld,
  rootPass,
  settlesIn,
  smallAndLarge,
  view,
  vpcSubnet,
} from './common.js';

const rebuildBody = (kit: Kit, extra: Record<string, unknown> = {}) => ({
  image: kit.session.config.images[0],
  root_pass: rootPass(kit),
  ...extra,
});

export async function rebuildReplaces(ctx: WrittenContext) {
  const { kit } = ctx;
  const nodeId = await makeInstance(ctx);
  const [disks, configs] = [await disksOf(kit, nodeId), await configsOf(kit, nodeId)];
  await act(kit, ops.rebuild, nodeId, rebuildBody(kit));
  const [after, afterConfigs] = [await disksOf(kit, nodeId), await configsOf(kit, nodeId)];
  for (const d of disks.items) kit.check(notListed(after.items, d.id, 'the disk from before the rebuild', after.e));
  for (const c of configs.items)
    kit.check(notListed(afterConfigs.items, c.id, 'the profile from before the rebuild', afterConfigs.e));
}

export async function rebuildBootedDefault(ctx: WrittenContext) {
  const { kit } = ctx;
  const nodeId = await makeInstance(ctx);
  await act(kit, ops.rebuild, nodeId, rebuildBody(kit));
  await settlesIn(
    kit,
    nodeId,
    ['running'],
    'After a rebuild without `booted` the instance is running.',
    'booted omitted',
  );
  await act(kit, ops.rebuild, nodeId, rebuildBody(kit, { booted: false }));
  await settlesIn(kit, nodeId, ['offline'], 'A rebuild with `booted` false leaves the instance off.', 'booted false');
}

export async function rebuildResizesToType(ctx: WrittenContext) {
  const { kit } = ctx;
  const { large } = smallAndLarge(kit);
  const nodeId = await makeInstance(ctx);
  await act(kit, ops.rebuild, nodeId, rebuildBody(kit, { type: large }));
  const e = await view(kit, nodeId);
  kit.check(recordValueEquals(jsonOf(e), 'type', large, 'A rebuild with `type` resizes the instance to it.', e));
}

/** A running instance whose migration (a cold one, in place) is pending, and a witness whose migration started just before. */
const migrating = (ctx: WrittenContext) =>
  heldAction(ctx, ops.migrate, 'the migration', 'Migrate refused the migration this clause needs');

export async function rebuildPendingMigration(ctx: WrittenContext) {
  const { kit } = ctx;
  const { large } = smallAndLarge(kit);
  const { nodeId, held } = await migrating(ctx);
  const e = await kit.send(ops.rebuild, { params: { nodeId }, body: rebuildBody(kit, { type: large }) });
  await refusedWhileHeld(kit, held, e, 'the rebuild', 'a rebuild with type while a migration is pending');
}

export async function resizePendingMigration(ctx: WrittenContext) {
  const { kit } = ctx;
  const { large } = smallAndLarge(kit);
  const { nodeId, held } = await migrating(ctx);
  const e = await kit.send(ops.resize, { params: { nodeId }, body: { type: large } });
  await refusedWhileHeld(kit, held, e, 'the resize', 'a resize while a migration is pending');
}

/** An instance of the largest type whose disks take its whole allocation, more than the cheapest type allows. */
async function full(ctx: WrittenContext): Promise<{ nodeId: number; small: string }> {
  const { small, large } = smallAndLarge(ctx.kit);
  const nodeId = await makeInstance(ctx, { type: large }, true);
  await fillAllocation(ctx.kit, nodeId);
  return { nodeId, small };
}

export async function rebuildDiskAllocation(ctx: WrittenContext) {
  const { kit } = ctx;
  const { nodeId, small } = await full(ctx);
  const e = await kit.send(ops.rebuild, { params: { nodeId }, body: rebuildBody(kit, { type: small }) });
  kit.check(rejectedWith4xx(e), `a rebuild to ${small} of an instance with more disk than ${small} allows`);
}

export async function resizeDiskAllocation(ctx: WrittenContext) {
  const { kit } = ctx;
  const { nodeId, small } = await full(ctx);
  const e = await kit.send(ops.resize, { params: { nodeId }, body: { type: small } });
  kit.check(rejectedWith4xx(e), `a resize to ${small} of an instance with more disk than ${small} allows`);
}

/** Statuses seen while an action runs, polled until it settles. */
async function statusesUntilSettled(kit: Kit, nodeId: number): Promise<{ seen: string[]; last?: Exchange }> {
  const seen: string[] = [];
  let last: Exchange | undefined;
  for (let i = 0; i < 600; i++) {
    last = await view(kit, nodeId);
    const status = String(jsonOf(last)?.status);
    seen.push(status);
    if (status === 'running' || status === 'offline') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { seen, ...(last ? { last } : {}) };
}

/** A resize or migration of a running instance ends with it running; a warm one is never seen powered down. */
async function staysUp(ctx: WrittenContext, send: (nodeId: number) => Promise<Exchange>, warm: boolean, why: string) {
  const { kit } = ctx;
  const nodeId = await makeInstance(ctx);
  const e = await send(nodeId);
  if (e.response?.status !== 200) return kit.skip(`the request this clause needs was refused (${e.response?.status})`);
  const { seen, last } = await statusesUntilSettled(kit, nodeId);
  if (warm) {
    const down = seen.filter((s) => s === 'offline' || s === 'shutting_down');
    kit.check(instanceStatus(down.length ? down[0] : 'running', ['running'], why, last), 'while the migration runs');
  }
  kit.check(instanceStatus(seen.at(-1), ['running'], why, last), 'once it completes');
}

export async function resizeColdDefault(ctx: WrittenContext) {
  const { large } = smallAndLarge(ctx.kit);
  await staysUp(
    ctx,
    (nodeId) => ctx.kit.send(ops.resize, { params: { nodeId }, body: { type: large } }),
    false,
    'A cold resize powers the instance on again.',
  );
}

export async function resizeWarmStaysUp(ctx: WrittenContext) {
  const { large } = smallAndLarge(ctx.kit);
  const body = { type: large, migration_type: 'warm' };
  await staysUp(
    ctx,
    (nodeId) => ctx.kit.send(ops.resize, { params: { nodeId }, body }),
    true,
    'A warm resize keeps the instance up.',
  );
}

export async function migrateColdDefault(ctx: WrittenContext) {
  const { kit } = ctx;
  await staysUp(
    ctx,
    (nodeId) => kit.send(ops.migrate, { params: { nodeId }, body: {} }),
    false,
    'A cold migration boots the instance again.',
  );
  // One that was off is not booted by the migration.
  const off = await makeInstance(ctx, { booted: false });
  await act(kit, ops.migrate, off, {});
  await settlesIn(
    kit,
    off,
    ['offline'],
    'A cold migration boots again only an instance it shut down.',
    'an offline instance',
  );
}

export async function migrateWarmStaysUp(ctx: WrittenContext) {
  const body = { type: 'warm' };
  await staysUp(
    ctx,
    (nodeId) => ctx.kit.send(ops.migrate, { params: { nodeId }, body }),
    true,
    'A warm migration does not power the instance down.',
  );
}

function otherRegion(kit: Kit): string {
  const region = kit.session.config.regions[1];
  return region ?? kit.skip('needs two regions of the target (run configuration)');
}

export async function migrateToRegion(ctx: WrittenContext) {
  const { kit } = ctx;
  const region = otherRegion(kit);
  const nodeId = await makeInstance(ctx);
  await act(kit, ops.migrate, nodeId, { region });
  const e = await view(kit, nodeId);
  kit.check(recordValueEquals(jsonOf(e), 'region', region, 'A migration with `region` moves the instance there.', e));
}

/** Sends a migration that must be refused, then checks the instance kept its region. */
async function refusedMigration(ctx: WrittenContext, nodeId: number, body: Record<string, unknown>, context: string) {
  const { kit } = ctx;
  const before = jsonOf(await view(kit, nodeId))?.region;
  const e = await kit.send(ops.migrate, { params: { nodeId }, body });
  kit.check(rejectedWith4xx(e), context);
  const after = await view(kit, nodeId);
  kit.check(
    valueKept(jsonOf(after)?.region, before, 'region', 'A refused migration does not move the instance.', after),
    context,
  );
  return e;
}

export async function migrateUpgradeUnavailable(ctx: WrittenContext) {
  const { kit } = ctx;
  const region = otherRegion(kit);
  // The run's types are current ones, which have no free upgrade.
  const nodeId = await makeInstance(ctx);
  const e = await refusedMigration(ctx, nodeId, { region, upgrade: true }, 'upgrade true without a free upgrade');
  kit.check(conventionalStatus(e, 400), 'the documents name HTTP 400 for it');
}

export async function migrateOneAtATime(ctx: WrittenContext) {
  const { nodeId, held } = await migrating(ctx);
  const e = await ctx.kit.send(ops.migrate, { params: { nodeId }, body: {} });
  await refusedWhileHeld(ctx.kit, held, e, 'the second migration', 'a migration while another is queued');
}

export async function migrateWarmNotCrossRegion(ctx: WrittenContext) {
  const region = otherRegion(ctx.kit);
  const nodeId = await makeInstance(ctx);
  await refusedMigration(ctx, nodeId, { region, type: 'warm' }, 'a warm migration to another region');
}

export async function migrateVpcNotCrossRegion(ctx: WrittenContext) {
  const region = otherRegion(ctx.kit);
  const subnet_id = await vpcSubnet(ctx, { label: 'migrate', ipv4: '10.42.0.0/24' });
  const nodeId = await makeInstance(ctx, { interfaces: [{ purpose: 'vpc', subnet_id }] });
  await refusedMigration(ctx, nodeId, { region }, 'a cross-region migration of an instance with a vpc interface');
}
