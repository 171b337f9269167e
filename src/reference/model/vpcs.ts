// VPCs and subnets of the reference server: create with subnets, update, all-or-nothing delete, and their events; no HTTP types.

import { can } from './access.js';
import { regionExists } from './catalogue.js';
import { conflict, invalid, notFound } from './errors.js';
import { applyUpdate, removeDeleted } from './seams.js';
import { type Account, type Principal, timestamp } from './world.js';

export interface Subnet {
  id: number;
  label: string;
  ipv4: string;
  created: string;
  updated: string | null;
}

export interface Vpc {
  id: number;
  label: string;
  description: string;
  region: string;
  subnets: Subnet[];
  created: string;
  updated: string | null;
}

export interface SubnetInput {
  label: string;
  ipv4: string;
}

/** Whether a subnet still has interfaces assigned; model/wiring.ts installs the interfaces model's test. */
export type SubnetInUse = (account: Account, subnetId: number) => boolean;
export const subnetUsage: { inUse: SubnetInUse } = { inUse: () => false };

const store = (account: Account) => account.store('vpcs', () => new Map<number, Vpc>());

const entity = (v: Vpc) => ({ id: v.id, type: 'vpc', label: v.label, url: `/v4/vpcs/${v.id}` });
const subnetEntity = (v: Vpc, s: Subnet) => ({
  id: s.id,
  type: 'subnet',
  label: s.label,
  url: `/v4/vpcs/${v.id}/subnets/${s.id}`,
});

export function listVpcs(p: Principal): Vpc[] {
  return [...store(p.account).values()].filter((v) => can(p, 'vpc', v.id, 'read_only'));
}

export function getVpc(p: Principal, id: number): Vpc {
  const vpc = store(p.account).get(id);
  if (!vpc || !can(p, 'vpc', id, 'read_only')) throw notFound('VPC not found');
  return vpc;
}

function newSubnet(p: Principal, input: SubnetInput): Subnet {
  return {
    id: p.account.world.id(),
    label: input.label,
    ipv4: input.ipv4,
    created: timestamp(p.account.world.now()),
    updated: null,
  };
}

export function createVpc(
  p: Principal,
  input: { label: string; region: string; description?: string; subnets?: SubnetInput[] },
): Vpc {
  if (!regionExists(input.region)) throw invalid('region', `Region ${input.region} does not exist`);
  const { world } = p.account;
  const vpc: Vpc = {
    id: world.id(),
    label: input.label,
    description: input.description ?? '',
    region: input.region,
    subnets: (p.account.world.fault('vpc-subnets-dropped') ? [] : (input.subnets ?? [])).map((s) => newSubnet(p, s)),
    created: timestamp(world.now()),
    updated: null,
  };
  store(p.account).set(vpc.id, vpc);
  if (p.user.restricted) p.user.grants.entities.vpc.set(vpc.id, 'read_write');
  p.account.events.record('vpc_create', entity(vpc), p.user.username, 'vpc');
  for (const s of vpc.subnets)
    p.account.events.record('subnet_create', subnetEntity(vpc, s), p.user.username, 'vpc', vpc.id);
  return vpc;
}

export function updateVpc(p: Principal, id: number, input: { label?: string; description?: string }): Vpc {
  const vpc = getVpc(p, id);
  const { world } = p.account;
  applyUpdate(world, () => {
    if (input.label !== undefined) vpc.label = input.label;
    if (input.description !== undefined) vpc.description = input.description;
  });
  vpc.updated = timestamp(world.now());
  p.account.events.record('vpc_update', entity(vpc), p.user.username, 'vpc');
  return vpc;
}

/** Deletes the VPC and every subnet, or nothing when a subnet still has interfaces. */
export function deleteVpc(p: Principal, id: number): void {
  const vpc = getVpc(p, id);
  const { world } = p.account;
  const blocked = vpc.subnets.filter((s) => subnetUsage.inUse(p.account, s.id));
  if (blocked.length && !world.fault('vpc-delete-partial')) {
    throw conflict(`Subnet ${blocked[0]?.id} has interfaces assigned; nothing was deleted`);
  }
  if (blocked.length) {
    vpc.subnets = blocked;
    return;
  }
  removeDeleted(world, () => store(p.account).delete(id));
  p.account.events.record('vpc_delete', entity(vpc), p.user.username, 'vpc');
  for (const s of vpc.subnets)
    p.account.events.record('subnet_delete', subnetEntity(vpc, s), p.user.username, 'vpc', vpc.id);
}

export function getSubnet(p: Principal, vpcId: number, subnetId: number): { vpc: Vpc; subnet: Subnet } {
  const vpc = getVpc(p, vpcId);
  const subnet = vpc.subnets.find((s) => s.id === subnetId);
  if (!subnet) throw notFound('Subnet not found');
  return { vpc, subnet };
}

export function createSubnet(p: Principal, vpcId: number, input: SubnetInput): Subnet {
  const vpc = getVpc(p, vpcId);
  const subnet = newSubnet(p, input);
  vpc.subnets.push(subnet);
  p.account.events.record('subnet_create', subnetEntity(vpc, subnet), p.user.username, 'vpc', vpc.id);
  return subnet;
}

export function updateSubnet(p: Principal, vpcId: number, subnetId: number, input: { label?: string }): Subnet {
  const { vpc, subnet } = getSubnet(p, vpcId, subnetId);
  applyUpdate(p.account.world, () => {
    if (input.label !== undefined) subnet.label = input.label;
  });
  subnet.updated = timestamp(p.account.world.now());
  p.account.events.record('subnet_update', subnetEntity(vpc, subnet), p.user.username, 'vpc', vpc.id);
  return subnet;
}

export function deleteSubnet(p: Principal, vpcId: number, subnetId: number): void {
  const { vpc, subnet } = getSubnet(p, vpcId, subnetId);
  if (subnetUsage.inUse(p.account, subnet.id)) throw conflict('The subnet has interfaces assigned', 'subnet');
  removeDeleted(p.account.world, () => {
    vpc.subnets = vpc.subnets.filter((s) => s.id !== subnetId);
  });
  p.account.events.record('subnet_delete', subnetEntity(vpc, subnet), p.user.username, 'vpc', vpc.id);
}
