// Procedure for derived event requirements: a successful operation emits its event kind with the affected object as entity (one per item where the emission counts per item).

import type fc from 'fast-check';
import { operationById } from '../../../spec/index.js';
import type { Emission, Operation } from '../../../spec/types.js';
import { failed } from '../../check/result.js';
import { acceptedWith2xx } from '../../check/status.js';
import { validBody } from '../../generate/bodies.js';
import { sampleOne } from '../../generate/violations.js';
import type { SendOptions } from '../../target/session.js';
import { createdFixtures } from '../fixture-specs.js';
import { hintsFor } from '../hints.js';
import { destroys, type ProcedureContext, validRequest } from './request.js';

interface EventRecord {
  id: number;
  action: string;
  entity?: { id?: unknown } | null;
}

type Json = Record<string, unknown>;

const idsOf = (items: unknown): string[] => (Array.isArray(items) ? items.map((x) => String((x as Json).id)) : []);

/** A body whose `per` list is not empty, so a per-item emission has items to emit for. */
function bodyWithItems(ctx: ProcedureContext, opId: string, per: string): Json | undefined {
  const op = operationById.get(opId);
  if (!op) return undefined;
  const arb = validBody(op, hintsFor(ctx.kit.session, op)).filter(
    (b) => Array.isArray(b[per]) && (b[per] as unknown[]).length > 0,
  );
  return sampleOne(arb as fc.Arbitrary<Json>, ctx.kit.session.nextSeed());
}

/** The request to send and the entity ids its events must name. */
async function prepare(
  ctx: ProcedureContext,
  emission: Emission,
): Promise<{ request: SendOptions; expect: () => Promise<string[]> } | undefined> {
  const { kit, op } = ctx;
  const per = typeof emission.count === 'object' ? emission.count.per : undefined;
  if (per && op.method === 'POST') {
    const request = { ...(await validRequest(ctx)), body: bodyWithItems(ctx, op.id, per) };
    return { request, expect: async () => idsOf((kit.exchanges.at(-1)?.response?.json as Json | undefined)?.[per]) };
  }
  if (per && op.method === 'DELETE') {
    // The entity to delete is made here with items, and read back first to learn their ids.
    const last = op.pathParams.at(-1)?.name ?? '';
    const spec = createdFixtures.find((f) => f.param === last);
    const create = spec && operationById.get(spec.create);
    if (!create) return undefined;
    const parents = (await validRequest(ctx)).params ?? {};
    const made = await kit.send(create, { params: parents, body: bodyWithItems(ctx, create.id, per) });
    const record = made.response?.json as Json | undefined;
    if (!record?.id) return undefined;
    return { request: { params: { ...parents, [last]: record.id as number } }, expect: async () => idsOf(record[per]) };
  }
  const request = await validRequest(ctx, destroys(op));
  return {
    request,
    expect: async () => {
      // An action named after an entity of the path (`node_config_update` on an interface) names that entity.
      const named = `${emission.action.split('_')[0]}Id`;
      if (op.pathParams.some((p) => p.name === named) && request.params?.[named] !== undefined) {
        return [String(request.params[named])];
      }
      const created = (kit.exchanges.at(-1)?.response?.json as Json | undefined)?.id;
      const last = op.pathParams.at(-1)?.name;
      return [String(op.method === 'POST' && created !== undefined ? created : request.params?.[last ?? ''])];
    },
  };
}

/** Every event newer than `id`, over as many pages as it takes: other clients add events meanwhile. */
async function eventsSince(ctx: ProcedureContext, list: Operation, id: number): Promise<EventRecord[]> {
  const out: EventRecord[] = [];
  for (let page = 1; page <= MAX_EVENT_PAGES; page++) {
    const body = (await ctx.kit.send(list, { query: { page, page_size: 100 } })).response?.json as
      | { data?: EventRecord[]; pages?: number }
      | undefined;
    const data = body?.data ?? [];
    for (const item of data.filter((x) => x.id > id)) out.push(item);
    if (data.length === 0 || data.some((x) => x.id <= id) || page >= (body?.pages ?? 1)) break;
  }
  return out;
}

const MAX_EVENT_PAGES = 20;

export async function eventEmitted(ctx: ProcedureContext, action: string) {
  const { kit, op } = ctx;
  const list = operationById.get('events/list');
  const emission = op.events.find((e) => e.action === action);
  if (!list || !emission) return kit.skip('no events list operation or no such emission');
  const prepared = await prepare(ctx, emission);
  if (!prepared) return kit.skip('the entity this event concerns could not be made');
  const before = (await kit.send(list, { query: { page_size: 25 } })).response?.json as
    | { data?: EventRecord[] }
    | undefined;
  const newestBefore = before?.data?.[0]?.id ?? 0;
  const e = await kit.send(op, prepared.request);
  if (!kit.check(acceptedWith2xx(e), 'the operation itself')) return;
  const wanted = await prepared.expect();
  const fresh = await eventsSince(ctx, list, newestBefore);
  const missing = wanted.filter((id) => !fresh.some((x) => x.action === action && String(x.entity?.id) === id));
  if (missing.length || wanted.length === 0) {
    const seen = fresh.map((x) => `${x.action}(${String(x.entity?.id)})`).join(', ') || 'none';
    kit.check(
      failed(
        'event-emitted',
        `a new ${action} event for each of ${missing.join(', ') || 'the affected objects'}`,
        `new events: ${seen}`,
        `A successful ${op.name} emits ${action}${emission.when ? ` (${emission.when})` : ''}.`,
        e,
      ),
    );
  }
}
