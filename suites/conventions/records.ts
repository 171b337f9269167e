// Procedures of the conventions on what comes back: timestamps, JSON answers, event records and their order, and rejections that change nothing.

import { resourceById } from '../../spec/index.js';
import type { Field, Operation } from '../../spec/types.js';
import {
  acceptedWith2xx,
  createdNonIncreasing,
  type Exchange,
  eventRecordShape,
  failed,
  isoDateTime,
  jsonResponse,
  laterListedFirst,
  type WrittenContext,
} from '../support/author.js';
import { allRejections } from './rejections.js';
import { LISTS, opOf, requestFor, runLabel, VIEWS } from './sample.js';

type Json = Record<string, unknown>;

/** The fields of the records an operation answers, when the encoding shows them. */
function recordFields(op: Operation): Field[] | undefined {
  const r = op.response;
  const id = r.kind === 'envelope' || r.kind === 'array' ? r.item : r.kind === 'object' ? r.resource : undefined;
  return id ? resourceById.get(id)?.fields : undefined;
}

/** Every value of a date-time field in a record, with its path. */
function dateTimes(fields: readonly Field[], value: unknown, path: string): [string, unknown][] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [];
  return fields.flatMap((f): [string, unknown][] => {
    const v = (value as Json)[f.name];
    const at = path ? `${path}.${f.name}` : f.name;
    if (v === undefined || v === null) return [];
    if (f.format === 'date-time') return [[at, v]];
    if (f.type === 'object' && f.fields) return dateTimes(f.fields, v, at);
    if (f.type === 'array' && Array.isArray(v) && f.items?.fields) {
      const inner = f.items.fields;
      return v.flatMap((x, i) => dateTimes(inner, x, `${at}[${i}]`));
    }
    return [];
  });
}

export async function timestampsDateTime(ctx: WrittenContext) {
  for (const id of [...VIEWS, ...LISTS]) {
    const op = opOf(id);
    const fields = recordFields(op);
    if (!fields) continue;
    const e = await ctx.kit.send(op, await requestFor(ctx, op));
    const body = e.response?.json as Json | undefined;
    const records = op.response.kind === 'envelope' ? ((body?.data as unknown[]) ?? []) : [body];
    for (const [path, value] of records.flatMap((r) => dateTimes(fields, r, ''))) {
      ctx.kit.check(isoDateTime(value, `${id} ${path}`, e), id);
    }
  }
}

export async function responsesJson(ctx: WrittenContext) {
  for (const id of [...VIEWS, ...LISTS, 'vpcs/create', 'vpcs/update', 'vpcs/delete']) {
    const op = opOf(id);
    ctx.kit.check(jsonResponse(await ctx.kit.send(op, await requestFor(ctx, op))), id);
  }
  for (const r of (await allRejections(ctx)).slice(-12)) ctx.kit.check(jsonResponse(r.exchange), r.why);
}

const events = opOf('events/list');
const EVENT_PAGE = 100;
/** How far back a scan for the suite's own events reads. */
const SCAN_PAGES = 10;

interface Found {
  records: Json[];
  last?: Exchange;
}

/** Events from the newest, page after page, until `enough` holds or the scan's limit. */
async function scanEvents(ctx: WrittenContext, enough: (records: Json[]) => boolean): Promise<Found> {
  const records: Json[] = [];
  let last: Exchange | undefined;
  for (let page = 1; page <= SCAN_PAGES; page++) {
    last = await ctx.kit.send(events, { query: { page, page_size: EVENT_PAGE } });
    const body = last.response?.json as { data?: Json[]; pages?: number } | undefined;
    for (const item of body?.data ?? []) records.push(item);
    if (enough(records) || page >= (body?.pages ?? 0)) break;
  }
  return { records, ...(last ? { last } : {}) };
}

/** A VPC the test makes, so that events exist that it knows of. */
async function freshVpc(ctx: WrittenContext): Promise<number | undefined> {
  const params = await ctx.fixtures.paramsFor(ctx.kit, opOf('vpcs/delete'), true);
  return params?.vpcId as number | undefined;
}

const about = (r: Json, action: string, id: unknown) =>
  r.action === action && String((r.entity as Json | null | undefined)?.id) === String(id);

export async function eventRecordShapes(ctx: WrittenContext) {
  const vpcId = await freshVpc(ctx);
  if (vpcId === undefined) return ctx.kit.skip('a VPC could not be made to produce an event');
  const e = await ctx.kit.send(events, { query: { page_size: 25 } });
  const data = ((e.response?.json as { data?: unknown[] } | undefined)?.data ?? []) as Json[];
  // Other clients of a shared account make events too: the test's own may be further back.
  const ours = (rs: Json[]) => rs.some((r) => about(r, 'vpc_create', vpcId));
  if (!ours(data) && !ours((await scanEvents(ctx, ours)).records)) {
    ctx.kit.check(
      failed(
        'event-record-shape',
        'the vpc_create event just made',
        `not among the newest ${SCAN_PAGES * EVENT_PAGE} events`,
        'Event records must be listed.',
        e,
      ),
    );
  }
  for (const record of data) ctx.kit.check(eventRecordShape(record, e), `event ${String(record.id)}`);
}

export async function newestFirst(ctx: WrittenContext) {
  const { kit } = ctx;
  const vpcId = await freshVpc(ctx);
  if (vpcId === undefined) return kit.skip('a VPC could not be made to produce events');
  const update = await kit.send(opOf('vpcs/update'), { params: { vpcId }, body: { label: runLabel(kit, 'later') } });
  if (!kit.check(acceptedWith2xx(update), 'updating the VPC to make a later event')) return;
  const both = (rs: Json[]) =>
    rs.some((r) => about(r, 'vpc_create', vpcId)) && rs.some((r) => about(r, 'vpc_update', vpcId));
  const { records, last } = await scanEvents(ctx, both);
  kit.check(createdNonIncreasing(records, last), 'events in the order listed');
  const created = records.findIndex((r) => about(r, 'vpc_create', vpcId));
  const updated = records.findIndex((r) => about(r, 'vpc_update', vpcId));
  if (created >= 0 && updated >= 0)
    kit.check(laterListedFirst(created, updated, `VPC ${vpcId} created then updated`, last));
}

/** The newest event id now, to tell later events apart. */
async function newestEventId(ctx: WrittenContext): Promise<number> {
  const e = await ctx.kit.send(events, { query: { page_size: 25 } });
  const first = (e.response?.json as { data?: Json[] } | undefined)?.data?.[0];
  return Number(first?.id ?? 0);
}

/** A VPC create and a VPC update, each refused for a description over its 255 characters. */
async function rejectedVpcRequests(ctx: WrittenContext, vpcId: number) {
  const { kit } = ctx;
  const region = kit.session.config.regions[0] ?? '';
  const tooLong = 'd'.repeat(256);
  const label = runLabel(kit, 'refused');
  const create = await ctx.kit.send(opOf('vpcs/create'), { body: { label, region, description: tooLong } });
  const newLabel = runLabel(kit, 'refused');
  const update = await kit.send(opOf('vpcs/update'), {
    params: { vpcId },
    body: { label: newLabel, description: tooLong },
  });
  return { create, update, label, newLabel };
}

const refusedStatus = (e: Exchange) => (e.response?.status ?? 0) >= 400;

export async function noEventForRejected(ctx: WrittenContext) {
  const { kit } = ctx;
  const vpcId = await freshVpc(ctx);
  if (vpcId === undefined) return kit.skip('a VPC could not be made');
  const mark = await newestEventId(ctx);
  const { create, update, label } = await rejectedVpcRequests(ctx, vpcId);
  if (!refusedStatus(create) || !refusedStatus(update)) return kit.skip('the target accepted the invalid requests');
  const { records, last } = await scanEvents(ctx, (rs) => rs.some((r) => Number(r.id) <= mark));
  const fresh = records.filter((r) => Number(r.id) > mark);
  const createEvents = fresh.filter((r) => r.action === 'vpc_create' && (r.entity as Json | null)?.label === label);
  const updateEvents = fresh.filter((r) => about(r, 'vpc_update', vpcId));
  for (const [what, found, e] of [
    ['vpc_create for the refused create', createEvents, create],
    ['vpc_update for the refused update', updateEvents, update],
  ] as const) {
    if (found.length) {
      kit.check(
        failed(
          'no-event-for-rejected',
          `no ${what}`,
          `event ${String(found[0]?.id)}`,
          'A rejected request emits no event.',
          last ?? e,
        ),
      );
    }
  }
}

/** All VPCs of the account, over every page. */
async function allVpcs(ctx: WrittenContext): Promise<Json[]> {
  const out: Json[] = [];
  for (let page = 1; page <= 50; page++) {
    const e = await ctx.kit.send(opOf('vpcs/list'), { query: { page, page_size: 500 } });
    const body = e.response?.json as { data?: Json[]; pages?: number } | undefined;
    for (const item of body?.data ?? []) out.push(item);
    if (page >= (body?.pages ?? 0)) break;
  }
  return out;
}

export async function rejectedNoChange(ctx: WrittenContext) {
  const { kit } = ctx;
  const vpcId = await freshVpc(ctx);
  if (vpcId === undefined) return kit.skip('a VPC could not be made');
  const view = opOf('vpcs/view');
  const before = (await kit.send(view, { params: { vpcId } })).response?.json as Json | undefined;
  const { create, update, label, newLabel } = await rejectedVpcRequests(ctx, vpcId);
  const after = await kit.send(view, { params: { vpcId } });
  const now = after.response?.json as Json | undefined;
  if (refusedStatus(update) && (now?.label !== before?.label || now?.description !== before?.description)) {
    kit.check(
      failed(
        'rejected-no-change',
        `label ${JSON.stringify(before?.label)} and description unchanged`,
        `label ${JSON.stringify(now?.label)}`,
        'A rejected update changes nothing.',
        after,
      ),
    );
  }
  if (refusedStatus(create) && (await allVpcs(ctx)).some((v) => v.label === label)) {
    kit.check(
      failed(
        'rejected-no-change',
        `no VPC labelled ${label}`,
        'the refused VPC is listed',
        'A rejected create makes nothing.',
        create,
      ),
    );
  }
  // The same change, made valid, must show: otherwise reads could not reveal a change at all.
  await kit.send(opOf('vpcs/update'), { params: { vpcId }, body: { label: newLabel } });
  const shown = await kit.send(view, { params: { vpcId } });
  if ((shown.response?.json as Json | undefined)?.label !== newLabel) {
    kit.check(
      failed(
        'rejected-no-change-observable',
        `label ${newLabel} after a valid update`,
        `label ${JSON.stringify((shown.response?.json as Json | undefined)?.label)}`,
        'A valid update must show in a later read, or no read can tell a rejected one changed nothing.',
        shown,
      ),
    );
  }
}
