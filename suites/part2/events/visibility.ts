// Procedures of what the events, logins and notifications paths show, written from prose: events filtered by grants, the 90-day history, logins of any user, notifications not actionable.

import { HISTORY_DAYS } from '../../../spec/part2/events.js';
import type { Operation } from '../../../spec/types.js';
import { offRoute, opOf } from '../../conventions/sample.js';
import {
  acceptedWith2xx,
  notListed,
  notRevealed,
  rejectedWith4xx,
  type Session,
  type WrittenContext,
} from '../../support/author.js';
import { listAll, restrictedUser } from '../users/helpers.js';
import { newEvents } from './found.js';

export async function listFilteredByGrants(ctx: WrittenContext) {
  const { kit } = ctx;
  const [event] = (await newEvents(ctx, 1)) ?? [];
  if (!event) return;
  const caller = await restrictedUser(ctx);
  const { items, last } = await listAll(kit, 'events/list', caller.token);
  kit.check(
    notListed(items, event.id, `an event about VPC ${event.entity.id}, which the caller holds no grant for`, last),
  );
}

export async function viewFilteredByGrants(ctx: WrittenContext) {
  const { kit } = ctx;
  const [event] = (await newEvents(ctx, 1)) ?? [];
  if (!event) return;
  const caller = await restrictedUser(ctx);
  const e = await kit.send(opOf('events/view'), { params: { eventId: event.id }, token: caller.token });
  kit.check(rejectedWith4xx(e), 'viewing an event about a VPC the caller holds no grant for');
  kit.check(notRevealed(e, event.entity.label, 'label of the VPC the event is about'));
}

const LOGINS_VIEWED = 25;

/** The logins viewed: a login of a user made for the test, and the newest logins of the list, whoever made them. */
export async function loginViewAnyUser(ctx: WrittenContext) {
  const { kit } = ctx;
  const other = await kit.session.credential({ restricted: false });
  if (other) ctx.fixtures.track(opOf('users/delete'), { username: other.username });
  const { items, last } = await listAll(kit, 'events/logins/list');
  if (!last || !kit.check(acceptedWith2xx(last), 'the logins list')) return;
  const logins = items.filter((l) => typeof l.id === 'number');
  const theirs = other && logins.find((l) => l.username === other.username);
  if (other && !theirs)
    return kit.skip(`the logins list shows no login of ${other.username}, a user whose token was just issued`);
  const viewed = [...(theirs ? [theirs] : []), ...logins.slice(0, LOGINS_VIEWED)];
  if (viewed.length === 0) return kit.skip('the logins list is empty: there is no login to view');
  for (const login of viewed) {
    const e = await kit.send(opOf('events/logins/view'), { params: { loginId: login.id as number } });
    kit.check(acceptedWith2xx(e), `login ${String(login.id)} of ${String(login.username)}`);
  }
}

const OTHER_METHODS: Operation['method'][] = ['POST', 'PUT', 'DELETE'];

export async function notificationsNotActionable(ctx: WrittenContext) {
  const { kit } = ctx;
  const list = opOf('events/notifications/list');
  for (const method of OTHER_METHODS) {
    const e = await kit.send(offRoute(list, list.path, method), { body: {} });
    kit.check(rejectedWith4xx(e), `${method} ${list.path}`);
  }
}

/**
 * An event or login older than the history window exists once the target's clock has moved past
 * it. Moving the whole server's clock would expire the cards, promo eligibility and pending
 * transfers of suites running at the same time, so the control interface ages the history of one
 * account made for the test instead: what it shows is what that account would show later.
 */
async function ownHistory(ctx: WrittenContext): Promise<Session> {
  const own = await ctx.kit.session.throwaway();
  if (!own) return ctx.kit.skip(`needs an account whose history the control interface can age by ${HISTORY_DAYS} days`);
  return own;
}

/** Ages an account's history just past the window; skips when the control interface refuses. */
async function pastHistoryWindow(ctx: WrittenContext, own: Session): Promise<void> {
  if (!(await own.ageHistory(HISTORY_DAYS + 1)))
    ctx.kit.skip(`the control interface did not age the account's history by ${HISTORY_DAYS + 1} days`);
}

export async function eventsListWindow(ctx: WrittenContext) {
  const own = await ownHistory(ctx);
  const [event] = (await newEvents(ctx, 1, own.config.token)) ?? [];
  if (!event) return;
  await pastHistoryWindow(ctx, own);
  const { items, last } = await listAll(ctx.kit, 'events/list', own.config.token);
  ctx.kit.check(notListed(items, event.id, `an event over ${HISTORY_DAYS} days old`, last));
}

export async function eventViewWindow(ctx: WrittenContext) {
  const own = await ownHistory(ctx);
  const [event] = (await newEvents(ctx, 1, own.config.token)) ?? [];
  if (!event) return;
  await pastHistoryWindow(ctx, own);
  const e = await ctx.kit.send(opOf('events/view'), { params: { eventId: event.id }, token: own.config.token });
  ctx.kit.check(rejectedWith4xx(e), `viewing an event over ${HISTORY_DAYS} days old`);
}

export async function loginsListWindow(ctx: WrittenContext) {
  const { kit } = ctx;
  const own = await ownHistory(ctx);
  const user = await own.credential({ restricted: false });
  if (!user) return kit.skip('needs a token issued to a user of the account, which only the control interface mints');
  const before = await listAll(kit, 'events/logins/list', own.config.token);
  const login = before.items.find((l) => l.username === user.username);
  if (!login) return kit.skip(`the logins list shows no login of ${user.username}, a user whose token was just issued`);
  await pastHistoryWindow(ctx, own);
  const { items, last } = await listAll(kit, 'events/logins/list', own.config.token);
  kit.check(notListed(items, login.id, `a login over ${HISTORY_DAYS} days old`, last));
}
