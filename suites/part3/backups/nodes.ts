// Instances, disks and settled states for the Part 3 procedures of backups and addresses: made through the API, deleted at the end, billed so made only in full mode.

import { TRANSITIONAL_STATUSES } from '../../../spec/part3/instances.js';
import { opOf } from '../../conventions/sample.js';
import type { Exchange, Kit, WrittenContext } from '../../support/author.js';
import { idOf } from '../instances/common.js';

export type Json = Record<string, unknown>;

export const jsonOf = (e: Exchange): Json | undefined => e.response?.json as Json | undefined;

const TRANSITIONAL = TRANSITIONAL_STATUSES;

const SETTLE_DEADLINE_MS = 60_000;
const POLL_MS = 250;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A label carrying the run's prefix, so cleanup finds what an interrupted run left. */
export const runLabel = (kit: Kit, what: string) =>
  `${kit.session.config.labelPrefix}-${what}${kit.session.nextSeed() % 100000}`.slice(0, 32);

/** A long random root password: strong under any estimator. */
const rootPass = (kit: Kit) => `Rb-${kit.session.nextSeed().toString(36)}-q7#Lp2!zR9x-Wm4$`;

/** Instances are billed: procedures that make them run only where the mode sends instance creation. */
export function requireFull(kit: Kit): void {
  kit.session.requireSendable(opOf('instances/create'));
}

/** A new instance (empty unless `extra` says otherwise) in the run's first region, deleted at the end. */
export async function newInstance(ctx: WrittenContext, extra: Json = {}): Promise<number> {
  const { kit, fixtures } = ctx;
  requireFull(kit);
  const { config } = kit.session;
  const body = { region: config.regions[0], type: config.types[0], label: runLabel(kit, 'n'), ...extra };
  const e = await kit.send(opOf('instances/create'), { body });
  const nodeId = idOf(e);
  if (nodeId === undefined) return kit.skip(`Instance Create answered ${e.response?.status ?? 'nothing'}`);
  fixtures.track(opOf('instances/delete'), { nodeId });
  await settle(kit, nodeId);
  return nodeId;
}

/** A running instance deployed from the run's first image (its disks take all the type's storage). */
export const imageInstance = (ctx: WrittenContext, extra: Json = {}) =>
  newInstance(ctx, { image: ctx.kit.session.config.images[0], root_pass: rootPass(ctx.kit), ...extra });

/** An empty disk of `size` MB on the instance; its id. */
export async function addDisk(ctx: WrittenContext, nodeId: number, size = 1024): Promise<number> {
  const { kit } = ctx;
  const body = { label: runLabel(kit, 'd'), size, filesystem: 'ext4' };
  const e = await kit.send(opOf('disks/create'), { params: { nodeId }, body });
  const diskId = idOf(e);
  if (diskId === undefined) return kit.skip(`Disk Create answered ${e.response?.status ?? 'nothing'}`);
  await settle(kit, nodeId);
  return diskId;
}

/** A configuration profile of the instance; its id. */
export async function addConfig(ctx: WrittenContext, nodeId: number, extra: Json = {}): Promise<number> {
  const { kit } = ctx;
  const body = { label: runLabel(kit, 'c'), devices: {}, ...extra };
  const e = await kit.send(opOf('configs/create'), { params: { nodeId }, body });
  const configId = idOf(e);
  if (configId === undefined) return kit.skip(`Configuration Profile Create answered ${e.response?.status}`);
  return configId;
}

/** Waits while the instance shows a transitional status, up to a deadline. */
export async function settle(kit: Kit, nodeId: number): Promise<void> {
  const until = Date.now() + SETTLE_DEADLINE_MS;
  while (Date.now() < until) {
    const e = await kit.session.send(opOf('instances/view'), { params: { nodeId } });
    const status = jsonOf(e)?.status;
    if (typeof status !== 'string' || !TRANSITIONAL.has(status)) return;
    await pause(POLL_MS);
  }
}

/** Polls until `done` holds for the answer of `read`, up to a deadline; the last answer. */
export async function pollUntil(read: () => Promise<Exchange>, done: (e: Exchange) => boolean): Promise<Exchange> {
  const until = Date.now() + SETTLE_DEADLINE_MS;
  let e = await read();
  while (!done(e) && Date.now() < until) {
    await pause(POLL_MS);
    e = await read();
  }
  return e;
}

/** The items of a paginated list over all its pages, with the last answer. */
export async function listAll(kit: Kit, opId: string, params: Record<string, string | number> = {}) {
  const items: Json[] = [];
  let last: Exchange | undefined;
  for (let page = 1; page <= 50; page++) {
    last = await kit.send(opOf(opId), { params, query: { page, page_size: 500 } });
    const body = jsonOf(last) as { data?: unknown; pages?: unknown } | undefined;
    if (!Array.isArray(body?.data)) break;
    for (const item of body.data as Json[]) items.push(item);
    if (typeof body.pages !== 'number' || page >= body.pages) break;
  }
  return { items, last };
}

/** The ids of a paginated list of an instance's entities. */
export async function idsOf(kit: Kit, opId: string, nodeId: number) {
  const { items, last } = await listAll(kit, opId, { nodeId });
  return { ids: items.map((i) => i.id), last };
}
