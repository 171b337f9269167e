// Procedures of the configuration profile clauses written in prose: empty device slots, other kernels, the root device default, interfaces replaced on update.

import { acceptedWith2xx, recordValueIn, type WrittenContext } from '../../support/author.js';
import { interfacesOf, isOk, type Json, newInstance, opOf, runLabel, vlanName } from '../interfaces/setup.js';

const DEFAULT_ROOT = '/dev/sda';
const INVALID_ROOT = 'not a device';

const create = (ctx: WrittenContext, nodeId: number, body: Json) =>
  ctx.kit.send(opOf('configs/create'), { params: { nodeId }, body: { label: runLabel(ctx, 'cfg'), ...body } });

const view = (ctx: WrittenContext, nodeId: number, configId: unknown) =>
  ctx.kit.send(opOf('configs/view'), { params: { nodeId, configId: Number(configId) } });

/** A profile the clause needs as a starting point; skips when refused. */
async function made(ctx: WrittenContext, nodeId: number, body: Json): Promise<number> {
  const e = await create(ctx, nodeId, body);
  const id = (e.response?.json as Json | undefined)?.id;
  if (typeof id !== 'number')
    return ctx.kit.skip(`the profile ${JSON.stringify(body)} was refused (${e.response?.status})`);
  return id;
}

export async function devicesMayBeEmpty(ctx: WrittenContext) {
  const nodeId = await newInstance(ctx);
  for (const [what, devices] of [
    ['an empty devices object', {}],
    ['null slots', { sda: null, sdb: null, sdh: null }],
  ] as const) {
    ctx.kit.check(acceptedWith2xx(await create(ctx, nodeId, { devices })), what);
  }
}

export async function otherKernels(ctx: WrittenContext) {
  const nodeId = await newInstance(ctx);
  for (const kernel of ['node/grub2', 'node/direct-disk'])
    ctx.kit.check(acceptedWith2xx(await create(ctx, nodeId, { devices: {}, kernel })), `kernel ${kernel}`);
}

/** The profile's root_device, as its view shows it; skips where the view does not show the field. */
async function rootDeviceIs(ctx: WrittenContext, nodeId: number, configId: unknown, when: string) {
  const e = await view(ctx, nodeId, configId);
  const record = e.response?.json as Json | undefined;
  if (!isOk(e) || record?.root_device === undefined)
    return ctx.kit.skip('the profile view does not show root_device (its fields are not shown by the documents)');
  const why = `An invalid root_device gives ${DEFAULT_ROOT}, as when it is absent.`;
  ctx.kit.check(recordValueIn(record, 'root_device', [DEFAULT_ROOT], why, e), when);
}

export async function createRootDeviceDefaults(ctx: WrittenContext) {
  const nodeId = await newInstance(ctx);
  const e = await create(ctx, nodeId, { devices: {}, root_device: INVALID_ROOT });
  if (!ctx.kit.check(acceptedWith2xx(e), `root_device ${JSON.stringify(INVALID_ROOT)} on create`)) return;
  await rootDeviceIs(ctx, nodeId, (e.response?.json as Json | undefined)?.id, 'after create');
}

export async function updateRootDeviceDefaults(ctx: WrittenContext) {
  const nodeId = await newInstance(ctx);
  const configId = await made(ctx, nodeId, { devices: {}, root_device: '/dev/sdb' });
  const e = await ctx.kit.send(opOf('configs/update'), {
    params: { nodeId, configId },
    body: { root_device: INVALID_ROOT },
  });
  if (!ctx.kit.check(acceptedWith2xx(e), `root_device ${JSON.stringify(INVALID_ROOT)} on update`)) return;
  await rootDeviceIs(ctx, nodeId, configId, 'after the update of a profile whose root_device was /dev/sdb');
}

/** The parts of an interface record a request defines (what the update redefines in full). */
const defined = (r: Json) => ({ purpose: r.purpose, label: r.label ?? null, primary: r.primary === true });

export async function interfacesRedefined(ctx: WrittenContext) {
  const nodeId = await newInstance(ctx);
  const configId = await made(ctx, nodeId, {
    devices: {},
    interfaces: [
      { purpose: 'public', primary: true },
      { purpose: 'vlan', label: vlanName(ctx, 1) },
    ],
  });
  const given = [
    { purpose: 'vlan', label: vlanName(ctx, 2), primary: false },
    { purpose: 'public', label: null, primary: false },
  ];
  const e = await ctx.kit.send(opOf('configs/update'), { params: { nodeId, configId }, body: { interfaces: given } });
  if (!ctx.kit.check(acceptedWith2xx(e), 'an update with interfaces')) return;
  const { records, e: list } = await interfacesOf(ctx, nodeId, configId);
  const why = "An update with interfaces replaces the profile's interfaces with exactly the ones given.";
  ctx.kit.check(recordValueIn({ interfaces: records.map(defined) }, 'interfaces', [given], why, list));
}
