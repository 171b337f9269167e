// Procedures of the disk clauses written in prose: what disk create refuses (image minimum, StackScripts, authorized users), clone, and resize.

import { acceptedWith2xx, numberSatisfies, refusedBeside, type WrittenContext } from '../../support/author.js';
import { isOk, type Json, newInstance, opOf, power, runLabel, settle } from '../interfaces/setup.js';

const ROOT_PASS = 'Vq7#nLw2pXz9!rTb4Kd8mJ3h';
const SCRIPT = '#!/bin/bash\necho ready\n';

/** The run's images; skips when the clause needs more than the target offers. */
function images(ctx: WrittenContext, needed: number): string[] {
  const all = ctx.kit.session.config.images;
  if (all.length < needed)
    return ctx.kit.skip(`needs ${needed} images the target accepts; the run knows ${all.length}`);
  return all;
}

const createDisk = (ctx: WrittenContext, nodeId: number, body: Json) =>
  ctx.kit.send(opOf('disks/create'), { params: { nodeId }, body: { label: runLabel(ctx, 'd'), ...body } });

/** A disk the clause starts from; skips when refused. */
async function disk(ctx: WrittenContext, nodeId: number, body: Json): Promise<number> {
  const e = await createDisk(ctx, nodeId, body);
  const id = (e.response?.json as Json | undefined)?.id;
  if (typeof id !== 'number')
    return ctx.kit.skip(`the disk ${JSON.stringify(body)} was refused (${e.response?.status})`);
  await settle(ctx, nodeId);
  return id;
}

const viewDisk = (ctx: WrittenContext, nodeId: number, diskId: number) =>
  ctx.kit.send(opOf('disks/view'), { params: { nodeId, diskId } });

const resize = (ctx: WrittenContext, nodeId: number, diskId: number, size: number) =>
  ctx.kit.send(opOf('disks/resize'), { params: { nodeId, diskId }, body: { size } });

/** A StackScript of the run deployable with `images`; skips when it cannot be made. */
async function stackscript(ctx: WrittenContext, imageIds: string[], script = SCRIPT): Promise<number> {
  const body = { label: runLabel(ctx, 'ss'), script, images: imageIds, is_public: false };
  const e = await ctx.kit.send(opOf('stackscripts/create'), { body });
  const id = (e.response?.json as Json | undefined)?.id;
  if (typeof id !== 'number') return ctx.kit.skip(`a StackScript could not be made (${e.response?.status})`);
  return id;
}

export async function imageMinimumSize(ctx: WrittenContext) {
  const [image] = images(ctx, 1);
  const nodeId = await newInstance(ctx);
  const sized = (size: number) => createDisk(ctx, nodeId, { image, size, root_pass: ROOT_PASS });
  await refusedBeside(ctx.kit, await sized(1), `a 1 MB disk from image ${image}, below any image's minimum size`, {
    what: `a 4096 MB disk from image ${image}`,
    send: () => sized(4096),
  });
}

export async function stackscriptCompatibleImage(ctx: WrittenContext) {
  const [listed, other] = images(ctx, 2);
  const stackscriptId = await stackscript(ctx, [listed as string]);
  const nodeId = await newInstance(ctx);
  const deployed = (image: unknown) =>
    createDisk(ctx, nodeId, { image, size: 4096, root_pass: ROOT_PASS, stackscript_id: stackscriptId });
  const e = await deployed(other);
  await refusedBeside(ctx.kit, e, `StackScript ${stackscriptId} for ${listed} only, deployed with image ${other}`, {
    what: `the same StackScript deployed with ${listed}, the image it lists`,
    send: () => deployed(listed),
  });
}

export async function stackscriptDataWhenNeeded(ctx: WrittenContext) {
  const [image] = images(ctx, 1);
  const script = '#!/bin/bash\n# <UDF name="greeting" label="A greeting" />\necho "$GREETING"\n';
  const stackscriptId = await stackscript(ctx, [image as string], script);
  const nodeId = await newInstance(ctx);
  const deployed = (data: Json) =>
    createDisk(ctx, nodeId, { image, size: 4096, root_pass: ROOT_PASS, stackscript_id: stackscriptId, ...data });
  await refusedBeside(
    ctx.kit,
    await deployed({}),
    `StackScript ${stackscriptId} needs greeting; no stackscript_data given`,
    {
      what: 'the same deploy with stackscript_data giving greeting',
      send: () => deployed({ stackscript_data: { greeting: 'hello' } }),
    },
  );
}

export async function authorizedUsersNeedKey(ctx: WrittenContext) {
  const [image] = images(ctx, 1);
  const username = runLabel(ctx, 'u')
    .replace(/[^a-z0-9]/gi, '')
    .slice(0, 24);
  const made = await ctx.kit.send(opOf('users/create'), {
    body: { username, email: `${username}@example.com`, restricted: true },
  });
  if (!isOk(made)) return ctx.kit.skip(`a user without SSH keys could not be made (${made.response?.status})`);
  const nodeId = await newInstance(ctx);
  const e = await createDisk(ctx, nodeId, { image, size: 4096, root_pass: ROOT_PASS, authorized_users: [username] });
  await refusedBeside(ctx.kit, e, `authorized_users [${username}], a new user with no SSH key`, {
    what: 'the same disk without authorized_users',
    send: () => createDisk(ctx, nodeId, { image, size: 4096, root_pass: ROOT_PASS }),
  });
}

const diskIds = async (ctx: WrittenContext, nodeId: number) => {
  const e = await ctx.kit.send(opOf('disks/list'), { params: { nodeId }, query: { page_size: 500 } });
  const data = (e.response?.json as Json | undefined)?.data;
  return { ids: Array.isArray(data) ? (data as Json[]).map((d) => d.id) : [], e };
};

export async function cloneNewDisk(ctx: WrittenContext) {
  const nodeId = await newInstance(ctx);
  const source = await disk(ctx, nodeId, { size: 1024 });
  const before = await diskIds(ctx, nodeId);
  const e = await ctx.kit.send(opOf('disks/clone'), { params: { nodeId, diskId: source } });
  if (!ctx.kit.check(acceptedWith2xx(e), 'cloning a disk with room to spare')) return;
  await settle(ctx, nodeId);
  const after = await diskIds(ctx, nodeId);
  const added = after.ids.filter((id) => !before.ids.includes(id));
  const why = 'A clone adds one new disk to the same instance and keeps the source.';
  ctx.kit.check(
    numberSatisfies(added.length, (n) => n === 1, 'one new disk', why, after.e),
    'new disks',
  );
  ctx.kit.check(
    numberSatisfies(after.ids.includes(source) ? 1 : 0, (n) => n === 1, 'the source disk listed', why, after.e),
  );
}

export async function cloneInsufficientStorage(ctx: WrittenContext) {
  const nodeId = await newInstance(ctx);
  const view = await ctx.kit.send(opOf('instances/view'), { params: { nodeId } });
  const storage = ((view.response?.json as Json | undefined)?.specs as Json | undefined)?.disk;
  if (typeof storage !== 'number') return ctx.kit.skip('the instance view shows no specs.disk to size the disk from');
  const source = await disk(ctx, nodeId, { size: Math.ceil(storage * 0.6) });
  const clone = (diskId: number) => ctx.kit.send(opOf('disks/clone'), { params: { nodeId, diskId } });
  await refusedBeside(ctx.kit, await clone(source), `cloning a disk of 60% of the instance's ${storage} MB`, {
    what: 'cloning a 256 MB disk of the same instance, which the storage left holds',
    send: async () => clone(await disk(ctx, nodeId, { size: 256 })),
  });
}

/** An instance booted with a profile using a disk of `size` MB as sda. */
async function inUse(ctx: WrittenContext, size: number) {
  const nodeId = await newInstance(ctx);
  const diskId = await disk(ctx, nodeId, { size });
  const e = await ctx.kit.send(opOf('configs/create'), {
    params: { nodeId },
    body: { label: runLabel(ctx, 'c'), devices: { sda: { disk_id: diskId } } },
  });
  const configId = (e.response?.json as Json | undefined)?.id;
  if (typeof configId !== 'number') return ctx.kit.skip(`a profile using the disk was refused (${e.response?.status})`);
  await power(ctx, 'boot', nodeId, configId);
  return { nodeId, diskId };
}

export async function resizeInUseAccepted(ctx: WrittenContext) {
  const { nodeId, diskId } = await inUse(ctx, 1024);
  ctx.kit.check(acceptedWith2xx(await resize(ctx, nodeId, diskId, 2048)), 'resizing a disk of the running profile');
}

/** A resize to `size` that must take effect. */
async function resized(ctx: WrittenContext, nodeId: number, diskId: number, size: number, when: string) {
  const e = await resize(ctx, nodeId, diskId, size);
  if (!ctx.kit.check(acceptedWith2xx(e), when)) return;
  await settle(ctx, nodeId);
  const v = await viewDisk(ctx, nodeId, diskId);
  const why = 'A resize succeeds when the instance is shut down or the disk is not in the active profile.';
  ctx.kit.check(
    numberSatisfies((v.response?.json as Json | undefined)?.size, (n) => n === size, `size ${size}`, why, v),
    when,
  );
}

export async function resizeSucceedsWhenFree(ctx: WrittenContext) {
  const { nodeId, diskId } = await inUse(ctx, 1024);
  const spare = await disk(ctx, nodeId, { size: 1024 });
  await resized(ctx, nodeId, spare, 1536, 'a disk outside the active profile of the running instance');
  await power(ctx, 'shutdown', nodeId);
  await resized(ctx, nodeId, diskId, 2048, 'a disk of the shut-down instance');
}

export async function notBelowUsedSpace(ctx: WrittenContext) {
  const [image] = images(ctx, 1);
  const nodeId = await newInstance(ctx);
  const size = 6144;
  const diskId = await disk(ctx, nodeId, { image, size, root_pass: ROOT_PASS });
  await resize(ctx, nodeId, diskId, 1);
  await settle(ctx, nodeId);
  const v = await viewDisk(ctx, nodeId, diskId);
  const why = 'A disk cannot shrink below the space its files take: the resize does not take effect.';
  ctx.kit.check(
    numberSatisfies((v.response?.json as Json | undefined)?.size, (n) => n === size, `size still ${size}`, why, v),
    `a 1 MB resize of a disk deployed from ${image}`,
  );
}
