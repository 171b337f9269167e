// Procedures of the rules by purpose that one body alone cannot show: names and addresses unique per instance or VPC, reserved and assigned VPC addresses, 1:1 NAT, one public interface, one primary.

import {
  addressInRange,
  atMostOnePrimary,
  noServerError,
  recordValueIn,
  refusedBeside,
  rejectedWith4xx,
  type WrittenContext,
} from '../../support/author.js';
import {
  added,
  addInterface,
  createProfile,
  interfacesOf,
  type Json,
  newInstance,
  newSubnet,
  opOf,
  profile,
  publicIpv4,
  vlanName,
} from './setup.js';

const vpcOf = (records: Json[]) => records.find((r) => r.purpose === 'vpc');

/** An instance with one profile holding these interfaces. */
async function instanceWith(ctx: WrittenContext, interfaces: Json[]) {
  const nodeId = await newInstance(ctx);
  const configId = await profile(ctx, nodeId, interfaces);
  return { nodeId, configId };
}

/**
 * A second profile of the instance, to which the interface under test is added: on the run's third
 * VLAN, which the tests here leave to it (their first profile and their added interfaces name the
 * first two), so that no new VLAN is made.
 */
const otherProfile = (ctx: WrittenContext, nodeId: number) =>
  profile(ctx, nodeId, [{ purpose: 'vlan', label: vlanName(ctx, 3) }]);

export async function vlanLabelUnique(ctx: WrittenContext) {
  const label = vlanName(ctx, 1);
  const { nodeId } = await instanceWith(ctx, [{ purpose: 'vlan', label }]);
  const second = await otherProfile(ctx, nodeId);
  const e = await addInterface(ctx, nodeId, second, { purpose: 'vlan', label });
  // The control names no VLAN: a new one could meet the region's limit, which several runs on one account share.
  await refusedBeside(ctx.kit, e, `a vlan interface on ${label}, which another profile of the instance uses`, {
    what: 'an interface on no VLAN of the instance (a public one), added to the same profile',
    send: () => addInterface(ctx, nodeId, second, { purpose: 'public' }),
  });
}

export async function ipamAddressUnique(ctx: WrittenContext) {
  const ipam = '10.63.0.7/24';
  const { nodeId } = await instanceWith(ctx, [{ purpose: 'vlan', label: vlanName(ctx, 1), ipam_address: ipam }]);
  const second = await otherProfile(ctx, nodeId);
  const e = await addInterface(ctx, nodeId, second, { purpose: 'vlan', label: vlanName(ctx, 2), ipam_address: ipam });
  const free = '10.63.0.8/24';
  await refusedBeside(ctx.kit, e, `ipam_address ${ipam}, which another interface of the instance uses`, {
    what: `ipam_address ${free}, unused`,
    send: () => addInterface(ctx, nodeId, second, { purpose: 'vlan', label: vlanName(ctx, 2), ipam_address: free }),
  });
}

/** MAY: a duplicate on the VLAN from another instance is accepted or refused, but answered properly either way. */
export async function ipamAddressVlanDuplicates(ctx: WrittenContext) {
  const ipam = '10.64.0.7/24';
  const vlan = { purpose: 'vlan', label: vlanName(ctx, 1), ipam_address: ipam };
  await instanceWith(ctx, [vlan]);
  const other = await newInstance(ctx);
  const e = await createProfile(ctx, other, [vlan]);
  ctx.kit.check(noServerError(e), `a second instance on the same VLAN with ipam_address ${ipam}`);
}

export async function vpcAddressNotInUse(ctx: WrittenContext) {
  const subnet = await newSubnet(ctx, '10.65.0.0/24');
  const first = await instanceWith(ctx, [{ purpose: 'vpc', subnet_id: subnet.subnetId, ip_ranges: ['10.65.0.64/28'] }]);
  const taken = vpcOf((await interfacesOf(ctx, first.nodeId, first.configId)).records)?.ipv4;
  const address = (taken as Json | undefined)?.vpc;
  if (typeof address !== 'string' || address === '') return ctx.kit.skip('the first vpc interface shows no address');
  const other = await newInstance(ctx);
  const profileAt = (vpc: string) =>
    createProfile(ctx, other, [{ purpose: 'vpc', subnet_id: subnet.subnetId, ipv4: { vpc } }]);
  // Each control takes an address of its own: one accepted holds it.
  const [free, next] = FREE_ADDRESSES.filter((a) => a !== address);
  const control = (at = '') => ({
    what: `ipv4.vpc ${at}, used by no interface and outside every routed range`,
    send: () => profileAt(at),
  });
  await refusedBeside(
    ctx.kit,
    await profileAt(address),
    `ipv4.vpc ${address}: the address of another instance`,
    control(free),
  );
  const routed = '10.65.0.70';
  await refusedBeside(
    ctx.kit,
    await profileAt(routed),
    `ipv4.vpc ${routed}: in a range routed to another instance`,
    control(next),
  );
}

/** Addresses of 10.65.0.0/24 neither reserved (.0, .1, .254, .255) nor in the range routed at .64/28. */
const FREE_ADDRESSES = ['10.65.0.20', '10.65.0.21', '10.65.0.22'];

export async function vpcAddressNotReserved(ctx: WrittenContext) {
  const subnet = await newSubnet(ctx, '10.66.0.0/24');
  const nodeId = await newInstance(ctx);
  const profileAt = (vpc: string) =>
    createProfile(ctx, nodeId, [{ purpose: 'vpc', subnet_id: subnet.subnetId, ipv4: { vpc } }]);
  for (const [n, vpc] of ['10.66.0.0', '10.66.0.1', '10.66.0.254', '10.66.0.255'].entries()) {
    // Each control takes an address of its own: one accepted holds it.
    const free = `10.66.0.${10 + n}`;
    await refusedBeside(ctx.kit, await profileAt(vpc), `ipv4.vpc ${vpc}, a reserved address of ${subnet.cidr}`, {
      what: `ipv4.vpc ${free}, an address ${subnet.cidr} does not reserve`,
      send: () => profileAt(free),
    });
  }
}

export async function vpcAddressAssigned(ctx: WrittenContext) {
  const subnet = await newSubnet(ctx, '10.67.0.0/24');
  const { nodeId, configId } = await instanceWith(ctx, [{ purpose: 'vpc', subnet_id: subnet.subnetId }]);
  const { records, e } = await interfacesOf(ctx, nodeId, configId);
  const why = 'A vpc interface given no ipv4.vpc is assigned an address of its subnet.';
  ctx.kit.check(addressInRange((vpcOf(records)?.ipv4 as Json | undefined)?.vpc, subnet.cidr, why, e));
}

/** An instance with a vpc interface whose ipv4 is `ipv4`, and the public IPv4 addresses of the instance. */
async function natCase(ctx: WrittenContext, cidr: string, ipv4: (own: string[]) => Json) {
  const subnet = await newSubnet(ctx, cidr);
  const nodeId = await newInstance(ctx);
  const own = await publicIpv4(ctx, nodeId);
  if (own.length === 0) return ctx.kit.skip('the instance shows no public IPv4 address to NAT to');
  const configId = await profile(ctx, nodeId, [{ purpose: 'vpc', subnet_id: subnet.subnetId, ipv4: ipv4(own) }]);
  const { records, e } = await interfacesOf(ctx, nodeId, configId);
  return { own, record: vpcOf(records), e };
}

export async function natAny(ctx: WrittenContext) {
  const { own, record, e } = await natCase(ctx, '10.68.0.0/24', () => ({ nat_1_1: 'any' }));
  const why = "nat_1_1 `any` gives a 1:1 NAT to the instance's public IPv4 address.";
  ctx.kit.check(recordValueIn(record, 'ipv4.nat_1_1', own, why, e));
}

export async function natOwnAddress(ctx: WrittenContext) {
  const { own, record, e } = await natCase(ctx, '10.69.0.0/24', (mine) => ({ nat_1_1: mine[0] }));
  const why = 'A nat_1_1 naming a public IPv4 address of the instance gives a 1:1 NAT to that address.';
  ctx.kit.check(recordValueIn(record, 'ipv4.nat_1_1', [own[0]], why, e));
}

export async function natForeignRefused(ctx: WrittenContext) {
  const subnet = await newSubnet(ctx, '10.70.0.0/24');
  const nodeId = await newInstance(ctx);
  const foreign = '203.0.113.77';
  if ((await publicIpv4(ctx, nodeId)).includes(foreign)) return ctx.kit.skip(`the instance holds ${foreign} itself`);
  const e = await createProfile(ctx, nodeId, [
    { purpose: 'vpc', subnet_id: subnet.subnetId, ipv4: { nat_1_1: foreign } },
  ]);
  const own = (await publicIpv4(ctx, nodeId))[0];
  await refusedBeside(ctx.kit, e, `nat_1_1 ${foreign}, an address the instance does not hold`, {
    what: `nat_1_1 ${own}, a public address of the instance`,
    send: () => createProfile(ctx, nodeId, [{ purpose: 'vpc', subnet_id: subnet.subnetId, ipv4: { nat_1_1: own } }]),
  });
}

export async function natNone(ctx: WrittenContext) {
  const subnet = await newSubnet(ctx, '10.71.0.0/24');
  const nodeId = await newInstance(ctx);
  const why = 'A vpc interface without nat_1_1 (omitted, null or empty) has no 1:1 NAT.';
  for (const [what, ipv4] of [
    ['omitted', {}],
    ['null', { nat_1_1: null }],
    ['an empty string', { nat_1_1: '' }],
  ] as const) {
    const configId = await profile(ctx, nodeId, [{ purpose: 'vpc', subnet_id: subnet.subnetId, ipv4 }]);
    const { records, e } = await interfacesOf(ctx, nodeId, configId);
    const record = vpcOf(records);
    if (record?.ipv4 !== null)
      ctx.kit.check(recordValueIn(record, 'ipv4.nat_1_1', ['', null], why, e), `nat_1_1 ${what}`);
  }
}

export async function rangesNotInUse(ctx: WrittenContext) {
  const subnet = await newSubnet(ctx, '10.72.0.0/24');
  const range = '10.72.0.128/28';
  await instanceWith(ctx, [{ purpose: 'vpc', subnet_id: subnet.subnetId, ip_ranges: [range] }]);
  const other = await newInstance(ctx);
  const routed = (r: string) =>
    createProfile(ctx, other, [{ purpose: 'vpc', subnet_id: subnet.subnetId, ip_ranges: [r] }]);
  const free = '10.72.0.160/28';
  await refusedBeside(ctx.kit, await routed(range), `ip_ranges [${range}], a range routed to another instance`, {
    what: `ip_ranges [${free}], routed to no instance`,
    send: () => routed(free),
  });
}

/** A public or vlan interface sent with ipv4 values: refused, or shown with empty ones. */
export async function ipv4OnlyVpc(ctx: WrittenContext) {
  const nodeId = await newInstance(ctx);
  const ipv4 = { vpc: '10.73.0.9', nat_1_1: 'any' };
  const why = 'A public or vlan interface takes no ipv4 addresses; its responses keep them empty.';
  for (const body of [
    { purpose: 'public', ipv4 },
    { purpose: 'vlan', label: vlanName(ctx, 1), ipv4 },
  ]) {
    const e = await createProfile(ctx, nodeId, [body]);
    if (!(e.response && e.response.status >= 200 && e.response.status < 300)) {
      ctx.kit.check(rejectedWith4xx(e), `${body.purpose} interface with ipv4`);
      continue;
    }
    const configId = Number((e.response.json as Json | undefined)?.id);
    const list = await interfacesOf(ctx, nodeId, configId);
    const record = list.records.find((r) => r.purpose === body.purpose);
    if (record?.ipv4 === null) continue;
    for (const path of ['ipv4.vpc', 'ipv4.nat_1_1'])
      ctx.kit.check(recordValueIn(record, path, ['', null], why, list.e), `${body.purpose} interface, ${path}`);
  }
}

/** Primary set on several interfaces through create, add and update: the list never shows two. */
export async function onePrimary(ctx: WrittenContext) {
  const subnet = await newSubnet(ctx, '10.74.0.0/24');
  const { nodeId, configId } = await instanceWith(ctx, [
    { purpose: 'public', primary: true },
    { purpose: 'vpc', subnet_id: subnet.subnetId },
  ]);
  const why = 'A configuration profile never has more than one interface with primary true.';
  const first = await interfacesOf(ctx, nodeId, configId);
  ctx.kit.check(atMostOnePrimary(first.records, why, first.e), 'after create');
  const vpc = vpcOf(first.records);
  if (vpc) {
    const e = await ctx.kit.send(opOf('interfaces/update'), {
      params: { nodeId, configId, interfaceId: Number(vpc.id) },
      body: { primary: true },
    });
    const after = await interfacesOf(ctx, nodeId, configId);
    ctx.kit.check(atMostOnePrimary(after.records, why, after.e ?? e), 'after an update setting primary');
  }
  const newest = await added(ctx, nodeId, configId, { purpose: 'vpc', subnet_id: subnet.subnetId, primary: true });
  const last = await interfacesOf(ctx, nodeId, configId);
  ctx.kit.check(atMostOnePrimary(last.records, why, last.e), `after adding primary interface ${String(newest.id)}`);
}

export async function emptyArrayDefaultPublic(ctx: WrittenContext) {
  const { nodeId, configId } = await instanceWith(ctx, []);
  const { records, e } = await interfacesOf(ctx, nodeId, configId);
  const why = 'An empty interfaces array gives one default public interface and nothing else.';
  ctx.kit.check(recordValueIn({ purposes: records.map((r) => r.purpose) }, 'purposes', [['public']], why, e));
}

export async function onePublic(ctx: WrittenContext) {
  const { nodeId } = await instanceWith(ctx, [{ purpose: 'public' }]);
  const second = await otherProfile(ctx, nodeId);
  // The controls: the same add and create on an instance without a public interface.
  const add = await addInterface(ctx, nodeId, second, { purpose: 'public' });
  await refusedBeside(ctx.kit, add, 'adding a public interface to an instance that has one', {
    what: 'adding the first public interface of an instance',
    send: async () => {
      const bare = await newInstance(ctx);
      return addInterface(ctx, bare, await otherProfile(ctx, bare), { purpose: 'public' });
    },
  });
  const create = await createProfile(ctx, nodeId, [{ purpose: 'public' }]);
  await refusedBeside(ctx.kit, create, 'a profile with a public interface on an instance that has one', {
    what: 'a profile with the first public interface of an instance',
    send: async () => createProfile(ctx, await newInstance(ctx), [{ purpose: 'public' }]),
  });
}
