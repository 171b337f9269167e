// A valid body for the target: generated from the encoding with the run's hints, then completed with values only the target knows (a promo code it issued, the disks of an instance).

import { operationById } from '../../spec/index.js';
import { TRANSITIONAL_STATUSES } from '../../spec/part3/instances.js';
import { INTERFACES_PER_PROFILE } from '../../spec/part3/interfaces.js';
import type { Operation, RequiredIf } from '../../spec/types.js';
import { validBody } from '../generate/bodies.js';
import { validValue } from '../generate/values.js';
import { sampleOne } from '../generate/violations.js';
import { hintsFor } from './hints.js';
import type { Kit } from './kit.js';
import { runVlan } from './vlan-seats.js';

type Params = Record<string, string | number>;
type Json = Record<string, unknown>;

/** Optional fields that the target's state can make required (a card's `cvv` when the default method is a card). */
const SENT_ALWAYS: Record<string, unknown> = { cvv: '123' };

/** Body fields whose valid values only the target knows, and how to get one; undefined when it cannot say. */
const TARGET_VALUES: Record<string, (kit: Kit, params: Params) => Promise<unknown>> = {
  promo_code: (kit) => kit.session.promoCode(),
  devices: async (kit, params) => {
    const disk = await firstId(kit, 'disks/list', params);
    return disk === undefined ? undefined : { sda: { disk_id: disk } };
  },
};

/** The same, for a field of one operation only (`<operation id>:<field>`). */
const OPERATION_VALUES: Record<string, (kit: Kit, params: Params) => Promise<unknown>> = {
  // With several profiles and none booted last, boot and reboot cannot choose: name one.
  'instances/boot:config_id': (kit, params) => firstId(kit, 'configs/list', params),
  'instances/reboot:config_id': (kit, params) => firstId(kit, 'configs/list', params),
  // Migrate emits its event only across regions: another region than the instance's, where there is one.
  'instances/migrate:region': (kit, params) => otherRegion(kit, params),
  // A restore onto the backup's own instance, replacing its disks: the one target surely in the same region and with room.
  'backups/restore:node_id': async (_kit, params) => params.nodeId,
  'backups/restore:overwrite': async () => true,
  // The shared fixture instance may have grown (resized, more disks): a clone of its own type always has room.
  'instances/clone:type': async (kit, params) =>
    ((await read(kit, 'instances/view', params)) as Json | undefined)?.type,
  // A larger type than the current one (types are listed cheapest first) holds whatever disks the instance has.
  'instances/resize:type': async (kit, params) => {
    const current = ((await read(kit, 'instances/view', params)) as Json | undefined)?.type;
    const { types } = kit.session.config;
    const at = types.indexOf(String(current));
    return types[at + 1] ?? types.find((t) => t !== current);
  },
  // The order must list every interface of the profile.
  'interfaces/order:ids': (kit, params) => interfaceIds(kit, params),
};

/**
 * What must hold before an operation can succeed, made true (or the reason it cannot be):
 * undefined when the operation is ready to send.
 */
const PREPARE: Record<string, (kit: Kit, params: Params) => Promise<string | undefined>> = {
  // Only an instance of a deprecated type has an upgrade: a fresh one of the type the run's configuration names.
  'instances/mutate': (kit, params) => deprecatedInstance(kit, params),
  // An instance holds at most one private address and an extra public one needs a support request: free the private slot.
  'ips/allocate': (kit, params) => freePrivateSlot(kit, params),
  // A profile holds at most three interfaces, and tests share the fixture profile.
  'interfaces/add': (kit, params) => roomForInterface(kit, params),
};

/**
 * Points `params.nodeId` at a new instance of a deprecated type (the documents offer no way to read
 * one, so it comes from `--deprecated-type`); the harness deletes it when the test ends, as any
 * instance a test creates.
 */
async function deprecatedInstance(kit: Kit, params: Params): Promise<string | undefined> {
  const missing = 'deprecated instance type';
  const type = kit.session.config.deprecatedTypes?.[0];
  const create = operationById.get('instances/create');
  if (!type || !create) return missing;
  const made = await targetBody(kit, create, {});
  if ('missing' in made) return missing;
  const e = await kit.send(create, { body: { ...made.body, type } });
  const id = (e.response?.json as Json | undefined)?.id;
  if (e.response?.status !== 200 || typeof id !== 'number') return missing;
  params.nodeId = id;
  await instanceSettled(kit, create, params);
  return undefined;
}

async function roomForInterface(kit: Kit, params: Params): Promise<undefined> {
  const ids = (await interfaceIds(kit, params)) ?? [];
  const remove = operationById.get('interfaces/delete');
  for (const interfaceId of ids.slice(INTERFACES_PER_PROFILE.max - 1)) {
    if (remove) await kit.send(remove, { params: { ...params, interfaceId } });
  }
  return undefined;
}

async function firstId(kit: Kit, listId: string, params: Params): Promise<number | undefined> {
  const data = itemsOf(await read(kit, listId, params));
  const id = data[0]?.id;
  return typeof id === 'number' ? id : undefined;
}

async function read(kit: Kit, listId: string, params: Params): Promise<unknown> {
  const op = operationById.get(listId);
  if (!op) return undefined;
  const e = await kit.send(op, { params });
  return e.response?.status === 200 ? e.response.json : undefined;
}

/** The items of a list answer, enveloped (`data`) or bare. */
function itemsOf(json: unknown): Json[] {
  const data = Array.isArray(json) ? json : (json as { data?: unknown } | undefined)?.data;
  return Array.isArray(data) ? (data as Json[]) : [];
}

async function otherRegion(kit: Kit, params: Params): Promise<string | undefined> {
  const current = ((await read(kit, 'instances/view', params)) as Json | undefined)?.region;
  const { regions } = kit.session.config;
  return regions.find((r) => r !== current) ?? regions[0];
}

async function interfaceIds(kit: Kit, params: Params): Promise<number[] | undefined> {
  const ids = itemsOf(await read(kit, 'interfaces/list', params)).map((i) => i.id);
  return ids.length > 0 && ids.every((id) => typeof id === 'number') ? (ids as number[]) : undefined;
}

async function freePrivateSlot(kit: Kit, params: Params): Promise<undefined> {
  const info = (await read(kit, 'ips/list', params)) as { ipv4?: { private?: { address?: unknown }[] } } | undefined;
  const remove = operationById.get('ips/delete');
  for (const { address } of info?.ipv4?.private ?? []) {
    if (remove && typeof address === 'string') await kit.send(remove, { params: { ...params, address } });
  }
  return undefined;
}

/** Fills a field a `required-if` rule makes required (a disk's `label` without `image`): the generator leaves it optional. */
function completeRequiredIf(kit: Kit, op: Operation, body: Json): void {
  for (const rule of op.body?.rules ?? []) {
    const [field, other] = rule.fields;
    if (
      rule.kind !== 'required-if' ||
      !field ||
      !other ||
      body[field] !== undefined ||
      !requiredNow(rule.params, body, other)
    )
      continue;
    const spec = op.body?.fields.find((f) => f.name === field);
    if (spec) body[field] = sampleOne(validValue(spec, field, hintsFor(kit.session, op)), kit.session.nextSeed());
  }
}

function requiredNow(rule: RequiredIf, body: Json, other: string): boolean {
  // A key whose value is undefined is not sent.
  if (rule.ifAbsent === other) return body[other] === undefined;
  if (rule.ifPresent === other) return body[other] !== undefined;
  return false;
}

/** Body values that depend on the target's state, set after generation. */
const COMPLETE: Record<string, (kit: Kit, params: Params, body: Json) => Promise<void>> = {
  'interfaces/add': (kit, params, body) => interfaceKind(kit, params, body),
};

/**
 * The one public interface an instance may have while it has none (an update needs a public or vpc
 * interface, and a vpc one needs a subnet), else a vlan interface on the run's first VLAN the
 * instance is not on (a label is unique among its interfaces): the run's VLANs, not a new one.
 */
async function interfaceKind(kit: Kit, params: Params, body: Json): Promise<void> {
  const profiles = itemsOf(await read(kit, 'configs/list', { nodeId: params.nodeId ?? '' }));
  const interfaces = profiles.flatMap((p) => (Array.isArray(p.interfaces) ? (p.interfaces as Json[]) : []));
  const hasPublic = interfaces.some((i) => i.purpose === 'public');
  body.purpose = hasPublic ? 'vlan' : 'public';
  const held = new Set(interfaces.filter((i) => i.purpose === 'vlan').map((i) => i.label));
  let n = 1;
  while (held.has(runVlan(kit.session.config.labelPrefix, n))) n += 1;
  body.label = hasPublic ? runVlan(kit.session.config.labelPrefix, n) : null;
  body.primary = false;
}

export type TargetBody = { body: Record<string, unknown> } | { missing: string };

const TRANSITIONAL = TRANSITIONAL_STATUSES;
const SETTLE_DEADLINE_MS = 60_000;

/**
 * Waits while the instance a change names has an action running (DECISIONS 10): on a target whose
 * actions take time, the previous test's boot or migration would otherwise refuse this request.
 */
async function instanceSettled(kit: Kit, op: Operation, params: Params): Promise<void> {
  if (op.method === 'GET' || params.nodeId === undefined) return;
  const until = Date.now() + SETTLE_DEADLINE_MS;
  while (Date.now() < until) {
    const status = ((await read(kit, 'instances/view', { nodeId: params.nodeId })) as Json | undefined)?.status;
    if (typeof status !== 'string' || !TRANSITIONAL.has(status)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function targetBody(kit: Kit, op: Operation, params: Params): Promise<TargetBody> {
  await instanceSettled(kit, op, params);
  const unready = await PREPARE[op.id]?.(kit, params);
  if (unready) return { missing: unready };
  const body = sampleOne(validBody(op, hintsFor(kit.session, op)), kit.session.nextSeed());
  completeRequiredIf(kit, op, body);
  await COMPLETE[op.id]?.(kit, params, body);
  for (const field of op.body?.fields ?? []) {
    const get = OPERATION_VALUES[`${op.id}:${field.name}`] ?? TARGET_VALUES[field.name];
    if (get) {
      const value = await get(kit, params);
      if (value === undefined) return { missing: field.name };
      body[field.name] = value;
    }
    if (field.name in SENT_ALWAYS) body[field.name] ??= SENT_ALWAYS[field.name];
  }
  return { body };
}
