// Procedures of the conventions on what comes back: timestamps, JSON answers, event records and their order, and rejections that change nothing.

import { resourceById } from '../../spec/index.js';
import type { Field, Operation } from '../../spec/types.js';
import {
  acceptedWith2xx,
  createdNonIncreasing,
  EVENT_PAGE_SIZE,
  type EventScan,
  type Exchange,
  eventRecordShape,
  eventsAbout,
  eventsSince,
  failed,
  isoDateTime,
  jsonResponse,
  laterListedFirst,
  markEvents,
  OfferedSteps,
  requireWhole,
  throughOffered,
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
  const withRecords = [...VIEWS, ...LISTS].filter((id) => recordFields(opOf(id)));
  await throughOffered(ctx.kit, withRecords, async (op) => {
    const fields = recordFields(op) ?? [];
    const e = await ctx.kit.send(op, await requestFor(ctx, op));
    const body = e.response?.json as Json | undefined;
    const records = op.response.kind === 'envelope' ? ((body?.data as unknown[]) ?? []) : [body];
    for (const [path, value] of records.flatMap((r) => dateTimes(fields, r, ''))) {
      ctx.kit.check(isoDateTime(value, `${op.id} ${path}`, e), op.id);
    }
  });
}

export async function responsesJson(ctx: WrittenContext) {
  const steps = new OfferedSteps(ctx.kit);
  await steps.each([...VIEWS, ...LISTS, 'vpcs/create', 'vpcs/update', 'vpcs/delete'], async (op) => {
    ctx.kit.check(jsonResponse(await ctx.kit.send(op, await requestFor(ctx, op))), op.id);
  });
  for (const r of (await allRejections(ctx, steps)).slice(-12)) ctx.kit.check(jsonResponse(r.exchange), r.why);
  steps.done();
}

const events = opOf('events/list');

/** A VPC the test makes, so that events exist that it knows of. */
async function freshVpc(ctx: WrittenContext): Promise<number | undefined> {
  const params = await ctx.fixtures.paramsFor(ctx.kit, opOf('vpcs/delete'), true);
  return params?.vpcId as number | undefined;
}

export async function eventRecordShapes(ctx: WrittenContext) {
  const { kit } = ctx;
  const mark = await markEvents(kit);
  const vpcId = await freshVpc(ctx);
  if (vpcId === undefined) return kit.skip('a VPC could not be made to produce an event');
  const fresh = await eventsSince(kit, mark);
  if (eventsAbout(fresh, 'vpc_create', vpcId).length === 0) {
    requireWhole(fresh, 'looking for the vpc_create event just made');
    kit.check(
      failed(
        'event-record-shape',
        'the vpc_create event just made',
        `not among the ${fresh.records.length} events listed since before the VPC was made`,
        'Event records must be listed.',
        fresh.last,
      ),
    );
  }
  // The new events (the test's own and any other client's), and a page of the list as it comes.
  const e = await kit.send(events, { query: { page_size: 25 } });
  const page = ((e.response?.json as { data?: unknown[] } | undefined)?.data ?? []) as Json[];
  for (const record of page) kit.check(eventRecordShape(record, e), `event ${String(record.id)}`);
  for (const { record } of fresh.records) kit.check(eventRecordShape(record, fresh.last), `event ${String(record.id)}`);
}

/** The list position of the first of some new events, if any. */
const positionOf = (fresh: EventScan, record: Json | undefined) =>
  fresh.records.find((r) => r.record === record)?.position;

export async function newestFirst(ctx: WrittenContext) {
  const { kit } = ctx;
  const mark = await markEvents(kit);
  const vpcId = await freshVpc(ctx);
  if (vpcId === undefined) return kit.skip('a VPC could not be made to produce events');
  const update = await kit.send(opOf('vpcs/update'), { params: { vpcId }, body: { label: runLabel(kit, 'later') } });
  if (!kit.check(acceptedWith2xx(update), 'updating the VPC to make a later event')) return;
  const fresh = await eventsSince(kit, mark);
  const created = positionOf(fresh, eventsAbout(fresh, 'vpc_create', vpcId)[0]);
  const updated = positionOf(fresh, eventsAbout(fresh, 'vpc_update', vpcId)[0]);
  if (created === undefined || updated === undefined) {
    requireWhole(fresh, `looking for the vpc_create and vpc_update events of VPC ${vpcId}`);
    return kit.skip(`the events list shows no vpc_create and vpc_update of VPC ${vpcId} to compare`);
  }
  kit.check(laterListedFirst(created, updated, `VPC ${vpcId} created then updated`, fresh.last));
  const first = await kit.send(events, { query: { page_size: EVENT_PAGE_SIZE } });
  const page = ((first.response?.json as { data?: unknown[] } | undefined)?.data ?? []) as Json[];
  kit.check(createdNonIncreasing(page, first), 'the first page of events, in the order listed');
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
  const mark = await markEvents(kit);
  const { create, update, label } = await rejectedVpcRequests(ctx, vpcId);
  if (!refusedStatus(create) || !refusedStatus(update)) return kit.skip('the target accepted the invalid requests');
  const fresh = await eventsSince(kit, mark);
  const createEvents = fresh.records
    .map(({ record }) => record)
    .filter((r) => r.action === 'vpc_create' && (r.entity as Json | null)?.label === label);
  const updateEvents = eventsAbout(fresh, 'vpc_update', vpcId);
  if (createEvents.length === 0 && updateEvents.length === 0)
    return requireWhole(fresh, 'reading the events made since the refused requests');
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
          fresh.last ?? e,
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
