// The account event log and the events area of the reference server: recording, the 90-day window, grant filtering, read and seen marking, logins, maintenance and notifications.

import { HISTORY_DAYS } from '../../../spec/part2/events.js';
import { grantEntityKinds } from '../../../spec/part2/users.js';
import type { EntityKind } from '../../../spec/types.js';
import { can } from './access.js';
import { DAY_MS, timestamp } from './clock.js';
import { notFound } from './errors.js';
import { type EventRecord, earlier } from './event-log.js';
import type { Account, Principal, World } from './world.js';

export { type EventEntity, EventLog, type EventRecord } from './event-log.js';

// ---- The events area: what a caller may see and mark ----

/** The oldest `created` value the history lists still hold. */
function historyCutoff(world: World): string {
  return timestamp(new Date(world.now().getTime() - HISTORY_DAYS * DAY_MS));
}

const grantKinds: ReadonlySet<string> = new Set(grantEntityKinds);

/**
 * Whether an event is visible to a caller. Unrestricted users see every event; a restricted user
 * sees an event about a grantable entity when it may read that entity, and an account-level event
 * (no grantable kind recorded) only while it holds `account_access`.
 */
export function canSeeEvent(p: Principal, e: EventRecord): boolean {
  if (!p.user.restricted || p.account.world.fault('events-unfiltered')) return true;
  if (e.grantKind !== undefined && grantKinds.has(e.grantKind)) {
    const id = e.grantId ?? Number(e.entity?.id);
    return can(p, e.grantKind as EntityKind, id, 'read_only');
  }
  return p.user.grants.global.account_access != null;
}

/** The events of the history window the caller may see, newest first. */
export function listEvents(p: Principal): EventRecord[] {
  const { world } = p.account;
  const cutoff = world.fault('events-history-unbounded') ? '' : historyCutoff(world);
  const events = p.account.events.newestSince(cutoff).filter((e) => canSeeEvent(p, e));
  return world.fault('events-oldest-first') || world.variant('events-oldest-first') ? events.reverse() : events;
}

/** One event of the history window the caller may see; anything else is not found, revealing nothing. */
export function getEvent(p: Principal, id: number): EventRecord {
  const { world } = p.account;
  const event = p.account.events.find(id);
  const inWindow = event && (world.fault('events-history-unbounded') || event.created >= historyCutoff(world));
  const visible = event && (world.fault('event-view-unfiltered') || canSeeEvent(p, event));
  if (!event || !inWindow || !visible) throw notFound('Event not found');
  return event;
}

export function markEventRead(p: Principal, id: number): void {
  const event = getEvent(p, id);
  const { world } = p.account;
  if (world.fault('event-read-ignored')) return;
  if (world.fault('event-read-marks-all')) {
    for (const e of p.account.events.newestFirst()) e.read = true;
    return;
  }
  p.account.events.markRead(event.id);
}

/**
 * Marks the event and every earlier one (by id) as seen. Read and seen are account-wide states, so a
 * restricted caller marks only the events it can see: it must not change events hidden from it.
 */
export function markEventsSeen(p: Principal, id: number): void {
  const event = getEvent(p, id);
  const { world, events } = p.account;
  if (world.fault('event-seen-only-one')) {
    event.seen = true;
    return;
  }
  const through = world.fault('event-seen-marks-later') ? Number.MAX_SAFE_INTEGER : event.id;
  events.markSeen(through, p.user.restricted ? (e) => canSeeEvent(p, e) : undefined);
}

// ---- Logins ----

export interface Login {
  id: number;
  datetime: string;
  ip: string;
  username: string;
  restricted: boolean;
  status: 'successful';
}

interface LoginStore {
  /** Oldest first. */
  list: Login[];
  byId: Map<number, Login>;
}

const loginStore = (account: Account) => account.store<LoginStore>('logins', () => ({ list: [], byId: new Map() }));

/**
 * Records a successful login of a user: the reference server counts each token issued for a user
 * (control interface, server start) as one login.
 */
export function recordLogin(account: Account, username: string): Login | undefined {
  const user = account.users.get(username);
  if (!user) return undefined;
  const login: Login = {
    id: account.world.id(),
    datetime: timestamp(account.world.now()),
    ip: '127.0.0.1',
    username,
    restricted: user.restricted,
    status: 'successful',
  };
  const store = loginStore(account);
  store.list.push(login);
  store.byId.set(login.id, login);
  return login;
}

/**
 * Ages an account's history by `days`: its events and logins read as made that long before they
 * were, as if the clock had moved for this account alone (for the control interface).
 */
export function backdateHistory(account: Account, days: number): void {
  const ms = days * DAY_MS;
  account.events.backdate(ms);
  for (const login of loginStore(account).list) login.datetime = earlier(login.datetime, ms);
}

const loginCutoff = (world: World) => (world.fault('logins-history-unbounded') ? '' : historyCutoff(world));

/** The logins of every user of the account in the history window, newest first. */
export function listLogins(p: Principal): Login[] {
  const { world } = p.account;
  const cutoff = loginCutoff(world);
  const ownOnly = world.fault('logins-own-only');
  return loginStore(p.account)
    .list.filter((l) => l.datetime >= cutoff && (!ownOnly || l.username === p.user.username))
    .reverse();
}

/** One login of any user of the account, within the history window. */
export function getLogin(p: Principal, id: number): Login {
  const { world } = p.account;
  const login = loginStore(p.account).byId.get(id);
  const foreign = world.fault('login-view-own-only') && login?.username !== p.user.username;
  if (!login || foreign || login.datetime < loginCutoff(world)) throw notFound('Login not found');
  return login;
}

// ---- Maintenance and notifications ----

/** Maintenance is scheduled by the provider; the reference server schedules none. */
export const listMaintenance = (_p: Principal): unknown[] => [];

/** Notifications arise from conditions (overdue balance, pending maintenance) the reference server never reaches. */
export const listNotifications = (_p: Principal): unknown[] => [];
