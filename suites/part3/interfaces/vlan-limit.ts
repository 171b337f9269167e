// The limit of VLANs per region, judged on a throwaway account filled to exactly that many VLANs: each operation that names a VLAN refuses one more and still joins an existing one.

import { INTERFACES_PER_PROFILE, VLANS_PER_REGION } from '../../../spec/part3/interfaces.js';
import {
  acceptedWith2xx,
  type Exchange,
  type Kit,
  rejectedWith4xx,
  type WrittenContext,
} from '../../support/author.js';
import { configsOf, idOf, instanceBody, ops, requireFull } from '../instances/common.js';
import { type Json, opOf, runLabel, vlanName } from './setup.js';

const vlan = (label: string): Json => ({ purpose: 'vlan', label });

/**
 * A region filled to the limit on an account of the test's own: `labels` are its VLANs, all held
 * by instance `first` but the last, which `second` (when asked for) holds alone in one profile.
 * Everything made here is deleted when the test ends, with the account's token (the harness takes
 * every create the test sent, whoever sent it).
 */
interface FullRegion {
  token: string;
  region: string;
  labels: string[];
  /** A label no VLAN of the region has. */
  next: string;
  first: number;
  second?: number;
}

const statusOf = (e: Exchange) => e.response?.status ?? 'no answer';

/** Creates an empty instance (no disk to pay for) with these vlan interfaces on the account; skips when refused. */
async function instanceWith(kit: Kit, token: string, labels: string[], what: string): Promise<number> {
  const e = await kit.send(ops.create, { body: instanceBody(kit, { interfaces: labels.map(vlan) }, true), token });
  const id = idOf(e);
  if (id === undefined) return kit.skip(`Instance Create refused ${what} (${statusOf(e)})`);
  return id;
}

/** Sends a profile create with these vlan interfaces and no devices on the account's instance. */
const profileWith = (ctx: WrittenContext, token: string, nodeId: number, labels: string[]) =>
  ctx.kit.send(ops.addConfig, {
    params: { nodeId },
    body: { label: runLabel(ctx, 'vl'), devices: {}, interfaces: labels.map(vlan) },
    token,
  });

/**
 * A throwaway account whose run region has exactly VLANS_PER_REGION VLANs, in as few requests as
 * the interfaces per profile allow: an instance created with the first VLANs, then profiles of it
 * with the next ones; with `second`, one more instance created on the last VLAN alone, so that an
 * instance not on the others exists. Skips in a mode that does not make instances, without the
 * control interface, and when a step within the limit is refused (the clause needs the full region).
 */
async function fullRegion(ctx: WrittenContext, second: boolean): Promise<FullRegion> {
  const { kit } = ctx;
  requireFull(kit);
  const own = await kit.session.throwaway();
  if (!own)
    return kit.skip(
      'needs an account whose VLANs are known (a throwaway account, made by the control interface): the run cannot tell how many VLANs its shared account already has in the region, since no documented operation lists VLANs',
    );
  const { token } = own.config;
  const region = String(kit.session.config.regions[0]);
  const labels = Array.from({ length: VLANS_PER_REGION }, (_, n) => vlanName(ctx, n + 1));
  const onFirst = second ? labels.slice(0, -1) : labels;
  const per = INTERFACES_PER_PROFILE.max;
  const chunks = Array.from({ length: Math.ceil(onFirst.length / per) }, (_, k) =>
    onFirst.slice(k * per, (k + 1) * per),
  );
  const [head = [], ...rest] = chunks;
  const first = await instanceWith(kit, token, head, `an instance on the region's first VLANs ${head.join(', ')}`);
  for (const chunk of rest) {
    const e = await profileWith(ctx, token, first, chunk);
    if (idOf(e) === undefined)
      return kit.skip(
        `Configuration Profile Create refused VLANs ${chunk.join(', ')}, within the region's limit of ${VLANS_PER_REGION} (${statusOf(e)})`,
      );
  }
  const full = { token, region, labels, next: vlanName(ctx, VLANS_PER_REGION + 1), first };
  if (!second) return full;
  const last = labels.slice(-1);
  const other = await instanceWith(kit, token, last, `an instance on VLAN ${last[0]}, the last within the limit`);
  return { ...full, second: other };
}

/** The one profile the second instance was created with; skips when the list does not show it. */
async function profileOf(kit: Kit, full: FullRegion, nodeId: number): Promise<number> {
  const { items, e } = await configsOf(kit, nodeId, full.token);
  const id = items[0]?.id;
  if (typeof id !== 'number') return kit.skip(`the profiles list of a new instance shows none (${statusOf(e)})`);
  return id;
}

const refusedCase = (full: FullRegion) =>
  `VLAN ${full.next}, new in region ${full.region}, which has ${VLANS_PER_REGION} VLANs already`;

const joinedCase = (full: FullRegion, label: string) =>
  `VLAN ${label}, one of the ${VLANS_PER_REGION} VLANs region ${full.region} has, joined by another instance`;

/** Judges both halves of the clause: a new VLAN refused at the limit, an existing one still joined. */
function judge(kit: Kit, full: FullRegion, refused: Exchange, joined: Exchange, label: string): void {
  kit.check(rejectedWith4xx(refused), refusedCase(full));
  kit.check(acceptedWith2xx(joined), joinedCase(full, label));
}

export async function instanceCreateVlanLimit(ctx: WrittenContext) {
  const { kit } = ctx;
  const full = await fullRegion(ctx, false);
  const create = (label: string) =>
    kit.send(ops.create, { body: instanceBody(kit, { interfaces: [vlan(label)] }, true), token: full.token });
  const joined = full.labels[0] as string;
  judge(kit, full, await create(full.next), await create(joined), joined);
}

export async function configCreateVlanLimit(ctx: WrittenContext) {
  const full = await fullRegion(ctx, true);
  const nodeId = full.second as number;
  const joined = full.labels[0] as string;
  const refused = await profileWith(ctx, full.token, nodeId, [full.next]);
  judge(ctx.kit, full, refused, await profileWith(ctx, full.token, nodeId, [joined]), joined);
}

export async function configUpdateVlanLimit(ctx: WrittenContext) {
  const { kit } = ctx;
  const full = await fullRegion(ctx, true);
  const nodeId = full.second as number;
  const configId = await profileOf(kit, full, nodeId);
  const kept = full.labels.at(-1) as string;
  const joined = full.labels[0] as string;
  // The profile keeps its VLAN in both updates, so the region's count before and after is the same.
  const update = (label: string) =>
    kit.send(opOf('configs/update'), {
      params: { nodeId, configId },
      body: { interfaces: [vlan(kept), vlan(label)] },
      token: full.token,
    });
  judge(kit, full, await update(full.next), await update(joined), joined);
}

export async function interfaceAddVlanLimit(ctx: WrittenContext) {
  const { kit } = ctx;
  const full = await fullRegion(ctx, true);
  const nodeId = full.second as number;
  const configId = await profileOf(kit, full, nodeId);
  const joined = full.labels[0] as string;
  const add = (label: string) =>
    kit.send(ops.addInterface, { params: { nodeId, configId }, body: vlan(label), token: full.token });
  judge(kit, full, await add(full.next), await add(joined), joined);
}
