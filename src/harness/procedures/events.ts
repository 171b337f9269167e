// Procedure for derived event requirements: a successful operation emits its event kind with the affected object as entity (one per item where the emission counts per item), found among the events made after it whatever the list's order.

import type fc from 'fast-check';
import { operationById } from '../../../spec/index.js';
import type { Emission } from '../../../spec/types.js';
import { failed } from '../../check/result.js';
import { acceptedWith2xx } from '../../check/status.js';
import { validBody } from '../../generate/bodies.js';
import { sampleOne } from '../../generate/violations.js';
import type { SendOptions } from '../../target/session.js';
import { eventsAbout, eventsSince, markEvents, requireWhole } from '../event-scan.js';
import { createdFixtures } from '../fixture-specs.js';
import { hintsFor } from '../hints.js';
import { destroys, type ProcedureContext, validRequest } from './request.js';

interface EventRecord {
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

export async function eventEmitted(ctx: ProcedureContext, action: string) {
  const { kit, op } = ctx;
  const emission = op.events.find((e) => e.action === action);
  if (!emission) return kit.skip('no such emission');
  const prepared = await prepare(ctx, emission);
  if (!prepared) return kit.skip('the entity this event concerns could not be made');
  // The events list's order is not documented (DECISIONS 20): new events are those the mark did not know.
  const mark = await markEvents(kit);
  const e = await kit.send(op, prepared.request);
  if (!kit.check(acceptedWith2xx(e), 'the operation itself')) return;
  const wanted = await prepared.expect();
  const fresh = await eventsSince(kit, mark);
  const missing = wanted.filter((id) => eventsAbout(fresh, action, id).length === 0);
  if (missing.length === 0 && wanted.length > 0) return;
  requireWhole(fresh, `looking for the ${action} event`);
  const seen = fresh.records.map(
    ({ record: x }) => `${String(x.action)}(${String((x.entity as EventRecord['entity'])?.id)})`,
  );
  kit.check(
    failed(
      'event-emitted',
      `a new ${action} event for each of ${missing.join(', ') || 'the affected objects'}`,
      `new events: ${seen.slice(0, 20).join(', ') || 'none'}${seen.length > 20 ? ` and ${seen.length - 20} more` : ''}`,
      `A successful ${op.name} emits ${action}${emission.when ? ` (${emission.when})` : ''}.`,
      fresh.last ?? e,
    ),
  );
}
