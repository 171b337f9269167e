// Procedures of the addresses clauses about VPC interfaces: every profile's VPC addresses listed, and the 1:1 NAT target kept.

import { opOf } from '../../conventions/sample.js';
import {
  acceptedWith2xx,
  includesAll,
  isPrivateIpv4,
  type Kit,
  refusedBeside,
  stillThere,
  type WrittenContext,
} from '../../support/author.js';
import { addConfig, addDisk, type Json, jsonOf, newInstance, requireFull, runLabel, settle } from '../backups/nodes.js';
import { networking } from './addresses.js';

/** Every string value of an answer whose shape is not shown. */
function stringsIn(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string') found.push(value.split('/')[0] ?? value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) stringsIn(v, found);
  return found;
}

/** A VPC of the run with one subnet `10.<octet>.0.0/24`, deleted at the end (after the instances made later). */
async function subnet(ctx: WrittenContext, octet: number): Promise<number> {
  const { kit, fixtures } = ctx;
  requireFull(kit);
  const body = {
    label: runLabel(kit, 'vpc'),
    region: kit.session.config.regions[0],
    subnets: [{ label: 'ips', ipv4: `10.${octet}.0.0/24` }],
  };
  const e = await kit.send(opOf('vpcs/create'), { body });
  const vpcId = jsonOf(e)?.id;
  const subnetId = ((jsonOf(e)?.subnets as Json[] | undefined)?.[0] as Json | undefined)?.id;
  if (typeof vpcId !== 'number' || typeof subnetId !== 'number')
    return kit.skip(`a VPC with a subnet could not be made (${e.response?.status})`);
  fixtures.track(opOf('vpcs/delete'), { vpcId });
  return subnetId;
}

const octet = (kit: Kit) => 20 + (kit.session.nextSeed() % 200);

export async function everyVpcInterface(ctx: WrittenContext) {
  const { kit } = ctx;
  const n = octet(kit);
  const subnetId = await subnet(ctx, n);
  const nodeId = await newInstance(ctx);
  const addresses = [`10.${n}.0.10`, `10.${n}.0.11`];
  for (const vpc of addresses) {
    await addConfig(ctx, nodeId, { interfaces: [{ purpose: 'vpc', subnet_id: subnetId, ipv4: { vpc } }] });
  }
  const e = await kit.send(opOf('ips/list'), { params: { nodeId } });
  const why = 'The networking information lists the addresses of every VPC interface of every profile.';
  kit.check(includesAll(stringsIn(jsonOf(e)), addresses, `VPC addresses of two profiles of ${nodeId}`, why, e));
}

/** The interface of a profile, by its one interface's position. */
async function firstInterface(kit: Kit, nodeId: number, configId: number): Promise<Json | undefined> {
  const e = await kit.send(opOf('interfaces/list'), { params: { nodeId, configId } });
  const list = jsonOf(e) as unknown;
  const items = Array.isArray(list) ? list : ((list as Json | undefined)?.data as unknown[] | undefined);
  return items?.[0] as Json | undefined;
}

/**
 * A running instance whose active VPC interface has a 1:1 NAT to its public address. Where the
 * target allocates no second public address, the NAT target is also the last public one.
 */
export async function notNatTarget(ctx: WrittenContext) {
  const { kit } = ctx;
  const subnetId = await subnet(ctx, octet(kit));
  const nodeId = await newInstance(ctx);
  const diskId = await addDisk(ctx, nodeId);
  const iface = { purpose: 'vpc', subnet_id: subnetId, ipv4: { nat_1_1: 'any' } };
  const configId = await addConfig(ctx, nodeId, { devices: { sda: { disk_id: diskId } }, interfaces: [iface] });
  const second = await kit.send(opOf('ips/allocate'), { params: { nodeId }, body: { public: true, type: 'ipv4' } });
  const boot = await kit.send(opOf('instances/boot'), { params: { nodeId }, body: { config_id: configId } });
  if (!kit.check(acceptedWith2xx(boot), `booting instance ${nodeId} with profile ${configId}`)) return;
  await settle(kit, nodeId);
  const shown = await firstInterface(kit, nodeId, configId);
  if (shown?.active !== true) return kit.skip(`the VPC interface of profile ${configId} is not active after the boot`);
  const nat = (shown.ipv4 as Json | undefined)?.nat_1_1;
  const publics = (await networking(kit, nodeId)).ipv4.filter((a) => !isPrivateIpv4(a));
  const address = typeof nat === 'string' && publics.includes(nat) ? nat : publics[0];
  if (!address) return kit.skip(`instance ${nodeId} lists no public IPv4 address`);
  const only = acceptedWith2xx(second).ok === true ? '' : ' (also its only public IPv4 address)';
  const remove = (a: unknown) => kit.send(opOf('ips/delete'), { params: { nodeId, address: String(a) } });
  const other = publics.find((a) => a !== address);
  await refusedBeside(
    kit,
    await remove(address),
    `deleting ${address}, the 1:1 NAT of an active VPC interface${only}`,
    {
      what: other
        ? `deleting ${other}, a public address no interface NATs to`
        : 'deleting a private IPv4 allocated for the purpose',
      send: async () => {
        if (other) return remove(other);
        const made = await kit.send(opOf('ips/allocate'), {
          params: { nodeId },
          body: { public: false, type: 'ipv4' },
        });
        return remove((jsonOf(made) as Json | undefined)?.address);
      },
    },
  );
  const view = await kit.send(opOf('ips/view'), { params: { nodeId, address } });
  kit.check(stillThere(view, `address ${address}`, 'A refused delete leaves the address assigned.'), 'after it');
}
