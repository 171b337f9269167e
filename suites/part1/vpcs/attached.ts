// Instances attached to VPC subnets through configuration profile interfaces (Part 3), made for the Part 1 requirements that need them.

import { opOf, runLabel } from '../../conventions/sample.js';
import type { WrittenContext } from '../../support/author.js';

type Json = Record<string, unknown>;

export const PART3 = 'needs an instance with a VPC interface (Part 3)';

const idOf = (json: unknown, field = 'id') => (json as Json | undefined)?.[field];

export interface Subnet {
  vpcId: number;
  subnetId: number;
}

export interface Attachment extends Subnet {
  nodeId: number;
  configId: number;
  interfaceId: number;
}

/** A VPC of the run with one subnet of the given range. */
export async function vpcWithSubnet(ctx: WrittenContext, ipv4: string): Promise<Subnet> {
  const { kit, fixtures } = ctx;
  const body = {
    label: runLabel(kit, 'net'),
    region: kit.session.config.regions[0] ?? '',
    subnets: [{ label: 'attached', ipv4 }],
  };
  const e = await kit.send(opOf('vpcs/create'), { body });
  const vpcId = idOf(e.response?.json);
  const subnetId = idOf(((e.response?.json as Json | undefined)?.subnets as Json[] | undefined)?.[0]);
  if (typeof vpcId !== 'number' || typeof subnetId !== 'number')
    return kit.skip(`a VPC with a subnet could not be made (${e.response?.status})`);
  fixtures.track(opOf('vpcs/delete'), { vpcId });
  return { vpcId, subnetId };
}

/** An empty instance (it stays offline, so its interfaces stay inactive); skips, saying `need`, where none can be made. */
export async function instance(
  ctx: WrittenContext,
  extra: Json = {},
  need = 'needs an instance (Part 3)',
): Promise<number> {
  const { kit, fixtures } = ctx;
  const create = opOf('instances/create');
  kit.session.requireSendable(create);
  const { config } = kit.session;
  const body = { region: config.regions[0] ?? '', type: config.types[0] ?? '', label: runLabel(kit, 'node'), ...extra };
  const e = await kit.send(create, { body });
  const nodeId = idOf(e.response?.json);
  if (typeof nodeId !== 'number')
    return kit.skip(`${need}: instance create answered ${e.response?.status ?? 'nothing'}`);
  fixtures.track(opOf('instances/delete'), { nodeId });
  return nodeId;
}

/** A new configuration profile of the instance whose one interface is a VPC interface on the subnet. */
export async function vpcInterface(ctx: WrittenContext, nodeId: number, on: Subnet): Promise<Attachment> {
  const { kit } = ctx;
  const body = { label: 'vpc', devices: {}, interfaces: [{ purpose: 'vpc', subnet_id: on.subnetId }] };
  const e = await kit.send(opOf('configs/create'), { params: { nodeId }, body });
  const configId = idOf(e.response?.json);
  if (typeof configId !== 'number')
    return kit.skip(`${PART3}: configuration profile create answered ${e.response?.status}`);
  const list = await kit.send(opOf('interfaces/list'), { params: { nodeId, configId } });
  const found = Array.isArray(list.response?.json) ? (list.response.json as Json[]) : [];
  const interfaceId = idOf(found.find((i) => i.purpose === 'vpc'));
  if (typeof interfaceId !== 'number') return kit.skip(`${PART3}: the VPC interface made shows no id`);
  return { ...on, nodeId, configId, interfaceId };
}

/** A VPC whose subnet has an instance attached through a VPC interface: VPC, then instance (deleted first at cleanup). */
export async function attached(ctx: WrittenContext, ipv4: string): Promise<Attachment> {
  const subnet = await vpcWithSubnet(ctx, ipv4);
  return vpcInterface(ctx, await instance(ctx, {}, PART3), subnet);
}
