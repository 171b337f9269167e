// Procedures of the clone clauses: which profiles and disks a clone copies, what it copies besides, and the targets it refuses.

import {
  conventionalStatus,
  type Exchange,
  type HeldState,
  holdActions,
  type Kit,
  rejectedWith4xx,
  requireStillHeld,
  sameMembers,
  valueKept,
  type WrittenContext,
} from '../../support/author.js';
import {
  addConfig,
  addDisk,
  CLOUD_CONFIG,
  configsOf,
  disksOf,
  fillAllocation,
  holdOn,
  itemsOf,
  type Json,
  jsonOf,
  label,
  makeInstance,
  opOf,
  ops,
  refusedWhileHeld,
  requireBusy,
  settled,
  smallAndLarge,
  track,
  view,
  vpcSubnet,
} from './common.js';

/**
 * A source built by hand (an image deploy may take the whole allocation): a main profile on a
 * root and a swap disk, a second profile on a disk of its own, and a loose disk in no profile.
 */
async function source(ctx: WrittenContext) {
  const { kit } = ctx;
  const nodeId = await makeInstance(ctx, {}, true);
  const root = await addDisk(kit, nodeId, 1024, { label: 'root' });
  const swap = await addDisk(kit, nodeId, 512, { label: 'swap', filesystem: 'swap' });
  const defaultProfile = await addConfig(kit, nodeId, { sda: { disk_id: root }, sdb: { disk_id: swap } });
  const ownDisk = await addDisk(kit, nodeId, 1024, { label: 'second-profile' });
  const second = await addConfig(kit, nodeId, { sda: { disk_id: ownDisk } });
  const loose = await addDisk(kit, nodeId, 1024, { label: 'loose' });
  await settled(kit, nodeId);
  return { nodeId, defaultProfile, profileDisks: ['root', 'swap'], second, loose };
}

/** Clones to a new instance in the run's region; the clone's id (deleted at the end), or a skip when refused. */
async function cloneNew(ctx: WrittenContext, nodeId: number, extra: Json = {}): Promise<number> {
  const { kit } = ctx;
  const body = {
    region: kit.session.config.regions[0],
    type: kit.session.config.types.at(-1),
    label: label(kit),
    ...extra,
  };
  const e = await kit.send(ops.clone, { params: { nodeId }, body });
  track(ctx.fixtures, e);
  const id = jsonOf(e)?.id;
  if (e.response?.status !== 200 || typeof id !== 'number')
    return kit.skip(`Instance Clone refused the clone this clause judges (${e.response?.status ?? 'no answer'})`);
  await settled(kit, id);
  return id;
}

async function cloned(kit: Kit, nodeId: number) {
  const [disks, configs] = [await disksOf(kit, nodeId), await configsOf(kit, nodeId)];
  return {
    disks,
    configs,
    diskLabels: disks.items.map((d) => d.label),
    configLabels: configs.items.map((c) => c.label),
  };
}

type Cloned = Awaited<ReturnType<typeof cloned>>;

/** Checks that an instance holds exactly the profiles of these labels. */
const profilesAre = (kit: Kit, copy: Cloned, labels: unknown[], why: string, context?: string) =>
  kit.check(sameMembers(copy.configLabels, labels, 'profiles', why, copy.configs.e), context);

/** Checks that an instance holds exactly the disks of these labels. */
const disksAre = (kit: Kit, copy: Cloned, labels: unknown[], why: string, context?: string) =>
  kit.check(sameMembers(copy.diskLabels, labels, 'disks', why, copy.disks.e), context);

export async function configsAbsent(ctx: WrittenContext) {
  const { kit } = ctx;
  const src = await source(ctx);
  const all = await cloned(kit, src.nodeId);
  const copy = await cloned(kit, await cloneNew(ctx, src.nodeId, { disks: [src.loose] }));
  profilesAre(kit, copy, all.configLabels, 'Without `configs`, every profile is cloned.');
  disksAre(kit, copy, all.diskLabels, 'Every profile is cloned with its disks, plus the listed disks.');
}

export async function configsEmpty(ctx: WrittenContext) {
  const { kit } = ctx;
  const src = await source(ctx);
  const copy = await cloned(kit, await cloneNew(ctx, src.nodeId, { configs: [], disks: [src.loose] }));
  profilesAre(kit, copy, [], 'An empty `configs` clones no profile.');
  disksAre(kit, copy, ['loose'], 'An empty `configs` still clones the listed disks.');
}

export async function configsListed(ctx: WrittenContext) {
  const { kit } = ctx;
  const src = await source(ctx);
  const all = await cloned(kit, src.nodeId);
  const copy = await cloned(kit, await cloneNew(ctx, src.nodeId, { configs: [src.second], disks: [src.loose] }));
  const secondLabel = all.configs.items.find((c) => c.id === src.second)?.label;
  profilesAre(kit, copy, [secondLabel], 'A clone with `configs` clones the listed profiles.');
  disksAre(kit, copy, ['second-profile', 'loose'], 'The listed profiles come with their disks, plus the listed disks.');
}

export async function noExtraDisks(ctx: WrittenContext) {
  const { kit } = ctx;
  const src = await source(ctx);
  const absent = await cloned(kit, await cloneNew(ctx, src.nodeId, { configs: [src.defaultProfile] }));
  disksAre(
    kit,
    absent,
    src.profileDisks,
    'Without `disks`, only the disks of the selected profiles are cloned.',
    'disks absent',
  );
  const empty = await cloned(kit, await cloneNew(ctx, src.nodeId, { configs: [src.defaultProfile], disks: [] }));
  disksAre(kit, empty, src.profileDisks, 'An empty `disks` adds no disks beyond the selected profiles.', 'disks empty');
}

export async function tagsCloned(ctx: WrittenContext) {
  const { kit } = ctx;
  const tag = `${kit.session.config.labelPrefix}-tag${kit.session.nextSeed() % 1000}`;
  ctx.fixtures.track(opOf('tags/delete'), { tagLabel: tag });
  const nodeId = await makeInstance(ctx, { tags: [tag] });
  const copy = await cloneNew(ctx, nodeId);
  const e = await view(kit, copy);
  const tags = (jsonOf(e)?.tags as unknown[] | undefined) ?? [];
  kit.check(sameMembers(tags, [tag], 'tags of the clone', 'The tags of the source instance are cloned.', e));
}

/** Clones into an existing instance; the answer. */
const cloneInto = (kit: Kit, nodeId: number, target: number, extra: Json = {}) =>
  kit.send(ops.clone, { params: { nodeId }, body: { node_id: target, ...extra } });

/** An empty instance with a disk and a profile booting it, offline: ready to boot. */
async function bootable(ctx: WrittenContext): Promise<number> {
  const nodeId = await makeInstance(ctx, {}, true);
  const disk = await addDisk(ctx.kit, nodeId);
  await addConfig(ctx.kit, nodeId, { sda: { disk_id: disk } });
  return nodeId;
}

export async function targetIdle(ctx: WrittenContext) {
  const { kit } = ctx;
  // Both small, so that nothing but the target's action can stand in the way.
  const nodeId = await makeInstance(ctx, {}, true);
  const target = await bootable(ctx);
  // Booted just before the target, the witness shows the boot still held once the clone is answered.
  const witness = await bootable(ctx);
  const ids = { nodeId: target, witness };
  const held = await holdOn(kit, ops.boot, ids, 'the boot', 'Boot refused the action that makes the target busy');
  const e = await cloneInto(kit, nodeId, target);
  await refusedWhileHeld(kit, held, e, 'the clone', 'a clone into an instance that is booting');
}

export async function targetEnoughResources(ctx: WrittenContext) {
  const { kit } = ctx;
  const { small } = smallAndLarge(kit);
  const nodeId = await makeInstance(ctx);
  const target = await makeInstance(ctx, { type: small }, true);
  await fillAllocation(kit, target);
  kit.check(
    rejectedWith4xx(await cloneInto(kit, nodeId, target)),
    'a clone into an instance whose disks fill its allocation',
  );
}

export async function userDataRequired(ctx: WrittenContext) {
  const { kit } = ctx;
  const nodeId = await makeInstance(ctx, { metadata: { user_data: CLOUD_CONFIG } });
  const body = { region: kit.session.config.regions[0], type: kit.session.config.types.at(-1), label: label(kit) };
  const e = await kit.send(ops.clone, { params: { nodeId }, body });
  track(ctx.fixtures, e);
  kit.check(rejectedWith4xx(e), 'a clone to a new instance, without metadata.user_data, of a source with user data');
}

export async function newOnlyFields(ctx: WrittenContext) {
  const { kit } = ctx;
  const { large } = smallAndLarge(kit);
  const region = kit.session.config.regions[1];
  const nodeId = await makeInstance(ctx);
  const target = await makeInstance(ctx, {}, true);
  const before = jsonOf(await view(kit, target)) ?? {};
  const newOnly = {
    type: large,
    label: label(kit),
    backups_enabled: true,
    private_ip: true,
    ...(region ? { region } : {}),
  };
  await cloneInto(kit, nodeId, target, newOnly);
  await settled(kit, target);
  const after = await view(kit, target);
  const record = jsonOf(after) ?? {};
  const why = 'An existing clone target keeps its own values of the new-instance fields.';
  for (const field of ['region', 'type', 'label'])
    kit.check(valueKept(record[field], before[field], field, why, after), `after a clone with ${field}`);
  const enrolled = (r: Json) => (r.backups as { enabled?: unknown } | undefined)?.enabled;
  kit.check(
    valueKept(enrolled(record), enrolled(before), 'backups.enabled', why, after),
    'after a clone with backups_enabled',
  );
  const ips = await kit.send(ops.ips, { params: { nodeId: target } });
  const privates = (jsonOf(ips)?.ipv4 as { private?: unknown[] } | undefined)?.private ?? [];
  kit.check(valueKept(privates.length, 0, 'private IPv4 addresses', why, ips), 'after a clone with private_ip');
}

/** The instance's public IPv4 addresses, as its networking information lists them. */
async function publicAddresses(kit: Kit, nodeId: number): Promise<unknown[]> {
  const e = await kit.send(ops.ips, { params: { nodeId } });
  const listed = (jsonOf(e)?.ipv4 as { public?: { address?: unknown }[] } | undefined)?.public ?? [];
  return listed.map((a) => a.address);
}

/** The first vpc interface of the instance's first profile, with the ids that name it. */
async function vpcInterface(kit: Kit, nodeId: number) {
  const [config] = (await configsOf(kit, nodeId)).items;
  const configId = config?.id as number;
  const e = await kit.send(ops.interfaces, { params: { nodeId, configId } });
  const found = itemsOf(e).find((i) => i.purpose === 'vpc');
  return { e, configId, iface: found };
}

export async function natBecomesAny(ctx: WrittenContext) {
  const { kit } = ctx;
  const subnet_id = await vpcSubnet(ctx, { label: 'clone', ipv4: '10.43.0.0/24' });
  const nodeId = await makeInstance(ctx, { interfaces: [{ purpose: 'vpc', subnet_id, ipv4: { nat_1_1: 'any' } }] });
  const { configId, iface } = await vpcInterface(kit, nodeId);
  const [address] = await publicAddresses(kit, nodeId);
  if (!iface || typeof address !== 'string')
    return kit.skip('the source shows no vpc interface or no public IPv4 address');
  // Creation cannot name a specific address: the NAT is pointed at the source's own address afterwards.
  const nat = { ipv4: { nat_1_1: address } };
  const set = await kit.send(ops.updateInterface, {
    params: { nodeId, configId, interfaceId: iface.id as number },
    body: nat,
  });
  if (set.response?.status !== 200)
    return kit.skip(`Interface Update refused a 1:1 NAT to the source's address (${set.response?.status})`);
  const copy = await cloneNew(ctx, nodeId);
  const cloned = await vpcInterface(kit, copy);
  const shown = (cloned.iface?.ipv4 as { nat_1_1?: unknown } | undefined)?.nat_1_1;
  // `any` reads either as `any` or as the clone's own public address.
  const accepted = ['any', ...(await publicAddresses(kit, copy))];
  kit.check(
    sameMembers(
      [accepted.includes(shown) ? 'any' : shown],
      ['any'],
      'the 1:1 NAT of the clone',
      'Cloning an instance whose vpc interface has a 1:1 NAT gives the clone a 1:1 NAT of `any`.',
      cloned.e,
    ),
  );
}

const CONCURRENT_CLONES = 5;

/** Derived from the clone body's custom rule, which no generated request can break: five clones at once, then a sixth. */
export async function concurrentClones(ctx: WrittenContext) {
  const { kit } = ctx;
  const nodeId = await makeInstance(ctx, {}, true);
  await holdActions(kit);
  const body = () => ({ region: kit.session.config.regions[0], type: kit.session.config.types[0], label: label(kit) });
  let last: Exchange | undefined;
  const clones: number[] = [];
  for (let i = 0; i < CONCURRENT_CLONES; i++) {
    last = await kit.send(ops.clone, { params: { nodeId }, body: body() });
    track(ctx.fixtures, last);
    if (last.response?.status !== 200)
      return kit.skip(`Instance Clone refused clone ${i + 1} of ${CONCURRENT_CLONES} (${last.response?.status})`);
    clones.push(Number(jsonOf(last)?.id));
  }
  if (!last) return;
  // Each clone in progress is a state the sixth is judged in: all read back once it is answered.
  const held: HeldState[] = await Promise.all(
    clones.map((id, i) => requireBusy(kit, id, `clone ${i + 1} of ${CONCURRENT_CLONES}`)),
  );
  const sixth = await kit.send(ops.clone, { params: { nodeId }, body: body() });
  track(ctx.fixtures, sixth);
  await requireStillHeld(kit, held, `clone ${CONCURRENT_CLONES + 1}`);
  kit.check(conventionalStatus(sixth, 400), `a clone while ${CONCURRENT_CLONES} clones of the source run`);
}
