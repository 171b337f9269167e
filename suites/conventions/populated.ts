// A list whose every item the suite made: a fresh VPC holding a chosen number of subnets, so counts and pages can be judged exactly.

import type { Exchange, WrittenContext } from '../support/author.js';
import { opOf, runLabel } from './sample.js';

export interface Populated {
  vpcId: number;
  /** Ids of the subnets made, as strings (how pages are compared). */
  ids: string[];
}

/** A distinct canonical /24 per index, inside 10.0.0.0/8. */
export const subnetRange = (i: number) => `10.${Math.floor(i / 256) % 256}.${i % 256}.0/24`;

const idOf = (e: Exchange) => (e.response?.json as { id?: number } | undefined)?.id;

/** A VPC with `count` subnets, deleted when the test ends; skips when the target refuses to make them. */
export async function vpcWithSubnets(ctx: WrittenContext, count: number): Promise<Populated> {
  const { kit, fixtures } = ctx;
  const region = kit.session.config.regions[0] ?? '';
  const vpc = await kit.send(opOf('vpcs/create'), { body: { label: runLabel(kit, 'pages'), region } });
  const vpcId = idOf(vpc);
  if (vpc.response?.status !== 200 || vpcId === undefined) return kit.skip('a VPC to hold subnets could not be made');
  fixtures.track(opOf('vpcs/delete'), { vpcId });
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const body = { label: `s${i}`, ipv4: subnetRange(i) };
    const e = await kit.send(opOf('vpcs/subnets/create'), { params: { vpcId }, body });
    const id = idOf(e);
    if (id === undefined) return kit.skip(`subnet ${i + 1} of ${count} could not be made (${e.response?.status})`);
    ids.push(String(id));
  }
  return { vpcId, ids };
}
