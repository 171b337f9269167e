// Procedures of the VPC requirements about instances attached to subnets: deletes refused while attached, a subnet's nodes, the VPC IP lists.

import { opOf } from '../../conventions/sample.js';
import {
  acceptedWith2xx,
  described,
  type Exchange,
  failed,
  refusedBeside,
  type WrittenContext,
} from '../../support/author.js';
import { attached, instance, PART3, vpcInterface, vpcWithSubnet } from './attached.js';

type Json = Record<string, unknown>;

/** What must remain answers a 2xx to a read. */
const remains = (e: Exchange, what: string) =>
  acceptedWith2xx(e).ok === true
    ? ({ ok: true } as const)
    : failed('vpc-remains', `${what} still there (a 2xx)`, described(e), 'A refused delete deletes nothing.', e);

const viewSubnet = (ctx: WrittenContext, vpcId: number, vpcSubnetId: number) =>
  ctx.kit.send(opOf('vpcs/subnets/view'), { params: { vpcId, vpcSubnetId } });

export async function allOrNothing(ctx: WrittenContext) {
  const { kit } = ctx;
  const a = await attached(ctx, '10.40.0.0/24');
  const spare = await kit.send(opOf('vpcs/subnets/create'), {
    params: { vpcId: a.vpcId },
    body: { label: 'spare', ipv4: '10.41.0.0/24' },
  });
  const spareId = (spare.response?.json as Json | undefined)?.id;
  if (typeof spareId !== 'number') return kit.skip('a second, deletable subnet could not be made');
  const del = await kit.send(opOf('vpcs/delete'), { params: { vpcId: a.vpcId } });
  await refusedBeside(kit, del, 'deleting a VPC while one subnet has an interface assigned', {
    what: 'deleting a VPC of one subnet no interface is assigned to',
    send: async () => {
      const body = {
        label: `${kit.session.config.labelPrefix}-free${kit.session.nextSeed() % 100000}`,
        region: kit.session.config.regions[0],
        subnets: [{ label: 'free', ipv4: '10.43.0.0/24' }],
      };
      const made = await kit.send(opOf('vpcs/create'), { body });
      return kit.send(opOf('vpcs/delete'), {
        params: { vpcId: Number((made.response?.json as Json | undefined)?.id) },
      });
    },
  });
  kit.check(remains(await kit.send(opOf('vpcs/view'), { params: { vpcId: a.vpcId } }), `VPC ${a.vpcId}`));
  kit.check(remains(await viewSubnet(ctx, a.vpcId, a.subnetId), `the attached subnet ${a.subnetId}`));
  kit.check(remains(await viewSubnet(ctx, a.vpcId, spareId), `the deletable subnet ${spareId}`));
}

export async function subnetDeleteRefused(ctx: WrittenContext) {
  const { kit } = ctx;
  const a = await attached(ctx, '10.42.0.0/24');
  const remove = (vpcSubnetId: unknown) =>
    kit.send(opOf('vpcs/subnets/delete'), { params: { vpcId: a.vpcId, vpcSubnetId: Number(vpcSubnetId) } });
  const del = await remove(a.subnetId);
  await refusedBeside(kit, del, `deleting subnet ${a.subnetId} while interface ${a.interfaceId} is assigned to it`, {
    what: 'deleting a subnet of the same VPC no interface is assigned to',
    send: async () => {
      const spare = await kit.send(opOf('vpcs/subnets/create'), {
        params: { vpcId: a.vpcId },
        body: { label: 'spare', ipv4: '10.44.0.0/24' },
      });
      return remove((spare.response?.json as Json | undefined)?.id);
    },
  });
  kit.check(remains(await viewSubnet(ctx, a.vpcId, a.subnetId), `subnet ${a.subnetId}`));
}

/** Two profiles of one instance, each with a VPC interface on the same subnet: the subnet's `nodes` names both. */
export async function nodesFromInterfaces(ctx: WrittenContext) {
  const { kit } = ctx;
  const first = await attached(ctx, '10.43.0.0/24');
  const second = await vpcInterface(ctx, first.nodeId, first);
  const e = await viewSubnet(ctx, first.vpcId, first.subnetId);
  const nodes = ((e.response?.json as Json | undefined)?.nodes ?? []) as Json[];
  const node = Array.isArray(nodes) ? nodes.find((n) => n.id === first.nodeId) : undefined;
  const listed = Array.isArray(node?.interfaces) ? (node.interfaces as Json[]).map((i) => i.id) : [];
  const missing = [first.interfaceId, second.interfaceId].filter((id) => !listed.includes(id));
  if (!node || missing.length) {
    kit.check(
      failed(
        'subnet-nodes',
        `nodes holding instance ${first.nodeId} with interfaces ${first.interfaceId} and ${second.interfaceId}`,
        node ? `interfaces ${JSON.stringify(listed)}` : `nodes ${JSON.stringify(nodes)}`,
        "A subnet's nodes lists each instance whose profile interfaces reference it, with those interfaces.",
        e,
      ),
    );
  }
}

/** One instance with a VPC interface in each of two VPCs (two profiles). */
async function twoVpcs(ctx: WrittenContext) {
  const a = await vpcWithSubnet(ctx, '10.44.0.0/24');
  const b = await vpcWithSubnet(ctx, '10.45.0.0/24');
  const nodeId = await instance(ctx, {}, PART3);
  return { a: await vpcInterface(ctx, nodeId, a), b: await vpcInterface(ctx, nodeId, b) };
}

/** The records of an IP list over every page. */
async function allRecords(
  ctx: WrittenContext,
  opId: string,
  params: Json = {},
): Promise<{ records: Json[]; last?: Exchange }> {
  const records: Json[] = [];
  let last: Exchange | undefined;
  for (let page = 1; page <= 20; page++) {
    last = await ctx.kit.send(opOf(opId), {
      params: params as Record<string, number>,
      query: { page, page_size: 500 },
    });
    const body = last.response?.json as { data?: Json[]; pages?: number } | undefined;
    for (const item of body?.data ?? []) records.push(item);
    if (page >= (body?.pages ?? 0)) break;
  }
  return { records, ...(last ? { last } : {}) };
}

const hasInterface = (records: Json[], id: number) => records.some((r) => r.interface_id === id);

export async function listAllEveryInterface(ctx: WrittenContext) {
  const { a, b } = await twoVpcs(ctx);
  const { records, last } = await allRecords(ctx, 'vpcs/ips/list-all');
  const missing = [a, b].filter((x) => !hasInterface(records, x.interfaceId));
  if (missing.length) {
    ctx.kit.check(
      failed(
        'vpc-ips-every-interface',
        `records for interfaces ${a.interfaceId} (profile ${a.configId}) and ${b.interfaceId} (profile ${b.configId})`,
        `missing ${missing.map((x) => x.interfaceId).join(', ')}`,
        'The account-wide VPC IP list holds the VPC interface of every profile of every instance.',
        last,
      ),
    );
  }
}

export async function listOneVpcOnly(ctx: WrittenContext) {
  const { a, b } = await twoVpcs(ctx);
  const { records, last } = await allRecords(ctx, 'vpcs/ips/list', { vpcId: a.vpcId });
  const foreign = records.filter((r) => r.vpc_id !== a.vpcId);
  const problems = [
    foreign.length ? `records of other VPCs: ${foreign.map((r) => `vpc ${String(r.vpc_id)}`).join(', ')}` : '',
    hasInterface(records, a.interfaceId) ? '' : `no record for interface ${a.interfaceId}`,
    hasInterface(records, b.interfaceId) ? `a record for interface ${b.interfaceId} of VPC ${b.vpcId}` : '',
  ].filter(Boolean);
  if (problems.length) {
    ctx.kit.check(
      failed(
        'vpc-ips-one-vpc',
        `only records of VPC ${a.vpcId}, including interface ${a.interfaceId}`,
        problems.join('; '),
        "The VPC IP list of one VPC holds that VPC's interface addresses and nothing else.",
        last,
      ),
    );
  }
}
