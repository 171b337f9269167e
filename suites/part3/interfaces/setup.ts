// What the interface procedures build on: an instance of their own, a VPC subnet, profiles with given interfaces, the interfaces list, and power actions awaited until the instance settles.

import { opOf } from '../../../spec/index.js';
import { TRANSITIONAL_STATUSES } from '../../../spec/part3/instances.js';
import { type Exchange, runVlan, type WrittenContext } from '../../support/author.js';

export type Json = Record<string, unknown>;

export { opOf };

const idOf = (e: Exchange): unknown => (e.response?.json as Json | undefined)?.id;

export const isOk = (e: Exchange) => (e.response?.status ?? 0) >= 200 && (e.response?.status ?? 0) < 300;

/** A label carrying the run's prefix (the harness deletes what a test creates, by the create it sent). */
export const runLabel = (ctx: WrittenContext, tag: string) =>
  `${ctx.kit.session.config.labelPrefix}-${tag}${ctx.kit.session.nextSeed() % 100000}`;

/** A VLAN name of this run: few names, so the region's VLAN limit is not reached by this suite. */
export const vlanName = (ctx: WrittenContext, n: number) => runVlan(ctx.kit.session.config.labelPrefix, n);

/**
 * The empty disk each instance made here holds, which every profile made here mounts as sda so that it can
 * boot; kept per session, since two targets of one worker (a mutation run's servers) hand out the same ids.
 */
const rootDisks = new WeakMap<WrittenContext['kit']['session'], Map<number, number>>();

const rootDisksOf = (ctx: WrittenContext) => {
  const disks = rootDisks.get(ctx.kit.session) ?? new Map<number, number>();
  rootDisks.set(ctx.kit.session, disks);
  return disks;
};

/** A new instance with one empty disk and no profile; skips unless the run may create instances. */
export async function newInstance(ctx: WrittenContext): Promise<number> {
  const { kit } = ctx;
  kit.session.requireSendable(opOf('instances/create'));
  const { config } = kit.session;
  const body = { region: config.regions[0], type: config.types[0], label: runLabel(ctx, 'if') };
  const e = await kit.send(opOf('instances/create'), { body });
  const id = idOf(e);
  if (typeof id !== 'number')
    return kit.skip(`an instance could not be created (${e.response?.status ?? 'no answer'})`);
  const root = await kit.send(opOf('disks/create'), { params: { nodeId: id }, body: { label: 'root', size: 1024 } });
  const diskId = idOf(root);
  if (typeof diskId !== 'number')
    return kit.skip(`the instance's disk could not be created (${root.response?.status})`);
  rootDisksOf(ctx).set(id, diskId);
  await settle(ctx, id);
  return id;
}

/** Devices of a profile made here: the instance's disk as sda. */
const rootDevices = (ctx: WrittenContext, nodeId: number): Json => {
  const diskId = rootDisksOf(ctx).get(nodeId);
  return diskId === undefined ? {} : { sda: { disk_id: diskId } };
};

export interface Subnet {
  vpcId: number;
  subnetId: number;
  cidr: string;
}

/** A VPC in the run's region with one subnet of the given range (create it before the instances that use it). */
export async function newSubnet(ctx: WrittenContext, cidr: string): Promise<Subnet> {
  const { kit } = ctx;
  const body = {
    label: runLabel(ctx, 'ifnet'),
    region: kit.session.config.regions[0],
    subnets: [{ label: 'ifsub', ipv4: cidr }],
  };
  const e = await kit.send(opOf('vpcs/create'), { body });
  const vpcId = idOf(e);
  const subnets = (e.response?.json as Json | undefined)?.subnets;
  const subnetId = Array.isArray(subnets) ? (subnets[0] as Json | undefined)?.id : undefined;
  if (typeof vpcId !== 'number' || typeof subnetId !== 'number')
    return kit.skip(`a VPC with a subnet could not be created (${e.response?.status ?? 'no answer'})`);
  return { vpcId, subnetId, cidr };
}

/** Sends a profile create with these interfaces (no devices). */
export const createProfile = (ctx: WrittenContext, nodeId: number, interfaces: Json[]) =>
  ctx.kit.send(opOf('configs/create'), {
    params: { nodeId },
    body: { label: runLabel(ctx, 'p'), devices: rootDevices(ctx, nodeId), interfaces },
  });

/** A profile with these interfaces; skips when the target refuses it, since the clause is about what follows. */
export async function profile(ctx: WrittenContext, nodeId: number, interfaces: Json[]): Promise<number> {
  const e = await createProfile(ctx, nodeId, interfaces);
  const id = idOf(e);
  if (typeof id !== 'number')
    return ctx.kit.skip(`a profile with interfaces ${JSON.stringify(interfaces)} was refused (${e.response?.status})`);
  return id;
}

export interface Listed {
  records: Json[];
  e: Exchange;
}

/** The interfaces of a profile, in the order the list answers them. */
export async function interfacesOf(ctx: WrittenContext, nodeId: number, configId: number): Promise<Listed> {
  const e = await ctx.kit.send(opOf('interfaces/list'), { params: { nodeId, configId } });
  const json = e.response?.json;
  const records = Array.isArray(json) ? (json as Json[]) : (((json as Json | undefined)?.data as Json[]) ?? []);
  if (!isOk(e)) return ctx.kit.skip(`the interfaces list answered ${e.response?.status ?? 'nothing'}`);
  return { records, e };
}

export const idsOf = (records: Json[]) => records.map((r) => r.id);

/** One interface of a profile by id, read from its view. */
export const viewInterface = (ctx: WrittenContext, nodeId: number, configId: number, interfaceId: unknown) =>
  ctx.kit.send(opOf('interfaces/view'), { params: { nodeId, configId, interfaceId: Number(interfaceId) } });

export const addInterface = (ctx: WrittenContext, nodeId: number, configId: number, body: Json) =>
  ctx.kit.send(opOf('interfaces/add'), { params: { nodeId, configId }, body });

/** Adds an interface the clause needs as a precondition; skips when refused. */
export async function added(ctx: WrittenContext, nodeId: number, configId: number, body: Json): Promise<Json> {
  const e = await addInterface(ctx, nodeId, configId, body);
  if (!isOk(e)) return ctx.kit.skip(`adding ${JSON.stringify(body)} was refused (${e.response?.status})`);
  const { records } = await interfacesOf(ctx, nodeId, configId);
  const last = records.at(-1);
  if (!last) return ctx.kit.skip('the added interface is not listed');
  return last;
}

const TRANSITIONAL = TRANSITIONAL_STATUSES;
const SETTLE_MS = 120_000;

/** Waits while the instance's status is transitional; answers the settled status. */
export async function settle(ctx: WrittenContext, nodeId: number): Promise<unknown> {
  const deadline = Date.now() + SETTLE_MS;
  for (;;) {
    const e = await ctx.kit.send(opOf('instances/view'), { params: { nodeId } });
    const status = (e.response?.json as Json | undefined)?.status;
    if (typeof status !== 'string' || !TRANSITIONAL.has(status)) return status;
    if (Date.now() > deadline) return ctx.kit.skip(`instance ${nodeId} stayed ${status} past the settle deadline`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A power action (boot, reboot, shutdown) the clause needs; skips when refused, waits until the instance settles. */
export async function power(
  ctx: WrittenContext,
  action: 'boot' | 'reboot' | 'shutdown',
  nodeId: number,
  configId?: number,
): Promise<void> {
  await settle(ctx, nodeId);
  const body = configId === undefined ? undefined : { config_id: configId };
  const e = await ctx.kit.send(opOf(`instances/${action}`), { params: { nodeId }, ...(body ? { body } : {}) });
  if (!isOk(e)) return ctx.kit.skip(`the ${action} the clause needs was refused (${e.response?.status})`);
  await settle(ctx, nodeId);
}

/** The instance's public IPv4 addresses (those outside the private ranges). */
export async function publicIpv4(ctx: WrittenContext, nodeId: number): Promise<string[]> {
  const e = await ctx.kit.send(opOf('instances/view'), { params: { nodeId } });
  const ipv4 = (e.response?.json as Json | undefined)?.ipv4;
  const all = Array.isArray(ipv4) ? ipv4.filter((a): a is string => typeof a === 'string') : [];
  const priv = (a: string) => {
    const [x, y] = a.split('.').map(Number);
    return x === 10 || (x === 172 && y !== undefined && y >= 16 && y <= 31) || (x === 192 && y === 168);
  };
  return all.filter((a) => !priv(a));
}
