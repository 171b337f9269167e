// Events a procedure makes for itself: VPCs created by the account owner, and the vpc_create event of each, found among the events made after a mark whatever order the list has.

import {
  type EventMark,
  eventsAbout,
  eventsSince,
  markEvents,
  requireWhole,
  type WrittenContext,
} from '../../support/author.js';
import { type EntityMade, type Json, newVpc } from '../users/helpers.js';

export interface MadeEvent {
  id: number;
  entity: EntityMade;
  record: Json;
}

/**
 * The new event of `action` on an entity (of the account `token` belongs to, if given), among the
 * events made since `mark`; undefined when there is none. Ends the requirement as `error` when the
 * list could not be read whole enough to say.
 */
export async function eventAbout(
  ctx: WrittenContext,
  mark: EventMark,
  action: string,
  entityId: number,
  token?: string,
): Promise<Json | undefined> {
  const fresh = await eventsSince(ctx.kit, mark, token);
  const [found] = eventsAbout(fresh, action, entityId);
  if (!found) requireWhole(fresh, `looking for the ${action} event of ${entityId}`);
  return found;
}

/** `count` new events in creation order (increasing ids), of the account `token` belongs to if given; skips when the target records no vpc_create event. */
export async function newEvents(ctx: WrittenContext, count: number, token?: string): Promise<MadeEvent[] | undefined> {
  const mark = await markEvents(ctx.kit, token);
  const vpcs: EntityMade[] = [];
  for (let i = 0; i < count; i++) {
    const vpc = await newVpc(ctx, token);
    if (!vpc) return undefined;
    vpcs.push(vpc);
  }
  const fresh = await eventsSince(ctx.kit, mark, token);
  const made: MadeEvent[] = [];
  for (const vpc of vpcs) {
    const [record] = eventsAbout(fresh, 'vpc_create', vpc.id);
    if (!record) requireWhole(fresh, `looking for the vpc_create event of VPC ${vpc.id}`);
    if (!record || typeof record.id !== 'number')
      return ctx.kit.skip('the events list shows no vpc_create event for a VPC just created, to mark');
    made.push({ id: record.id, entity: vpc, record });
  }
  return made.sort((a, b) => a.id - b.id);
}
