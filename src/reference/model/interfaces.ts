// Network interfaces of configuration profiles: the rules by purpose, the per-instance and per-region rules, VPC addresses and ranges, activity, and what VPC subnets and the VPC IP lists derive from them; no HTTP types.

import { isIPv4 } from 'node:net';
import { itemRuleBreach } from '../../../spec/evaluate.js';
import { operationById } from '../../../spec/index.js';
import { iface as interfaceResource, type Purpose, rulesByPurpose } from '../../../spec/part3/interfaces.js';
import type { CrossRule, Field, Json, PerItem } from '../../../spec/types.js';
import { can } from './access.js';
import { regionHas } from './catalogue.js';
import type { Config, Iface, Instance, Range, VpcLink } from './compute-types.js';
import { conflict, invalid, notFound } from './errors.js';
import { applyUpdate, removeDeleted, ruleSkipped } from './seams.js';
import { listVpcs, type Subnet, type Vpc } from './vpcs.js';
import type { Account, Principal, World } from './world.js';

export type { Iface, Range, VpcLink } from './compute-types.js';

/** An interface as a request writes it, after the pipeline checked its fields. */
export interface InterfaceInput {
  purpose: Purpose;
  label?: string | null;
  ipam_address?: string | null;
  primary?: boolean;
  subnet_id?: number | null;
  ipv4?: { vpc?: string | null; nat_1_1?: string | null } | null;
  ip_ranges?: string[] | null;
}

// ---- Values read from the encoding ----

const memberOf = (fields: readonly Field[] | undefined, name: string): Field | undefined =>
  fields?.find((f) => f.name === name);

function customParam(field: Field | undefined, check: string, param: string): Json | undefined {
  const rule = field?.rules?.find((r) => r.kind === 'custom' && r.check === check);
  return rule?.kind === 'custom' ? rule.params?.[param] : undefined;
}

const labelField = memberOf(interfaceResource.fields, 'label');
const natField = memberOf(memberOf(interfaceResource.fields, 'ipv4')?.fields, 'nat_1_1');
/** The keyword that asks for a 1:1 NAT to the instance's own public IPv4 address. */
export const NAT_ANY = String(customParam(natField, 'ip-any-or-empty', 'keyword'));
const VLAN_RULE_ID = 'vlans-per-region';
/** At most this many VLANs per region (an account's VLANs exist while an interface names them). */
const VLANS_PER_REGION = Number(customParam(labelField, 'vlan-count-per-region', 'max'));
/**
 * Addresses at each end of a subnet range an interface cannot take. The encoding states them only in
 * the text of requirement interfaces/vpc-ipv4-vpc-not-reserved, so they are written here once.
 */
const RESERVED_ADDRESSES = { first: 2, last: 2 } as const;

// ---- IPv4 arithmetic ----

const toInt = (address: string) => address.split('.').reduce((n, octet) => n * 256 + Number(octet), 0);
const toAddress = (n: number) => [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join('.');

/** An IPv4 CIDR as the range it covers (host bits ignored), or undefined when it is not one. */
export function parseRange(cidr: string): Range | undefined {
  const m = /^([^/]+)\/(\d{1,2})$/.exec(cidr);
  if (!m || !isIPv4(m[1] as string) || Number(m[2]) > 32) return undefined;
  const prefix = Number(m[2]);
  const size = 2 ** (32 - prefix);
  const first = toInt(m[1] as string) - (toInt(m[1] as string) % size);
  return { first, last: first + size - 1, prefix };
}

const overlaps = (a: Range, b: Range) => a.first <= b.last && b.first <= a.last;
const contains = (r: Range, n: number) => n >= r.first && n <= r.last;
const maskOf = (prefix: number) => toAddress(2 ** 32 - 2 ** (32 - prefix));

// ---- Per-account indexes ----

interface Member {
  instance: Instance;
  config: Config;
  iface: Iface;
}

interface NetworkState {
  /** Interfaces by subnet id: what subnet deletes and the VPC IP lists read. */
  bySubnet: Map<number, Map<number, Member>>;
  /** VPC addresses in use, per VPC: address → interface id. */
  addresses: Map<number, Map<string, number>>;
  /** Ranges in use, per VPC: interface id → ranges. */
  ranges: Map<number, Map<number, Range[]>>;
  /** VLANs per region: label → number of interfaces on it. */
  vlans: Map<string, Map<string, number>>;
}

const network = (account: Account) =>
  account.store<NetworkState>('interfaces', () => ({
    bySubnet: new Map(),
    addresses: new Map(),
    ranges: new Map(),
    vlans: new Map(),
  }));

/** The same member maps as `bySubnet`, reachable from the subnet object alone (the subnet `nodes` hook gets nothing else). */
const membersBySubnet = new WeakMap<Subnet, Map<number, Member>>();

function inner<K, V>(outer: Map<number | string, Map<K, V>>, key: number | string): Map<K, V> {
  let map = outer.get(key);
  if (!map) {
    map = new Map();
    outer.set(key, map);
  }
  return map;
}

function register(account: Account, instance: Instance, config: Config, iface: Iface): void {
  const net = network(account);
  if (iface.purpose === 'vlan' && iface.label !== null) {
    const labels = inner(net.vlans, instance.region);
    labels.set(iface.label, (labels.get(iface.label) ?? 0) + 1);
  }
  const link = iface.vpc;
  if (!link) return;
  const members = inner(net.bySubnet, link.subnet.id);
  members.set(iface.id, { instance, config, iface });
  membersBySubnet.set(link.subnet, members);
  if (iface.address) inner(net.addresses, link.vpcId).set(iface.address, iface.id);
  if (iface.ranges.length)
    inner(net.ranges, link.vpcId).set(
      iface.id,
      iface.ranges.map((r) => parseRange(r) as Range),
    );
}

function unregister(account: Account, instance: Instance, iface: Iface): void {
  const net = network(account);
  if (iface.purpose === 'vlan' && iface.label !== null) {
    const labels = net.vlans.get(instance.region);
    const count = (labels?.get(iface.label) ?? 0) - 1;
    if (count > 0) labels?.set(iface.label, count);
    else labels?.delete(iface.label);
  }
  const link = iface.vpc;
  if (!link) return;
  net.bySubnet.get(link.subnet.id)?.delete(iface.id);
  const addresses = net.addresses.get(link.vpcId);
  if (iface.address && addresses?.get(iface.address) === iface.id) addresses.delete(iface.address);
  net.ranges.get(link.vpcId)?.delete(iface.id);
}

/** The interfaces of a profile are now in the indexes. */
export function attachAll(account: Account, instance: Instance, config: Config): void {
  for (const i of config.interfaces) register(account, instance, config, i);
}

/** The interfaces of a profile leave the indexes (the profile or its instance is going away). */
export function detachAll(account: Account, instance: Instance, config: Config): void {
  for (const i of config.interfaces) unregister(account, instance, i);
}

/** Runs a change of the instance's region with its VLAN interfaces counted in the right region before and after. */
export function moveRegion(account: Account, instance: Instance, region: string): void {
  for (const config of instance.configs.values()) detachAll(account, instance, config);
  instance.region = region;
  for (const config of instance.configs.values()) attachAll(account, instance, config);
}

/** Whether interfaces are assigned to the subnet (the vpcs model's subnet usage). */
export function subnetInUse(account: Account, subnetId: number): boolean {
  if (account.world.fault('subnet-in-use-ignored')) return false;
  return (network(account).bySubnet.get(subnetId)?.size ?? 0) > 0;
}

// ---- Activity and the values responses show ----

/** Active once the instance was booted with the profile holding the interface, until it shuts down or boots another. */
export const isActive = (instance: Instance, iface: Iface): boolean => instance.activeInterfaces.has(iface.id);

const publicIpv4 = (instance: Instance): string[] => instance.ipv4.filter((a) => a.public).map((a) => a.address);

/** The public address a vpc interface's NAT points to: `any` is the instance's first public IPv4 address. */
export function natAddress(instance: Instance, iface: Iface): string | null {
  if (iface.nat === undefined) return null;
  if (iface.nat === NAT_ANY) return publicIpv4(instance)[0] ?? null;
  return iface.nat;
}

/** Whether an address of the instance is the target of a 1:1 NAT of an active vpc interface. */
export function isActiveNatTarget(instance: Instance, address: string): boolean {
  for (const config of instance.configs.values()) {
    for (const i of config.interfaces) if (isActive(instance, i) && natAddress(instance, i) === address) return true;
  }
  return false;
}

export interface InterfaceView {
  id: number;
  purpose: Purpose;
  label: string | null;
  ipam_address: string | null;
  primary: boolean;
  subnet_id: number | null;
  vpc_id: number | null;
  ipv4: { vpc: string | null; nat_1_1: string | null };
  ip_ranges: string[];
  active: boolean;
}

/** The response value the rules-by-purpose table fixes for a field, or the stored one where it fixes none. */
function shown<T>(field: keyof typeof rulesByPurpose, purpose: Purpose, stored: T): T | Json {
  const cell = rulesByPurpose[field][purpose];
  return 'response' in cell ? (cell.response as Json) : stored;
}

export function interfaceView(instance: Instance, i: Iface): InterfaceView {
  const p = i.purpose;
  return {
    id: i.id,
    purpose: p,
    label: shown('label', p, i.label) as string | null,
    ipam_address: shown('ipam_address', p, i.ipam_address) as string | null,
    primary: i.primary,
    subnet_id: shown('subnet_id', p, i.vpc?.subnet.id ?? null) as number | null,
    vpc_id: i.vpc?.vpcId ?? null,
    ipv4: {
      vpc: shown('ipv4.vpc', p, i.address ?? null) as string | null,
      nat_1_1: shown('ipv4.nat_1_1', p, natAddress(instance, i)) as string | null,
    },
    ip_ranges: [...i.ranges],
    active: isActive(instance, i),
  };
}

// ---- Rules across the items of one body ----

/** The rules of an operation's body about interface items: those of the array `prefix`, or the purpose rules of a single interface. */
function itemRules(operation: string, prefix: string): CrossRule[] {
  return (operationById.get(operation)?.body?.rules ?? []).filter((r) => {
    const p: PerItem & { purposes?: Json[] } =
      r.kind === 'exclusive' || r.kind === 'forbidden-if' || r.kind === 'not-in-past' ? {} : r.params;
    return prefix ? p.each === prefix : p.each === undefined && ('purpose' in p || 'purposes' in p);
  });
}

const where = (prefix: string, i: number, member: string) => (prefix ? `${prefix}[${i}].${member}` : member);

/** The index of the first item breaking one rule, or -1. */
const firstBreach = (rule: CrossRule, items: InterfaceInput[], member: string): number =>
  itemRuleBreach(rule, items, member) ?? -1;

/**
 * Whether the body rule of this kind over `member` is switched off by its `skip:` fault: the checks
 * below that the model makes anyway (against the instance) must then let the same breach through.
 */
function itemRuleSkipped(
  world: World,
  operation: string,
  prefix: string,
  kind: CrossRule['kind'],
  member: string,
  purpose?: Purpose,
): boolean {
  const field = prefix ? `${prefix}.${member}` : member;
  return itemRules(operation, prefix).some(
    (r) =>
      r.kind === kind &&
      r.fields[0] === field &&
      (purpose === undefined || ('params' in r && 'purpose' in r.params && r.params.purpose === purpose)) &&
      ruleSkipped(world, operation, r.id),
  );
}

/** Enforces the interface rules of a body (rules by purpose and the rules across one array); `skip:` faults switch each off. */
export function enforceItemRules(world: World, operation: string, items: InterfaceInput[], prefix: string): void {
  for (const rule of itemRules(operation, prefix)) {
    if (ruleSkipped(world, operation, rule.id)) continue;
    const field = rule.fields[0] ?? '';
    const member = prefix ? field.slice(prefix.length + 1) : field;
    const i = firstBreach(rule, items, member);
    if (i >= 0) throw invalid(where(prefix, i, member), rule.text.replaceAll('`', ''));
  }
}

// ---- Rules against the instance and the account ----

/** What other interfaces already hold while a body's interfaces are built; `excluded` are the ones being replaced. */
class Claims {
  readonly batch: Iface[] = [];

  constructor(
    readonly operation: string,
    readonly account: Account,
    readonly instance: Instance,
    readonly excluded: ReadonlySet<number>,
    /** Copies of existing profiles (clone, backup) repeat their source's interfaces: per-instance uniqueness is not re-judged. */
    readonly copying = false,
    /** The array of the body the interfaces come from (`interfaces`), or '' when the body is the interface. */
    readonly prefix = 'interfaces',
  ) {}

  /** Every interface of the instance that stays. */
  *staying(): Generator<Iface> {
    for (const config of this.instance.configs.values()) {
      for (const i of config.interfaces) if (!this.excluded.has(i.id)) yield i;
    }
  }

  /** Every interface of the instance that stays, then those built so far. */
  *others(): Generator<Iface> {
    yield* this.staying();
    yield* this.batch;
  }

  /** Whether the body rule of this kind over an interface member is switched off (see `itemRuleSkipped`). */
  skipped(kind: CrossRule['kind'], member: string, purpose?: Purpose): boolean {
    return itemRuleSkipped(this.account.world, this.operation, this.prefix, kind, member, purpose);
  }

  addressTaken(vpcId: number, address: string): boolean {
    const owner = network(this.account).addresses.get(vpcId)?.get(address);
    if (owner !== undefined && !this.excluded.has(owner)) return true;
    return this.batch.some((i) => i.vpc?.vpcId === vpcId && i.address === address);
  }

  /** The ranges routed to other interfaces of the VPC. */
  *rangesOf(vpcId: number): Generator<Range> {
    for (const [id, ranges] of network(this.account).ranges.get(vpcId) ?? []) if (!this.excluded.has(id)) yield* ranges;
    for (const i of this.batch) if (i.vpc?.vpcId === vpcId) yield* i.ranges.map((r) => parseRange(r) as Range);
  }

  inRangeInUse(vpcId: number, n: number): boolean {
    for (const r of this.rangesOf(vpcId)) if (contains(r, n)) return true;
    return false;
  }

  /** Addresses of other interfaces of the VPC (for range overlap), as numbers. */
  *addressesOf(vpcId: number): Generator<number> {
    for (const [address, owner] of network(this.account).addresses.get(vpcId) ?? []) {
      if (!this.excluded.has(owner)) yield toInt(address);
    }
    for (const i of this.batch) if (i.vpc?.vpcId === vpcId && i.address) yield toInt(i.address);
  }
}

function findSubnet(p: Principal, subnetId: number): { vpc: Vpc; subnet: Subnet } | undefined {
  for (const vpc of listVpcs(p)) {
    const subnet = vpc.subnets.find((s) => s.id === subnetId);
    if (subnet) return { vpc, subnet };
  }
  return undefined;
}

/** One public interface per instance; a second one in the same body is also the body's rule, which its `skip:` fault lets through. */
function requirePublicFree(world: World, claims: Claims, at: string): void {
  if (world.fault('interface-public-twice')) return;
  const inBody = claims.skipped('custom', 'purpose', 'public') ? [] : claims.batch;
  for (const i of [...claims.staying(), ...inBody]) {
    if (i.purpose === 'public') throw conflict('The instance already has a public interface', at);
  }
}

/**
 * A VLAN label and ipam_address unique on the instance: other profiles' interfaces under the
 * instance's rules (and their faults), those of the same body also under the body's rules.
 */
function requireVlanUnique(world: World, claims: Claims, input: InterfaceInput, at: (m: string) => string): void {
  if (claims.copying) return;
  const { label, ipam_address: ipam } = input;
  const staying = [...claims.staying()];
  const labelPeers = claims.skipped('unique-among', 'label') ? staying : [...staying, ...claims.batch];
  const ipamPeers = claims.skipped('unique-among', 'ipam_address') ? staying : [...staying, ...claims.batch];
  const shared = label && labelPeers.some((i) => i.purpose === 'vlan' && i.label === label);
  if (shared && !world.fault('vlan-label-shared')) {
    throw conflict(`Another interface of the instance is already on VLAN ${label}`, at('label'));
  }
  if (ipam && ipamPeers.some((i) => i.ipam_address === ipam) && !world.fault('ipam-address-shared')) {
    throw conflict(`Another interface of the instance already has ipam_address ${ipam}`, at('ipam_address'));
  }
}

function requireVlan(world: World, claims: Claims, input: InterfaceInput, at: (m: string) => string): void {
  const { instance } = claims;
  const label = input.label;
  const labelled = typeof label === 'string' && label !== '';
  if (!labelled && !claims.skipped('required-if', 'label')) {
    throw invalid(at('label'), 'A vlan interface needs a label');
  }
  if (!regionHas(instance.region, 'NGN')) {
    throw invalid(at('purpose'), `VLANs need next-generation networking, which region ${instance.region} lacks`);
  }
  requireVlanUnique(world, claims, input, at);
  // A VLAN without a name (its rule switched off) joins no VLAN of the region.
  if (labelled) requireVlanRoom(world, claims, label, at('label'));
}

function requireVlanRoom(world: World, claims: Claims, label: string, field: string): void {
  const existing = network(claims.account).vlans.get(claims.instance.region) ?? new Map<string, number>();
  if (existing.has(label)) return;
  const added = new Set(
    claims.batch.flatMap((i) => (i.purpose === 'vlan' && i.label !== null && !existing.has(i.label) ? [i.label] : [])),
  );
  if (added.has(label)) return;
  const skipped = ruleSkipped(world, claims.operation, `${field.replace(/\[\d+\]/g, '')}-${VLAN_RULE_ID}`);
  if (existing.size + added.size >= VLANS_PER_REGION && !skipped) {
    throw invalid(field, `Region ${claims.instance.region} already has ${VLANS_PER_REGION} VLANs`);
  }
}

/** A requested VPC address: in the subnet, not reserved, not taken by another interface or range of the VPC. */
function requireVpcAddress(world: World, claims: Claims, link: VpcLink, address: string, field: string): void {
  if (!isIPv4(address)) throw invalid(field, 'ipv4.vpc must be an IPv4 address');
  const n = toInt(address);
  const r = link.range;
  if (!contains(r, n)) throw invalid(field, `${address} is not in subnet ${link.subnet.ipv4}`);
  const reserved = n < r.first + RESERVED_ADDRESSES.first || n > r.last - RESERVED_ADDRESSES.last;
  if (reserved && !world.fault('vpc-reserved-address-accepted')) {
    throw invalid(field, `${address} is reserved in subnet ${link.subnet.ipv4}`);
  }
  const taken = claims.addressTaken(link.vpcId, address) || claims.inRangeInUse(link.vpcId, n);
  if (taken && !world.fault('vpc-address-reused')) throw conflict(`${address} is already assigned in the VPC`, field);
}

/** The first address of the subnet that no interface or range of the VPC holds. */
function freeVpcAddress(claims: Claims, link: VpcLink, field: string): string {
  const r = link.range;
  for (let n = r.first + RESERVED_ADDRESSES.first; n <= r.last - RESERVED_ADDRESSES.last; n++) {
    const address = toAddress(n);
    if (!claims.addressTaken(link.vpcId, address) && !claims.inRangeInUse(link.vpcId, n)) return address;
  }
  throw conflict(`Subnet ${link.subnet.ipv4} has no free address`, field);
}

function requireRanges(world: World, claims: Claims, link: VpcLink, ranges: string[], field: string): string[] {
  const out: string[] = [];
  for (const [k, text] of ranges.entries()) {
    const at = `${field}[${k}]`;
    const r = parseRange(text);
    if (!r) throw invalid(at, `${text} is not an IPv4 range`);
    const canonical = `${toAddress(r.first)}/${r.prefix}`;
    if (r.first < link.range.first || r.last > link.range.last)
      throw invalid(at, `${text} is not in subnet ${link.subnet.ipv4}`);
    if (!world.fault('vpc-range-reused')) {
      for (const other of claims.rangesOf(link.vpcId))
        if (overlaps(r, other)) throw conflict(`${text} is already routed in the VPC`, at);
      for (const n of claims.addressesOf(link.vpcId))
        if (contains(r, n)) throw conflict(`${text} holds an address in use`, at);
    }
    out.push(canonical);
  }
  return out;
}

/** A NAT request: `any`, nothing, or a public IPv4 address the instance holds. */
function natFor(
  world: World,
  instance: Instance,
  requested: string | null | undefined,
  field: string,
): string | undefined {
  if (requested === undefined || requested === null || requested === '') return undefined;
  if (requested === NAT_ANY) return NAT_ANY;
  if (!publicIpv4(instance).includes(requested) && !world.fault('nat-foreign-address-accepted')) {
    throw invalid(field, `${requested} is not a public IPv4 address of the instance`);
  }
  return requested;
}

function vpcLinkFor(p: Principal, instance: Instance, subnetId: number, field: string): VpcLink {
  const found = findSubnet(p, subnetId);
  if (!found) throw invalid(field, `Subnet ${subnetId} not found`);
  if (found.vpc.region !== instance.region) {
    throw invalid(field, `Subnet ${subnetId} is in region ${found.vpc.region}, the instance in ${instance.region}`);
  }
  const range = parseRange(found.subnet.ipv4);
  if (!range) throw invalid(field, `Subnet ${subnetId} has no IPv4 range for interfaces`);
  return { vpcId: found.vpc.id, subnet: found.subnet, region: found.vpc.region, range };
}

/** Builds one interface from its request, checking it against the instance, the account and the interfaces built before it. */
function buildOne(p: Principal, claims: Claims, input: InterfaceInput, at: (member: string) => string): Iface {
  const { world } = p.account;
  const built: Iface = {
    id: world.id(),
    purpose: input.purpose,
    label: null,
    ipam_address: null,
    primary: input.primary === true,
    vpc: undefined,
    address: undefined,
    nat: undefined,
    ranges: [],
  };
  if (input.purpose === 'public' && !claims.copying) requirePublicFree(world, claims, at('purpose'));
  if (input.purpose === 'vlan') {
    requireVlan(world, claims, input, at);
    built.label = input.label || null;
    built.ipam_address = input.ipam_address || null;
  }
  // Without its subnet (the rule switched off) a vpc interface is attached to no VPC.
  const unattached = input.subnet_id == null && claims.skipped('required-if', 'subnet_id');
  if (input.purpose === 'vpc' && !unattached) {
    const link = vpcLinkFor(p, claims.instance, input.subnet_id as number, at('subnet_id'));
    built.vpc = link;
    const requested = input.ipv4?.vpc;
    if (requested) requireVpcAddress(world, claims, link, requested, at('ipv4.vpc'));
    built.ranges = requireRanges(world, claims, link, input.ip_ranges ?? [], at('ip_ranges'));
    built.address = requested || freeVpcAddress(claims, link, at('ipv4.vpc'));
    built.nat = natFor(world, claims.instance, input.ipv4?.nat_1_1, at('ipv4.nat_1_1'));
  }
  claims.batch.push(built);
  return built;
}

const defaultPublic = (world: World): Iface => ({
  id: world.id(),
  purpose: 'public',
  label: null,
  ipam_address: null,
  primary: false,
  vpc: undefined,
  address: undefined,
  nat: undefined,
  ranges: [],
});

/**
 * The interfaces of a profile from an `interfaces` array (instance create, profile create and update):
 * absent or empty gives one default public interface. Nothing is registered until `attachAll`.
 * `replacing` is the profile whose current interfaces the array replaces.
 */
export function buildInterfaces(
  p: Principal,
  operation: string,
  instance: Instance,
  inputs: InterfaceInput[] | undefined,
  replacing?: Config,
): Iface[] {
  const { world } = p.account;
  if (!inputs || inputs.length === 0) return world.fault('default-public-missing') ? [] : [defaultPublic(world)];
  enforceItemRules(world, operation, inputs, 'interfaces');
  const claims = new Claims(operation, p.account, instance, new Set(replacing?.interfaces.map((i) => i.id) ?? []));
  return inputs.map((input, k) => buildOne(p, claims, input, (member) => `interfaces[${k}].${member}`));
}

/**
 * Copies of profiles' interfaces for another instance (clone, create from a backup), one array per
 * profile: a vpc interface gets a new address in the same subnet and, where it had a 1:1 NAT, a NAT
 * of `any`; ranges stay with the source.
 */
export function copyInterfaceSets(
  p: Principal,
  operation: string,
  target: Instance,
  sets: readonly (readonly Iface[])[],
  at: (k: number) => string,
): Iface[][] {
  const { world } = p.account;
  const claims = new Claims(operation, p.account, target, new Set(), true);
  return sets.map((source, k) =>
    source.map((i, n) => {
      const input: InterfaceInput = {
        purpose: i.purpose,
        label: i.label,
        ipam_address: i.ipam_address,
        primary: i.primary,
        subnet_id: i.vpc?.subnet.id ?? null,
        ipv4: { nat_1_1: i.nat === undefined ? null : NAT_ANY },
      };
      const copy = buildOne(p, claims, input, (member) => `${at(k)}[${n}].${member}`);
      if (world.fault('clone-nat-copied')) copy.nat = i.nat;
      return copy;
    }),
  );
}

// ---- The interface operations ----

export const interfacesOf = (config: Config): Iface[] => config.interfaces;

export function getInterface(config: Config, id: number): Iface {
  const found = config.interfaces.find((i) => i.id === id);
  if (!found) throw notFound('Interface not found');
  return found;
}

const instanceEntity = (instance: Instance) => ({
  id: instance.id,
  type: 'node',
  label: instance.label,
  url: `/v4/node/instances/${instance.id}`,
});

/** `node_config_update`: the instance is the entity, the profile the secondary entity. */
export function recordConfigUpdate(p: Principal, instance: Instance, config: Config): void {
  const event = p.account.events.record('node_config_update', instanceEntity(instance), p.user.username, 'node');
  event.secondary_entity = {
    id: config.id,
    type: 'node_config',
    label: config.label,
    url: `/v4/node/instances/${instance.id}/configs/${config.id}`,
  };
}

const MAX_PER_PROFILE = (() => {
  const items = memberOf(operationById.get('configs/create')?.body?.fields, 'interfaces')?.rules?.find(
    (r) => r.kind === 'items',
  );
  return items?.kind === 'items' ? Number(items.max) : Number.NaN;
})();

/** Appends an interface to a profile; a new primary demotes the current one. It is inactive until the next boot with the profile. */
export function addInterface(p: Principal, instance: Instance, config: Config, input: InterfaceInput): Iface {
  const { world } = p.account;
  enforceItemRules(world, 'interfaces/add', [input], '');
  if (config.interfaces.length >= MAX_PER_PROFILE && !world.fault('interface-add-beyond-limit')) {
    throw invalid(undefined, `A configuration profile has at most ${MAX_PER_PROFILE} interfaces`);
  }
  const claims = new Claims('interfaces/add', p.account, instance, new Set(), false, '');
  const added = buildOne(p, claims, input, (member) => member);
  if (added.primary) for (const i of config.interfaces) i.primary = false;
  config.interfaces.push(added);
  register(p.account, instance, config, added);
  recordConfigUpdate(p, instance, config);
  return added;
}

export interface InterfaceChanges {
  primary?: boolean;
  ipv4?: { vpc?: string | null; nat_1_1?: string | null } | null;
  ip_ranges?: string[] | null;
}

/** Changes `primary` of a public or vpc interface, and the addresses and ranges of a vpc one; vlan interfaces cannot change. */
export function updateInterface(
  p: Principal,
  instance: Instance,
  config: Config,
  id: number,
  changes: InterfaceChanges,
): Iface {
  const target = getInterface(config, id);
  const { world } = p.account;
  if (target.purpose === 'vlan' && !world.fault('interface-vlan-update-allowed')) {
    throw invalid(undefined, 'A vlan interface cannot be updated');
  }
  if (target.purpose !== 'vpc' && changes.ip_ranges?.length) {
    throw invalid('ip_ranges', 'Only a vpc interface takes ip_ranges');
  }
  const next = target.vpc ? vpcChanges(p, instance, target, target.vpc, changes) : {};
  applyUpdate(world, () => {
    unregister(p.account, instance, target);
    Object.assign(target, next);
    if (changes.primary === true) for (const i of config.interfaces) i.primary = i === target;
    if (changes.primary === false) target.primary = false;
    register(p.account, instance, config, target);
  });
  recordConfigUpdate(p, instance, config);
  return target;
}

function vpcChanges(
  p: Principal,
  instance: Instance,
  target: Iface,
  link: VpcLink,
  changes: InterfaceChanges,
): Partial<Iface> {
  const { world } = p.account;
  const claims = new Claims('interfaces/update', p.account, instance, new Set([target.id]), false, '');
  const next: Partial<Iface> = {};
  const requested = changes.ipv4?.vpc;
  if (requested && requested !== target.address) {
    requireVpcAddress(world, claims, link, requested, 'ipv4.vpc');
    next.address = requested;
  }
  if (changes.ipv4 && 'nat_1_1' in changes.ipv4)
    next.nat = natFor(world, instance, changes.ipv4.nat_1_1, 'ipv4.nat_1_1');
  if (Array.isArray(changes.ip_ranges) && !world.fault('ip-ranges-update-ignored')) {
    next.ranges = requireRanges(world, claims, link, changes.ip_ranges, 'ip_ranges');
  }
  return next;
}

/** Deletes an inactive interface; an active one stays. */
export function deleteInterface(p: Principal, instance: Instance, config: Config, id: number): void {
  const target = getInterface(config, id);
  const { world } = p.account;
  if (isActive(instance, target) && !world.fault('interface-delete-active-allowed')) {
    throw conflict('An active interface cannot be deleted; shut the instance down or boot another profile first');
  }
  removeDeleted(world, () => {
    config.interfaces = config.interfaces.filter((i) => i !== target);
    unregister(p.account, instance, target);
  });
  recordConfigUpdate(p, instance, config);
}

/** Puts the interfaces in the order of `ids`, which must name every current interface once; the booted profile needs a shut-down instance. */
export function reorderInterfaces(p: Principal, instance: Instance, config: Config, ids: number[]): Iface[] {
  const { world } = p.account;
  const current = new Set(config.interfaces.map((i) => i.id));
  const exact = ids.length === current.size && new Set(ids).size === ids.length && ids.every((id) => current.has(id));
  if (!exact && !world.fault('interface-order-partial-accepted')) {
    throw invalid('ids', 'ids must list every interface of the profile exactly once');
  }
  if (instance.bootedConfigId === config.id && !world.fault('interface-order-active-allowed')) {
    throw conflict('The profile is active: shut the instance down before reordering its interfaces');
  }
  if (exact) {
    applyUpdate(world, () => {
      config.interfaces = ids.map((id) => config.interfaces.find((i) => i.id === id) as Iface);
    });
  }
  return config.interfaces;
}

// ---- What VPCs show of the interfaces ----

export interface SubnetNode {
  id: number;
  interfaces: { id: number; active: boolean }[];
}

/** The instances with an interface on the subnet, each with those interfaces. */
export function subnetNodes(subnet: Subnet): SubnetNode[] {
  const byInstance = new Map<number, SubnetNode>();
  for (const { instance, iface } of membersBySubnet.get(subnet)?.values() ?? []) {
    let node = byInstance.get(instance.id);
    if (!node) {
      node = { id: instance.id, interfaces: [] };
      byInstance.set(instance.id, node);
    }
    node.interfaces.push({ id: iface.id, active: isActive(instance, iface) });
  }
  return [...byInstance.values()];
}

export interface VpcIpRecord {
  active: boolean;
  address: string;
  address_range: null;
  config_id: number;
  gateway: string;
  interface_id: number;
  node_id: number;
  nat_1_1: string | null;
  prefix: number;
  region: string;
  subnet_id: number;
  subnet_mask: string;
  vpc_id: number;
}

function vpcIpRecord({ instance, config, iface }: Member): VpcIpRecord | undefined {
  const link = iface.vpc;
  if (!link || !iface.address) return undefined;
  return {
    active: isActive(instance, iface),
    address: iface.address,
    address_range: null,
    config_id: config.id,
    gateway: toAddress(link.range.first + 1),
    interface_id: iface.id,
    node_id: instance.id,
    nat_1_1: natAddress(instance, iface),
    prefix: link.range.prefix,
    region: link.region,
    subnet_id: link.subnet.id,
    subnet_mask: maskOf(link.range.prefix),
    vpc_id: link.vpcId,
  };
}

function recordsOf(p: Principal, members: Iterable<Member>): VpcIpRecord[] {
  const out: VpcIpRecord[] = [];
  for (const m of members) {
    const visible = can(p, 'node', m.instance.id, 'read_only') && can(p, 'vpc', m.iface.vpc?.vpcId ?? 0, 'read_only');
    const record = visible ? vpcIpRecord(m) : undefined;
    if (record) out.push(record);
  }
  return out;
}

/** One record per vpc interface of every profile of every instance the caller may see; of one VPC when given. */
export function vpcIpRecords(p: Principal, vpc?: Vpc): VpcIpRecord[] {
  const { bySubnet } = network(p.account);
  const everyVpc = !vpc || p.account.world.fault('vpc-ips-every-vpc');
  const groups = everyVpc ? [...bySubnet.values()] : vpc.subnets.map((s) => bySubnet.get(s.id));
  const records = groups.flatMap((members) => (members ? recordsOf(p, members.values()) : []));
  // The fault keeps one record per instance: every other interface of it goes missing.
  if (!p.account.world.fault('vpc-ips-one-per-instance')) return records;
  return records.filter((r, i) => records.findIndex((x) => x.node_id === r.node_id) === i);
}

/** The VPC IP records of one instance, every profile included (its networking information lists them). */
export function vpcIpRecordsOfInstance(instance: Instance): VpcIpRecord[] {
  const out: VpcIpRecord[] = [];
  for (const config of instance.configs.values()) {
    for (const iface of config.interfaces) {
      const record = vpcIpRecord({ instance, config, iface });
      if (record) out.push(record);
    }
  }
  return out;
}

/** After a state restore the subnet objects are new ones: link each subnet's member map to its subnet again. */
export function relinkSubnetMembers(account: Account): void {
  // An account that never had an interface has no network store: reading it would make one.
  if (!account.stores.has('interfaces')) return;
  for (const members of network(account).bySubnet.values()) {
    const subnet = members.values().next().value?.iface.vpc?.subnet;
    if (subnet) membersBySubnet.set(subnet, members);
  }
}
