// Procedures of what the events, logins and notifications paths show, written from prose: events filtered by grants, the 90-day history, logins of any user, notifications not actionable.

import { HISTORY_DAYS } from '../../../spec/part2/events.js';
import type { Operation } from '../../../spec/types.js';
import { notRevealed } from '../../../src/check/disclosure.js';
import { described } from '../../../src/check/result.js';
import { acceptedWith2xx, rejectedWith4xx } from '../../../src/check/status.js';
import { notListed } from '../../../src/check/visibility.js';
import type { WrittenContext } from '../../../src/suite/procedures/request.js';
import { offRoute, opOf } from '../../conventions/sample.js';
import { listAll, mintedUser, restrictedUser } from '../users/helpers.js';
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
 * An event or login older than 90 days exists only once the target's clock has moved 90 days. The
 * reference server's control interface can move it, but for the whole server: the cards, promo
 * eligibility and pending transfers of suites running at the same time would expire. So the clock
 * moves only when the run is told it may (CLOUDCONF_MOVE_CLOCK=1), on a target no other run shares.
 */
const CLOCK_ALLOWED = process.env.CLOUDCONF_MOVE_CLOCK === '1';

const HISTORY_SKIP =
  'needs an event or login older than 90 days, which only moving the whole target clock forward 90 days makes; that breaks suites running concurrently (card expiry, promo eligibility, pending transfers), so it is done only with CLOUDCONF_MOVE_CLOCK=1';

const DAY_SECONDS = 24 * 60 * 60;

/** Moves the target's clock just past the history window; skips when that is not allowed or not possible. */
async function pastHistoryWindow(ctx: WrittenContext): Promise<void> {
  const { kit } = ctx;
  if (!CLOCK_ALLOWED) return kit.skip(HISTORY_SKIP);
  if (!(await kit.session.hasControl()))
    return kit.skip("needs the control interface's clock to age an event by 90 days");
  const url = `${new URL(kit.session.config.baseUrl).origin}/__cloudconf/clock`;
  const body = { advanceSeconds: HISTORY_DAYS * DAY_SECONDS + 60 };
  const e = await kit.session.client.send({ method: 'POST', url, body });
  if (e.response?.status !== 200) kit.skip(`the control interface did not move the clock: ${described(e)}`);
}

export async function eventsListWindow(ctx: WrittenContext) {
  if (!CLOCK_ALLOWED) return ctx.kit.skip(HISTORY_SKIP);
  const [event] = (await newEvents(ctx, 1)) ?? [];
  if (!event) return;
  await pastHistoryWindow(ctx);
  const { items, last } = await listAll(ctx.kit, 'events/list');
  ctx.kit.check(notListed(items, event.id, `an event over ${HISTORY_DAYS} days old`, last));
}

export async function eventViewWindow(ctx: WrittenContext) {
  if (!CLOCK_ALLOWED) return ctx.kit.skip(HISTORY_SKIP);
  const [event] = (await newEvents(ctx, 1)) ?? [];
  if (!event) return;
  await pastHistoryWindow(ctx);
  const e = await ctx.kit.send(opOf('events/view'), { params: { eventId: event.id } });
  ctx.kit.check(rejectedWith4xx(e), `viewing an event over ${HISTORY_DAYS} days old`);
}

export async function loginsListWindow(ctx: WrittenContext) {
  const { kit } = ctx;
  if (!CLOCK_ALLOWED) return kit.skip(HISTORY_SKIP);
  const user = await mintedUser(ctx, { restricted: false });
  const before = await listAll(kit, 'events/logins/list');
  const login = before.items.find((l) => l.username === user.username);
  if (!login) return kit.skip(`the logins list shows no login of ${user.username}, a user whose token was just issued`);
  await pastHistoryWindow(ctx);
  const { items, last } = await listAll(kit, 'events/logins/list');
  kit.check(notListed(items, login.id, `a login over ${HISTORY_DAYS} days old`, last));
}
