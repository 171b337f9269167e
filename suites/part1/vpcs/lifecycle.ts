// Procedures of the VPC life cycle written from prose: subnets made with their VPC, and the delete that takes every subnet with it.

import { opOf, runLabel } from '../../conventions/sample.js';
import {
  acceptedWith2xx,
  described,
  type Exchange,
  failed,
  rejectedWith4xx,
  type WrittenContext,
} from '../../support/author.js';

type Json = Record<string, unknown>;

interface SubnetGiven {
  label: string;
  ipv4: string;
}

const SUBNETS: SubnetGiven[] = [
  { label: 'first', ipv4: '10.20.0.0/24' },
  { label: 'second', ipv4: '10.20.1.0/24' },
  { label: 'third', ipv4: '172.16.0.0/20' },
];

/** Makes a VPC with the given subnets in one create; undefined (after recording why) when the create is refused. */
async function vpcWithGivenSubnets(ctx: WrittenContext): Promise<{ e: Exchange; vpc: Json } | undefined> {
  const { kit, fixtures } = ctx;
  const body = { label: runLabel(kit, 'vpc'), region: kit.session.config.regions[0] ?? '', subnets: SUBNETS };
  const e = await kit.send(opOf('vpcs/create'), { body });
  const vpc = e.response?.json as Json | undefined;
  if (!kit.check(acceptedWith2xx(e), 'creating a VPC with three subnets') || typeof vpc?.id !== 'number')
    return undefined;
  // Cleanup takes a 404 in its stride, so a VPC the test deletes itself is tracked as well.
  fixtures.track(opOf('vpcs/delete'), { vpcId: vpc.id });
  return { e, vpc };
}

const asSubnets = (v: unknown): Json[] => (Array.isArray(v) ? (v as Json[]) : []);

/** The given subnets each appear once in a list of subnet records, with the label and range given. */
function holdsGiven(records: Json[], where: string, e: Exchange) {
  const missing = SUBNETS.filter((s) => !records.some((r) => r.label === s.label && r.ipv4 === s.ipv4));
  if (missing.length === 0) return { ok: true } as const;
  return failed(
    'subnets-created',
    `subnets ${SUBNETS.map((s) => `${s.label} ${s.ipv4}`).join(', ')} in ${where}`,
    `missing ${missing.map((s) => `${s.label} ${s.ipv4}`).join(', ')}; found ${JSON.stringify(records.map((r) => [r.label, r.ipv4]))}`,
    'Subnets given in the VPC create body exist afterwards, with the labels and ranges given.',
    e,
  );
}

export async function subnetsCreated(ctx: WrittenContext) {
  const { kit } = ctx;
  const made = await vpcWithGivenSubnets(ctx);
  if (!made) return;
  const vpcId = made.vpc.id as number;
  kit.check(holdsGiven(asSubnets(made.vpc.subnets), 'the create response', made.e));
  const view = await kit.send(opOf('vpcs/view'), { params: { vpcId } });
  kit.check(holdsGiven(asSubnets((view.response?.json as Json | undefined)?.subnets), 'the VPC read back', view));
  const list = await kit.send(opOf('vpcs/subnets/list'), { params: { vpcId }, query: { page_size: 100 } });
  const listed = asSubnets((list.response?.json as Json | undefined)?.data);
  kit.check(holdsGiven(listed, "the VPC's subnet list", list));
  for (const s of listed.filter((r) => SUBNETS.some((g) => g.label === r.label))) {
    const one = await kit.send(opOf('vpcs/subnets/view'), { params: { vpcId, vpcSubnetId: s.id as number } });
    kit.check(acceptedWith2xx(one), `subnet ${String(s.id)} viewed on its own`);
  }
}

export async function cascade(ctx: WrittenContext) {
  const { kit } = ctx;
  const made = await vpcWithGivenSubnets(ctx);
  if (!made) return;
  const vpcId = made.vpc.id as number;
  const subnetIds = asSubnets(made.vpc.subnets).map((s) => s.id as number);
  const del = await kit.send(opOf('vpcs/delete'), { params: { vpcId } });
  if (!kit.check(acceptedWith2xx(del), 'deleting the VPC, every subnet of it deletable')) return;
  const view = await kit.send(opOf('vpcs/view'), { params: { vpcId } });
  kit.check(gone(view), `VPC ${vpcId} after its delete`);
  for (const vpcSubnetId of subnetIds) {
    const s = await kit.send(opOf('vpcs/subnets/view'), { params: { vpcId, vpcSubnetId } });
    kit.check(gone(s), `subnet ${vpcSubnetId} after its VPC's delete`);
  }
  for (let page = 1; page <= 20; page++) {
    const list = await kit.send(opOf('vpcs/list'), { query: { page, page_size: 500 } });
    const body = list.response?.json as { data?: Json[]; pages?: number } | undefined;
    if ((body?.data ?? []).some((v) => v.id === vpcId)) {
      kit.check(
        failed('vpc-deleted', `VPC ${vpcId} absent from the list`, 'still listed', 'A deleted VPC is gone.', list),
      );
    }
    if (page >= (body?.pages ?? 0)) break;
  }
}

/** What is gone answers a 4xx to a read (404 by convention; which 4xx is not this requirement's business). */
const gone = (e: Exchange) =>
  rejectedWith4xx(e).ok === true
    ? ({ ok: true } as const)
    : failed(
        'vpc-deleted',
        'a 4xx: the deleted object is gone',
        described(e),
        'Deleting a VPC deletes it and all its subnets.',
        e,
      );
