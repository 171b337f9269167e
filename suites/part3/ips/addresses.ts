// Procedures of IPv4 allocation, reverse DNS and address deletion, on instances made for each test.

import { opOf } from '../../conventions/sample.js';
import {
  acceptedWith2xx,
  addressKind,
  carriesNullableString,
  type Exchange,
  fieldEquals,
  isPrivateIpv4,
  type Kit,
  nonEmptyString,
  refusedBeside,
  stillThere,
  type WrittenContext,
} from '../../support/author.js';
import { type Json, jsonOf, newInstance } from '../backups/nodes.js';

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** The `address` of every object in the networking information, whose shape is not shown. */
export function addressesIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) addressesIn(v, found);
  else if (value && typeof value === 'object') {
    const address = (value as Json).address;
    if (typeof address === 'string') found.push(address.split('/')[0] ?? address);
    for (const v of Object.values(value)) if (v && typeof v === 'object') addressesIn(v, found);
  }
  return found;
}

export interface Networking {
  e: Exchange;
  ipv4: string[];
  ipv6: string[];
}

export async function networking(kit: Kit, nodeId: number): Promise<Networking> {
  const e = await kit.send(opOf('ips/list'), { params: { nodeId } });
  const all = [...new Set(addressesIn(jsonOf(e)))];
  return { e, ipv4: all.filter((a) => IPV4.test(a)), ipv6: all.filter((a) => a.includes(':')) };
}

const publicOf = (n: Networking) => n.ipv4.filter((a) => !isPrivateIpv4(a));

/** The instance's one public IPv4 address as its networking information lists it; skips when there is none. */
async function publicAddress(kit: Kit, nodeId: number): Promise<string> {
  const found = publicOf(await networking(kit, nodeId))[0];
  return found ?? kit.skip(`the networking information of instance ${nodeId} lists no public IPv4 address`);
}

const allocate = (kit: Kit, nodeId: number, wantPublic: boolean) =>
  kit.send(opOf('ips/allocate'), { params: { nodeId }, body: { public: wantPublic, type: 'ipv4' } });

const view = (kit: Kit, nodeId: number, address: string) => kit.send(opOf('ips/view'), { params: { nodeId, address } });

const setRdns = (kit: Kit, nodeId: number, address: string, rdns: string | null) =>
  kit.send(opOf('ips/update'), { params: { nodeId, address }, body: { rdns } });

const rdnsName = (kit: Kit) => `r${kit.session.nextSeed()}.rdns.example.com`;

/** Allocates and reports the IPv4 addresses the networking information gained. */
async function allocated(kit: Kit, nodeId: number, wantPublic: boolean) {
  const before = await networking(kit, nodeId);
  const e = await allocate(kit, nodeId, wantPublic);
  const after = await networking(kit, nodeId);
  return { e, added: after.ipv4.filter((a) => !before.ipv4.includes(a)), after };
}

export async function publicOrPrivate(ctx: WrittenContext) {
  const { kit } = ctx;
  const nodeId = await newInstance(ctx);
  const priv = await allocated(kit, nodeId, false);
  if (kit.check(acceptedWith2xx(priv.e), 'allocating with public false'))
    kit.check(addressKind(priv.added, false, priv.after.e), 'allocating with public false');
  // An extra public address may be refused (it needs a support request): judged only when given.
  const pub = await allocated(kit, nodeId, true);
  if (acceptedWith2xx(pub.e).ok === true) kit.check(addressKind(pub.added, true, pub.after.e), 'public true');
}

export async function atMostOnePrivate(ctx: WrittenContext) {
  const { kit } = ctx;
  const nodeId = await newInstance(ctx);
  const first = await allocate(kit, nodeId, false);
  if (acceptedWith2xx(first).ok !== true)
    return kit.skip(`the first private allocation answered ${first.response?.status}`);
  const held = jsonOf(first)?.address;
  await refusedBeside(kit, await allocate(kit, nodeId, false), `a second private IPv4 for instance ${nodeId}`, {
    what: `a private IPv4 for instance ${nodeId} once its first (${String(held)}) is deleted`,
    send: async () => {
      if (typeof held === 'string') await deleteAddress(kit, nodeId, held);
      return allocate(kit, nodeId, false);
    },
  });
}

const deleteAddress = (kit: Kit, nodeId: number, address: string) =>
  kit.send(opOf('ips/delete'), { params: { nodeId, address } });

export async function extraPublicRefused(ctx: WrittenContext) {
  const { kit } = ctx;
  const nodeId = await newInstance(ctx);
  await publicAddress(kit, nodeId);
  await refusedBeside(kit, await allocate(kit, nodeId, true), 'another public IPv4 without a support request', {
    what: 'a private IPv4 for the same instance',
    send: () => allocate(kit, nodeId, false),
  });
}

export async function rdnsInRecord(ctx: WrittenContext) {
  const { kit } = ctx;
  const nodeId = await newInstance(ctx);
  const n = await networking(kit, nodeId);
  const addresses = [publicOf(n)[0], n.ipv6[0]].filter((a): a is string => a !== undefined);
  if (addresses.length === 0) return kit.skip(`instance ${nodeId} lists no address to view`);
  for (const address of addresses) {
    const why = 'The IP address record carries `rdns`, the reverse DNS name of the address.';
    kit.check(carriesNullableString(await view(kit, nodeId, address), 'rdns', why), `address ${address}`);
  }
}

export async function rdnsApplied(ctx: WrittenContext) {
  const { kit } = ctx;
  const nodeId = await newInstance(ctx);
  const n = await networking(kit, nodeId);
  const v6 = n.ipv6.find((a) => !a.toLowerCase().startsWith('fe80')) ?? n.ipv6[0];
  const v4 = publicOf(n)[0];
  if (!v4 || !v6) return kit.skip(`instance ${nodeId} lists no ${v4 ? 'IPv6' : 'public IPv4'} address`);
  const refused: string[] = [];
  for (const [family, address] of [
    ['IPv4', v4],
    ['IPv6', v6],
  ] as const) {
    const rdns = rdnsName(kit);
    // The clause is about successful updates: a target may refuse a name that does not resolve.
    const e = await setRdns(kit, nodeId, address, rdns);
    if (acceptedWith2xx(e).ok !== true) {
      refused.push(`${family} (${e.response?.status ?? 'no answer'})`);
      continue;
    }
    const why = 'After a successful update the address record reads the rdns given.';
    kit.check(fieldEquals(await view(kit, nodeId, address), 'rdns', rdns, why), `${family} ${address}`);
  }
  if (refused.length === 2) kit.skip(`the target refused every rdns update: ${refused.join(', ')}`);
}

export async function nullRestoresDefault(ctx: WrittenContext) {
  const { kit } = ctx;
  const nodeId = await newInstance(ctx);
  const address = await publicAddress(kit, nodeId);
  const initial = jsonOf(await view(kit, nodeId, address))?.rdns;
  const custom = rdnsName(kit);
  // A custom name first, so that null has something to undo; a target may refuse a name that does not resolve.
  await setRdns(kit, nodeId, address, custom);
  if (!kit.check(acceptedWith2xx(await setRdns(kit, nodeId, address, null)), 'rdns null')) return;
  const e = await view(kit, nodeId, address);
  const why = 'rdns null on a public IPv4 address restores the provider default name, not an empty value.';
  if (typeof initial === 'string' && initial.length > 0) {
    kit.check(fieldEquals(e, 'rdns', initial, why), `address ${address} after rdns null`);
  } else {
    kit.check(nonEmptyString(jsonOf(e)?.rdns, `rdns of ${address}`, why, e), 'after rdns null');
  }
}

export async function notLastPublic(ctx: WrittenContext) {
  const { kit } = ctx;
  const nodeId = await newInstance(ctx);
  const publics = publicOf(await networking(kit, nodeId));
  if (publics.length !== 1)
    return kit.skip(`instance ${nodeId} lists ${publics.length} public IPv4 addresses, not one`);
  const address = publics[0] as string;
  const del = await deleteAddress(kit, nodeId, address);
  await refusedBeside(kit, del, `deleting ${address}, the last public IPv4 address`, {
    what: 'deleting a private IPv4 address allocated for the purpose',
    send: async () => {
      const made = jsonOf(await allocate(kit, nodeId, false))?.address;
      return deleteAddress(kit, nodeId, String(made));
    },
  });
  const why = 'A refused delete leaves the address assigned.';
  kit.check(stillThere(await view(kit, nodeId, address), `address ${address}`, why), 'after the delete');
}
