// Events a procedure makes for itself: VPCs created by the account owner, and the vpc_create event of each found in the owner's events list.

import { opOf } from '../../conventions/sample.js';
import type { WrittenContext } from '../../support/author.js';
import { type EntityMade, type Json, jsonOf, newVpc, succeeded } from '../users/helpers.js';

export interface MadeEvent {
  id: number;
  entity: EntityMade;
  record: Json;
}

const SCAN_PAGES = 5;

/** The event of `action` on an entity, scanning the owner's newest events (of the account `token` belongs to, if given). */
export async function eventAbout(
  ctx: WrittenContext,
  action: string,
  entityId: number,
  token?: string,
): Promise<Json | undefined> {
  for (let page = 1; page <= SCAN_PAGES; page++) {
    const e = await ctx.kit.send(opOf('events/list'), { query: { page, page_size: 100 }, ...(token ? { token } : {}) });
    const body = jsonOf(e);
    if (!succeeded(e) || !Array.isArray(body?.data)) return undefined;
    const found = (body.data as Json[]).find(
      (ev) => ev.action === action && (ev.entity as Json | null)?.id === entityId,
    );
    if (found) return found;
    if (typeof body.pages !== 'number' || page >= body.pages) return undefined;
  }
  return undefined;
}

/** `count` new events in creation order (increasing ids), of the account `token` belongs to if given; skips when the target records no vpc_create event. */
export async function newEvents(ctx: WrittenContext, count: number, token?: string): Promise<MadeEvent[] | undefined> {
  const made: MadeEvent[] = [];
  for (let i = 0; i < count; i++) {
    const vpc = await newVpc(ctx, token);
    if (!vpc) return undefined;
    const record = await eventAbout(ctx, 'vpc_create', vpc.id, token);
    if (!record || typeof record.id !== 'number')
      return ctx.kit.skip('the events list shows no vpc_create event for a VPC just created, to mark');
    made.push({ id: record.id, entity: vpc, record });
  }
  return made.sort((a, b) => a.id - b.id);
}
