// What the instance procedures share: the operations, instances made for one test (billed, so full mode only), reading their status, disks and profiles, and waiting for actions to settle.

import { opOf } from '../../../spec/index.js';
import { BACKUP_SUCCESSFUL } from '../../../spec/part3/backups.js';
import { TRANSITIONAL_STATUSES } from '../../../spec/part3/instances.js';
import type { Operation } from '../../../spec/types.js';
import {
  type Exchange,
  type Fixtures,
  type HeldState,
  holdActions,
  instanceStatus,
  type Kit,
  loopBound,
  rejectedWith4xx,
  requireStillHeld,
  type WrittenContext,
} from '../../support/author.js';

export type Json = Record<string, unknown>;

export { opOf };

export const ops = {
  create: opOf('instances/create'),
  view: opOf('instances/view'),
  list: opOf('instances/list'),
  update: opOf('instances/update'),
  remove: opOf('instances/delete'),
  boot: opOf('instances/boot'),
  reboot: opOf('instances/reboot'),
  shutdown: opOf('instances/shutdown'),
  password: opOf('instances/password'),
  rescue: opOf('instances/rescue'),
  rebuild: opOf('instances/rebuild'),
  resize: opOf('instances/resize'),
  migrate: opOf('instances/migrate'),
  clone: opOf('instances/clone'),
  disks: opOf('disks/list'),
  addDisk: opOf('disks/create'),
  viewDisk: opOf('disks/view'),
  resizeDisk: opOf('disks/resize'),
  configs: opOf('configs/list'),
  addConfig: opOf('configs/create'),
  snapshot: opOf('backups/snapshot'),
  backups: opOf('backups/list'),
  backupView: opOf('backups/view'),
  ips: opOf('ips/list'),
  addInterface: opOf('interfaces/add'),
  interfaces: opOf('interfaces/list'),
  updateInterface: opOf('interfaces/update'),
};

export const jsonOf = (e: Exchange) => e.response?.json as Json | undefined;

/** The numeric id of what an answer made or shows, if it has one. */
export const idOf = (e: Exchange): number | undefined => {
  const id = jsonOf(e)?.id;
  return typeof id === 'number' ? id : undefined;
};
export const as = (token: string | undefined) => (token ? { token } : {});

/** Base64 of a small cloud-config: user data any cloud-init image accepts. */
export const CLOUD_CONFIG = Buffer.from('#cloud-config\npackages: []\n').toString('base64');

/** A long random root password, which any strength estimator accepts (DECISIONS 11). */
export const rootPass = (kit: Kit) => `Cc!${kit.session.nextSeed().toString(36)}-Vq7#Lm2$xR9@wZ4`;

export const label = (kit: Kit) => `${kit.session.config.labelPrefix}-i${kit.session.nextSeed() % 100000}`;

/** The smallest disk for the run's first image, with room to spare. */
export const IMAGE_DISK_MB = 4096;

/** An instance create body in the run's region with its cheapest type; with the run's first image unless `empty`. */
export function instanceBody(kit: Kit, extra: Json = {}, empty = false): Json {
  const { config } = kit.session;
  const image = empty ? {} : { image: config.images[0], root_pass: rootPass(kit) };
  return { region: config.regions[0], type: config.types[0], label: label(kit), ...image, ...extra };
}

/** Skips where the mode does not send instance creation: every procedure here makes instances, which are billed. */
export function requireFull(kit: Kit): void {
  kit.session.requireSendable(opOf('instances/create'));
  const { regions, images, types } = kit.session.config;
  if (!regions[0] || !images[0] || !types[0])
    kit.skip('needs a region, an image and an instance type of the target (run configuration)');
}

/** Sends an instance create; a created instance is deleted at the end. */
export async function sendCreate(ctx: WrittenContext, body: Json, token?: string): Promise<Exchange> {
  const e = await ctx.kit.send(ops.create, { body, ...as(token) });
  track(ctx.fixtures, e);
  return e;
}

/** Deletes at the end the instance an answer (a create, a clone) made. */
export function track(fixtures: Fixtures, e: Exchange): void {
  const id = jsonOf(e)?.id;
  if (e.response?.status === 200 && typeof id === 'number') fixtures.track(ops.remove, { nodeId: id });
}

/** Creates an instance the clause needs (from the first image unless `empty`); skips when the target refuses it. */
export async function makeInstance(ctx: WrittenContext, extra: Json = {}, empty = false): Promise<number> {
  requireFull(ctx.kit);
  const e = await sendCreate(ctx, instanceBody(ctx.kit, extra, empty), undefined);
  const id = jsonOf(e)?.id;
  if (e.response?.status !== 200 || typeof id !== 'number')
    return ctx.kit.skip(
      `Instance Create refused the instance this clause needs (${e.response?.status ?? 'no answer'})`,
    );
  await settled(ctx.kit, id);
  return id;
}

export const view = (kit: Kit, nodeId: number, token?: string) =>
  kit.send(ops.view, { params: { nodeId }, ...as(token) });

const TRANSITIONAL = TRANSITIONAL_STATUSES;
const SETTLE_DEADLINE_MS = 120_000;
const POLL_MS = 200;

/** Views the instance until its status is no longer transitional (DECISIONS 10); skips when the record shows no status. */
export async function settled(kit: Kit, nodeId: number): Promise<{ e: Exchange; status: string }> {
  const until = Date.now() + SETTLE_DEADLINE_MS;
  for (;;) {
    const e = await view(kit, nodeId);
    const status = jsonOf(e)?.status;
    if (typeof status !== 'string')
      return kit.skip('the instance record shows no `status` (the documents do not show the record)');
    if (!TRANSITIONAL.has(status) || Date.now() > until) return { e, status };
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** A transitional status (DECISIONS 10): an action of the instance is in progress. */
export const busyStatus = (status: unknown) => typeof status === 'string' && TRANSITIONAL.has(status);

/**
 * Skips unless the instance shows a transitional status now: the clause judges a request sent while
 * it is busy. The state, to read back once that request is answered (`requireStillHeld`).
 */
export async function requireBusy(kit: Kit, nodeId: number, what: string): Promise<HeldState> {
  const status = jsonOf(await view(kit, nodeId))?.status;
  if (!busyStatus(status))
    kit.skip(
      `instance ${nodeId} read ${JSON.stringify(status)} after ${what}: the action ended before the request judged`,
    );
  return {
    what: `instance ${nodeId}`,
    shown: status,
    read: async () => jsonOf(await view(kit, nodeId))?.status,
    holds: busyStatus,
  };
}

/**
 * A witness of a held action: an instance of the test's own, running from the run's image, whose
 * action of the same kind (`op`) is started just before the one judged. Held actions last alike, so
 * while the witness still shows its transitional status, the action started after it has not ended
 * either: the witness is what is read back once the request judged is answered, where that request
 * acts on the busy instance itself (and, accepted by mistake, would start a transitional status of its
 * own there). Make it before `holdActions`, start it with `startWitness` after.
 */
export const makeWitness = (ctx: WrittenContext, extra: Json = {}, empty = false) => makeInstance(ctx, extra, empty);

/** Starts the witness's action; skips when the target refuses it. */
export async function startWitness(kit: Kit, nodeId: number, op: Operation, body: Json = {}): Promise<void> {
  const e = await kit.send(op, { params: { nodeId }, body });
  if (e.response?.status !== 200)
    kit.skip(
      `${op.name} refused the action of instance ${nodeId}, the witness of the held state (${e.response?.status})`,
    );
}

/**
 * Starts `op`'s action on the witness, then on `nodeId`, while the target holds actions; skips with
 * `refused` and the status when the target refuses it, or when either action ended before the request
 * judged. Returns the witness's held state, to read back once that request is answered.
 */
export async function holdOn(
  kit: Kit,
  op: Operation,
  ids: { nodeId: number; witness: number },
  what: string,
  refused: string,
): Promise<HeldState> {
  await holdActions(kit);
  await startWitness(kit, ids.witness, op);
  const e = await kit.send(op, { params: { nodeId: ids.nodeId }, body: {} });
  if (e.response?.status !== 200) return kit.skip(`${refused} (${e.response?.status})`);
  await requireBusy(kit, ids.nodeId, what);
  return requireBusy(kit, ids.witness, `${what} of the witness`);
}

/**
 * A running instance with `op`'s action under way (held for the target's action delay), and the state
 * to read back after the request judged: a witness whose action of the same kind started just before.
 */
export async function heldAction(
  ctx: WrittenContext,
  op: Operation,
  what: string,
  refused: string,
): Promise<{ nodeId: number; held: HeldState }> {
  const witness = await makeWitness(ctx);
  const nodeId = await makeInstance(ctx);
  return { nodeId, held: await holdOn(ctx.kit, op, { nodeId, witness }, what, refused) };
}

/**
 * Judges `e`, sent while `held` held, as refused: once `held` reads still held after its answer
 * (skipped otherwise, as the answer then judges nothing). `probe` names the request for that skip.
 */
export async function refusedWhileHeld(kit: Kit, held: HeldState, e: Exchange, probe: string, context: string) {
  await requireStillHeld(kit, [held], probe);
  kit.check(rejectedWith4xx(e), context);
}

/** A transition's end state: the settled status is one of `expected`. */
export async function settlesIn(kit: Kit, nodeId: number, expected: string[], why: string, context?: string) {
  const { e, status } = await settled(kit, nodeId);
  kit.check(instanceStatus(status, expected, why, e), context);
}

/** A backup shows its state held while its status is not yet `successful`. */
const backupRunning = (status: unknown) => typeof status === 'string' && status !== BACKUP_SUCCESSFUL;

/** Skips unless the backup is still being taken: the state, to read back once the request judged is answered. */
export async function requireBackupInProgress(
  kit: Kit,
  nodeId: number,
  backupId: number,
  what: string,
): Promise<HeldState> {
  const read = async () => jsonOf(await kit.send(ops.backupView, { params: { nodeId, backupId } }))?.status;
  const status = await read();
  if (!backupRunning(status))
    kit.skip(`backup ${backupId} read ${JSON.stringify(status)} after ${what}: it completed before the request judged`);
  return { what: `backup ${backupId} of instance ${nodeId}`, shown: status, read, holds: backupRunning };
}

/** The items of a list answer, enveloped (`data`) or bare. */
export function itemsOf(e: Exchange): Json[] {
  const json = e.response?.json;
  const data = Array.isArray(json) ? json : (json as { data?: unknown } | undefined)?.data;
  return Array.isArray(data) ? (data as Json[]) : [];
}

export async function disksOf(kit: Kit, nodeId: number, token?: string): Promise<{ e: Exchange; items: Json[] }> {
  const e = await kit.send(ops.disks, { params: { nodeId }, query: { page_size: 500 }, ...as(token) });
  return { e, items: itemsOf(e) };
}

export async function configsOf(kit: Kit, nodeId: number, token?: string): Promise<{ e: Exchange; items: Json[] }> {
  const e = await kit.send(ops.configs, { params: { nodeId }, query: { page_size: 500 }, ...as(token) });
  return { e, items: itemsOf(e) };
}

/** Adds a disk (empty, `size` MB) to an instance; skips when refused. */
export async function addDisk(kit: Kit, nodeId: number, size = 1024, extra: Json = {}): Promise<number> {
  const body = { size, label: `d${kit.session.nextSeed() % 100000}`, filesystem: 'ext4', ...extra };
  const e = await kit.send(ops.addDisk, { params: { nodeId }, body });
  const id = jsonOf(e)?.id;
  if (e.response?.status !== 200 || typeof id !== 'number')
    return kit.skip(`Disk Create refused a disk this clause needs (${e.response?.status ?? 'no answer'})`);
  return id;
}

/** Adds a configuration profile with `devices`; skips when refused. */
export async function addConfig(kit: Kit, nodeId: number, devices: Json): Promise<number> {
  const body = { label: `p${kit.session.nextSeed() % 100000}`, devices };
  const e = await kit.send(ops.addConfig, { params: { nodeId }, body });
  const id = jsonOf(e)?.id;
  if (e.response?.status !== 200 || typeof id !== 'number')
    return kit.skip(
      `Configuration Profile Create refused a profile this clause needs (${e.response?.status ?? 'no answer'})`,
    );
  return id;
}

/** An empty instance completed with one disk and `profiles` profiles booting it (offline, none booted yet). */
export async function withProfiles(
  ctx: WrittenContext,
  profiles: number,
): Promise<{ nodeId: number; configs: number[] }> {
  const nodeId = await makeInstance(ctx, {}, true);
  const disk = await addDisk(ctx.kit, nodeId);
  const configs: number[] = [];
  for (let i = 0; i < profiles; i++) configs.push(await addConfig(ctx.kit, nodeId, { sda: { disk_id: disk } }));
  return { nodeId, configs };
}

/** Sends a power action and waits for the instance to settle; skips when the action is refused (another clause judges that). */
export async function act(kit: Kit, op: Operation, nodeId: number, body: Json = {}): Promise<Exchange> {
  const e = await kit.send(op, { params: { nodeId }, body });
  if (e.response?.status !== 200)
    return kit.skip(`${op.name} refused the step this clause needs (${e.response?.status ?? 'no answer'})`);
  await settled(kit, nodeId);
  return e;
}

/**
 * Fills the instance's disk allocation with empty disks, halving the size on each refusal, so that
 * less than 1 GB stays free (the documents give no way to read a type's allocation). Only a 200
 * naming the new disk's id counts as accepted (a target may answer 200 with an error body); each
 * size is accepted at most twice on a conforming target, so more rounds than that end the test.
 */
export async function fillAllocation(kit: Kit, nodeId: number): Promise<void> {
  const round = loopBound('filling the disk allocation', FILL_ROUNDS);
  for (let size = 1_048_576; size >= 1024; ) {
    round();
    const body = { size, label: `fill${kit.session.nextSeed() % 10000}`, filesystem: 'ext4' };
    const e = await kit.send(ops.addDisk, { params: { nodeId }, body });
    if (e.response?.status !== 200 || typeof jsonOf(e)?.id !== 'number') size /= 2;
  }
}

/** Sizes tried by `fillAllocation` (1 TB down to 1 GB) times two, plus the refusal of each. */
const FILL_ROUNDS = 11 * 3;

/** The cheapest and the largest instance types of the run; skips with one type only. */
export function smallAndLarge(kit: Kit): { small: string; large: string } {
  const { types } = kit.session.config;
  const small = types[0];
  const large = types.at(-1);
  if (!small || !large || small === large)
    return kit.skip('needs two instance types of the target (run configuration)');
  return { small, large };
}

/** Takes a snapshot backup of the instance; its id, or a skip when refused. */
export async function snapshot(kit: Kit, nodeId: number): Promise<number> {
  const e = await kit.send(ops.snapshot, {
    params: { nodeId },
    body: { label: `snap${kit.session.nextSeed() % 10000}` },
  });
  const id = jsonOf(e)?.id;
  if (e.response?.status !== 200 || typeof id !== 'number')
    return kit.skip(`Snapshot Create refused the backup this clause needs (${e.response?.status ?? 'no answer'})`);
  return id;
}

/** A VPC in the run's region with this one subnet, deleted at the end; its subnet id. */
export async function vpcSubnet(ctx: WrittenContext, subnet: { label: string; ipv4: string }): Promise<number> {
  const { kit } = ctx;
  const body = {
    label: `${kit.session.config.labelPrefix}-n${kit.session.nextSeed() % 10000}`,
    region: kit.session.config.regions[0],
    subnets: [subnet],
  };
  const e = await kit.send(opOf('vpcs/create'), { body });
  const vpcId = jsonOf(e)?.id;
  const subnetId = (jsonOf(e)?.subnets as { id?: unknown }[] | undefined)?.[0]?.id;
  if (typeof vpcId !== 'number' || typeof subnetId !== 'number')
    return kit.skip(`a VPC with a subnet could not be made (${e.response?.status})`);
  ctx.fixtures.track(opOf('vpcs/delete'), { vpcId });
  return subnetId;
}
