// Real entities for what the cases of a cross rule name (a backup, a StackScript, a private image, a VPC subnet, a disk, another instance), found or made once per test, with what each constrains aligned, so that a case is refused for its breach and not for naming nothing.

import { isObject } from '../../spec/evaluate.js';
import { opOf } from '../../spec/index.js';
import type { Purpose } from '../../spec/part3/interfaces.js';
import type { SendOptions } from '../target/session.js';
import { isPrivateImage } from './hints.js';
import type { ProcedureContext } from './procedures/request.js';
import { targetBody } from './target-body.js';

type Json = Record<string, unknown>;
type Params = Record<string, string | number>;
type Id = string | number;

const given = (v: unknown) => v !== undefined && v !== null;

/** Every given value of a member, at any depth of a body. */
function valuesOf(value: unknown, member: string): unknown[] {
  if (Array.isArray(value)) return value.flatMap((v) => valuesOf(v, member));
  if (!isObject(value)) return [];
  const own = given(value[member]) ? [value[member]] : [];
  return [...own, ...Object.values(value).flatMap((v) => valuesOf(v, member))];
}

/** Replaces every given value of a member, at any depth of a body. */
function replaced(value: Json, member: string, next: unknown): Json {
  replaceAll(value, member, next);
  return value;
}

function replaceAll(value: unknown, member: string, next: unknown): void {
  if (Array.isArray(value)) for (const v of value) replaceAll(v, member, next);
  if (!isObject(value)) return;
  if (given(value[member])) value[member] = next;
  for (const v of Object.values(value)) replaceAll(v, member, next);
}

/** The id of what a create made, or a skip: the case cannot be judged without it. */
async function made(ctx: ProcedureContext, opId: string, params: Params, change: Json = {}): Promise<Id> {
  const { kit } = ctx;
  const op = opOf(opId);
  const built = await targetBody(kit, op, params);
  if ('missing' in built) return kit.skip(`needs a \`${built.missing}\` value to make what the cases name (${opId})`);
  const e = await kit.send(op, { params, body: { ...built.body, ...change } });
  const id = (e.response?.json as Json | undefined)?.id;
  if (e.response?.status !== 200 || (typeof id !== 'number' && typeof id !== 'string'))
    return kit.skip(`what the cases name could not be made: ${opId} answered ${e.response?.status ?? 'nothing'}`);
  return id;
}

/** A path parameter of the shared fixtures (the harness made or found it): the last one of an operation's path. */
async function fixture(ctx: ProcedureContext, opId: string): Promise<Params> {
  const params = await ctx.fixtures.paramsFor(ctx.kit, opOf(opId));
  return params ?? ctx.kit.skip(`no fixture for what the cases name (${opId})`);
}

async function viewInstance(ctx: ProcedureContext, nodeId: Id): Promise<Json> {
  const e = await ctx.kit.send(opOf('instances/view'), { params: { nodeId } });
  const json = e.response?.json;
  return e.response?.status === 200 && isObject(json) ? json : ctx.kit.skip(`instance ${nodeId} could not be read`);
}

// ---- The instance a case acts on ----

const PUBLIC: Purpose = 'public';

export const holdsPublic = (body: Json) =>
  Array.isArray(body.interfaces) && body.interfaces.some((i) => isObject(i) && i.purpose === PUBLIC);

/**
 * An instance with no public interface, for cases that all add one to an existing instance: the
 * instance's own (interfaces/one-public-per-instance) would refuse them whatever the body rule.
 * It gets a disk (for the devices of a profile) and, for an update, the profile to update, whose
 * default public interface the update replaces.
 */
async function instanceWithoutPublic(ctx: ProcedureContext, params: Params): Promise<{ params: Params; disk: Id }> {
  const nodeId = await made(ctx, 'instances/create', {});
  const disk = await made(ctx, 'disks/create', { nodeId });
  const next: Params = { ...params, nodeId };
  if ('configId' in params) next.configId = await made(ctx, 'configs/create', { nodeId });
  return { params: next, disk };
}

/** Device slots that name a disk name this one instead (the body moved to another instance). */
function moveDevices(body: Json, disk: Id): void {
  if (isObject(body.devices)) replaceAll(body.devices, 'disk_id', disk);
}

// ---- Each reference ----

/** A backup and the region and type of its instance: a body deploying it must be there, and that large. */
async function backup(ctx: ProcedureContext): Promise<Json> {
  const { nodeId, backupId } = await fixture(ctx, 'backups/view');
  const instance = await viewInstance(ctx, nodeId as Id);
  return { backup_id: backupId, region: instance.region, type: instance.type };
}

const NO_PRIVATE_IMAGE =
  'needs an account image (`private/...`) among the run images (--image): the documents have no operation that makes one';

/** The account image the run knows of. */
const privateImage = (ctx: ProcedureContext) => ctx.kit.session.config.images.find(isPrivateImage);

/** A StackScript deployable with the images the cases name (the shared one when they name none). */
async function stackScript(ctx: ProcedureContext, images: string[]): Promise<Id> {
  if (images.length === 0) return (await fixture(ctx, 'stackscripts/view')).stackscriptId as Id;
  return made(ctx, 'stackscripts/create', {}, { images });
}

/** The widest prefix a subnet the cases use may have: room for every interface of a body, past the addresses a server reserves. */
const ROOMY_PREFIX = 24;

/** The same range, widened to a ROOMY_PREFIX network where it is narrower. */
export function roomy(cidr: unknown): unknown {
  if (typeof cidr !== 'string') return cidr;
  const [address = '', prefix] = cidr.split('/');
  if (Number(prefix) <= ROOMY_PREFIX) return cidr;
  return `${address.split('.').slice(0, 3).join('.')}.0/${ROOMY_PREFIX}`;
}

/** A subnet of a VPC of its own in the region of the instance its interfaces go on. */
async function subnet(ctx: ProcedureContext, region: unknown): Promise<Id> {
  const { kit } = ctx;
  const create = opOf('vpcs/create');
  const built = await targetBody(kit, create, {});
  const item = await targetBody(kit, opOf('vpcs/subnets/create'), {});
  if ('missing' in built || 'missing' in item) return kit.skip('a VPC with a subnet could not be generated');
  const roomySubnet = { ...item.body, ipv4: roomy(item.body.ipv4) };
  const e = await kit.send(create, { body: { ...built.body, region, subnets: [roomySubnet] } });
  const subnets = (e.response?.json as Json | undefined)?.subnets;
  const id = Array.isArray(subnets) && isObject(subnets[0]) ? subnets[0].id : undefined;
  if (typeof id !== 'number') return kit.skip(`a VPC with a subnet could not be made in ${String(region)}`);
  return id;
}

/** A disk of the case's instance other than those the valid body mounts (a real server may refuse one disk twice). */
async function otherDisk(ctx: ProcedureContext, nodeId: Id): Promise<Id> {
  const shared = await fixture(ctx, 'disks/view');
  if (shared.nodeId === nodeId) return shared.diskId as Id;
  return made(ctx, 'disks/create', { nodeId });
}

/** An existing instance other than the one acted on (a clone target). */
async function otherInstance(ctx: ProcedureContext, nodeId: Id | undefined): Promise<Id> {
  const shared = (await fixture(ctx, 'instances/view')).nodeId as Id;
  return shared !== nodeId ? shared : made(ctx, 'instances/create', {});
}

/** The device slots of a case that name a disk or volume the valid body does not mount: each needs a real disk. */
export function slotsToFill(body: Json, base: Json): string[] {
  const devices = isObject(body.devices) ? body.devices : {};
  const before = isObject(base.devices) ? base.devices : {};
  return Object.entries(devices).flatMap(([slot, value]) => {
    if (!isObject(value) || !(given(value.disk_id) || given(value.volume_id))) return [];
    const mounted = isObject(before[slot]) && given(value.disk_id) && value.disk_id === before[slot].disk_id;
    return mounted ? [] : [slot];
  });
}

/**
 * The slots name a real disk. A slot holding only a volume holds the disk instead (the rule allows
 * either); one holding both keeps its volume, since volumes are not in these documents and none can
 * be made: a server that checks the volume first still refuses that case for it.
 */
export function fillSlots(body: Json, slots: string[], disk: Id): void {
  const devices = body.devices as Json;
  for (const slot of slots) {
    const value = devices[slot] as Json;
    devices[slot] = given(value.disk_id) ? { ...value, disk_id: disk } : { disk_id: disk };
  }
}

// ---- All of them, for one test ----

export interface Referenced<C extends { body: Json }> {
  request: SendOptions;
  cases: C[];
  /** Why cases were left out: what they name cannot be had on this target. */
  unresolved: string[];
}

/**
 * The cases with every reference they hold made real, each entity found or made once for all of
 * them, and the request they go with (another instance, when the cases need one); each case is
 * re-checked with `keep` (a cross rule's case still breaks its rule and nothing else, an accepting
 * case breaks none).
 */
export async function withReferences<C extends { body: Json }>(
  ctx: ProcedureContext,
  request: SendOptions,
  cases: C[],
  keep: (body: Json) => boolean,
  addsPublic: (body: Json) => boolean = holdsPublic,
): Promise<Referenced<C>> {
  let params: Params = { ...request.params };
  const base = structuredClone((request.body ?? {}) as Json);
  let kept = cases.map((c) => ({ ...c, body: structuredClone(c.body) }));
  const bodies = () => kept.map((c) => c.body);
  const naming = (member: string) => bodies().filter((b) => valuesOf(b, member).length > 0);
  const unresolved: string[] = [];

  if (params.nodeId !== undefined && kept.length > 0 && bodies().every(addsPublic)) {
    const moved = await instanceWithoutPublic(ctx, params);
    params = moved.params;
    for (const b of [base, ...bodies()]) moveDevices(b, moved.disk);
  }
  if (naming('backup_id').length > 0) {
    const found = await backup(ctx);
    for (const b of naming('backup_id')) Object.assign(b, found);
  }
  const isPrivate = (b: Json) => isPrivateImage(b.image);
  if (kept.some((c) => isPrivate(c.body))) {
    const image = privateImage(ctx);
    if (!image) unresolved.push(NO_PRIVATE_IMAGE);
    kept = image ? kept : kept.filter((c) => !isPrivate(c.body));
    for (const b of bodies().filter(isPrivate)) b.image = image;
  }
  if (naming('stackscript_id').length > 0) {
    const named = naming('stackscript_id');
    const images = [...new Set(named.flatMap((b) => (typeof b.image === 'string' ? [b.image] : [])))];
    const id = await stackScript(ctx, images);
    for (const b of named) b.stackscript_id = id;
  }
  if (naming('subnet_id').length > 0) {
    const onNew = params.nodeId === undefined;
    const region = onNew ? naming('subnet_id')[0]?.region : (await viewInstance(ctx, params.nodeId as Id)).region;
    const id = await subnet(ctx, region);
    for (const b of naming('subnet_id')) Object.assign(replaced(b, 'subnet_id', id), onNew ? { region } : {});
  }
  if (params.nodeId !== undefined && bodies().some((b) => slotsToFill(b, base).length > 0)) {
    const disk = await otherDisk(ctx, params.nodeId);
    for (const b of bodies()) fillSlots(b, slotsToFill(b, base), disk);
  }
  if (naming('node_id').length > 0) {
    const target = await otherInstance(ctx, params.nodeId);
    // Nothing to copy: the target's free storage cannot refuse the case.
    for (const b of naming('node_id')) Object.assign(b, { node_id: target, configs: [], disks: [] });
  }
  return {
    request: { ...request, params, body: base },
    cases: kept.filter((c) => keep(c.body)),
    unresolved,
  };
}
