// Procedures of read and seen marking written from prose: read marks one event only, seen marks the event and every earlier one and no later one.

import { opOf } from '../../conventions/sample.js';
import { acceptedWith2xx, fieldEquals, type WrittenContext } from '../../support/author.js';
import { as, ownAccount } from '../account/support.js';
import { type MadeEvent, newEvents } from './found.js';

/** The owner token of the account whose events a procedure marks; undefined for the run's account. */
type Owner = string | undefined;

const view = (ctx: WrittenContext, event: MadeEvent, owner: Owner) =>
  ctx.kit.send(opOf('events/view'), { params: { eventId: event.id }, ...as(owner) });

/**
 * Mark as Seen reaches every earlier event of the account, so a concurrent client marking its own
 * newer event would mark this procedure's events too; and a concurrent test of Mark as Read marks
 * the account's newest event, which may be one of this procedure's. Marking whose absence is judged
 * goes on a throwaway account when the control interface makes one, else on the run's account.
 */
const markingAccount = (ctx: WrittenContext): Promise<Owner> => ownAccount(ctx.kit);

/** Marks an event read or seen; false (recorded) when the target refuses. */
async function mark(ctx: WrittenContext, how: 'read' | 'seen', event: MadeEvent, owner?: Owner): Promise<boolean> {
  const e = await ctx.kit.send(opOf(`events/mark-${how}`), { params: { eventId: event.id }, ...as(owner) });
  return ctx.kit.check(acceptedWith2xx(e), `marking event ${event.id} ${how}`);
}

/** Skips unless each event starts with the state false, so a later true can only come from the marking. */
function requireFresh(ctx: WrittenContext, events: MadeEvent[], state: 'read' | 'seen'): void {
  if (events.some((e) => e.record[state] !== false))
    ctx.kit.skip(`new events do not report \`${state}\`: false, so marking them cannot be observed`);
}

async function expectState(
  ctx: WrittenContext,
  event: MadeEvent,
  state: 'read' | 'seen',
  expected: { value: boolean; why: string; owner?: Owner },
) {
  const { value, why, owner } = expected;
  ctx.kit.check(fieldEquals(await view(ctx, event, owner), state, value, why), `event ${event.id}`);
}

export async function marksEvent(ctx: WrittenContext) {
  const events = await newEvents(ctx, 1);
  const [event] = events ?? [];
  if (!event) return;
  requireFresh(ctx, [event], 'read');
  if (await mark(ctx, 'read', event))
    await expectState(ctx, event, 'read', { value: true, why: 'A marked event is read.' });
}

/**
 * Makes three new events on the marking account, each still unmarked, and marks the one at
 * `index` (`how`); undefined when a step was refused (recorded) or skipped.
 */
async function markOneOfThree(ctx: WrittenContext, how: 'read' | 'seen', index: number) {
  const owner = await markingAccount(ctx);
  const events = await newEvents(ctx, 3, owner);
  if (!events) return undefined;
  requireFresh(ctx, events, how);
  const marked = events[index] as MadeEvent;
  if (!(await mark(ctx, how, marked, owner))) return undefined;
  return { owner, events, marked };
}

export async function oneEventOnly(ctx: WrittenContext) {
  const done = await markOneOfThree(ctx, 'read', 1);
  if (!done) return;
  const why = 'Mark as Read affects one event.';
  for (const event of done.events.filter((e) => e !== done.marked))
    await expectState(ctx, event, 'read', { value: false, why, owner: done.owner });
}

export async function seenUpToAndIncluding(ctx: WrittenContext) {
  const done = await markOneOfThree(ctx, 'seen', 2);
  if (!done) return;
  const why = 'Mark as Seen marks every event up to and including the given one.';
  for (const event of done.events) await expectState(ctx, event, 'seen', { value: true, why, owner: done.owner });
}

export async function seenLaterUnchanged(ctx: WrittenContext) {
  const done = await markOneOfThree(ctx, 'seen', 1);
  if (!done) return;
  const why = 'Events later than the one marked seen keep their seen state.';
  for (const event of done.events.slice(2))
    await expectState(ctx, event, 'seen', { value: false, why, owner: done.owner });
}
