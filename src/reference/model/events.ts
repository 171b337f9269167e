// The account event log and the events area of the reference server: recording, the 90-day window, grant filtering, read and seen marking, logins, maintenance and notifications.

import { eventKinds } from '../../../spec/index.js';
import { HISTORY_DAYS } from '../../../spec/part2/events.js';
import { grantEntityKinds } from '../../../spec/part2/users.js';
import type { EntityKind } from '../../../spec/types.js';
import { can } from './access.js';
import { DAY_MS, timestamp } from './clock.js';
import { notFound } from './errors.js';
import type { Account, Principal, World } from './world.js';

export interface EventEntity {
  id: number | string;
  type: string;
  label: string | null;
  url: string;
}

export interface EventRecord {
  id: number;
  action: string;
  created: string;
  entity: EventEntity | null;
  secondary_entity: EventEntity | null;
  status: 'finished' | 'started' | 'scheduled' | 'failed' | 'notification';
  seen: boolean;
  read: boolean;
  username: string | null;
  /** For grant filtering: the entity kind the event concerns. */
  grantKind?: string;
  /** For grant filtering: the id of the granted entity when it is not `entity.id` (a subnet's VPC). */
  grantId?: number;
}

/** Every event action the documents list (the neutral names: `node`, never the provider's). */
const documentedActions = new Set(eventKinds.map((k) => k.action));

/** A timestamp() string `ms` earlier. */
const earlier = (at: string, ms: number) => timestamp(new Date(Date.parse(`${at}Z`) - ms));

export class EventLog {
  /** Oldest first, hence in increasing id order (ids come from one world-wide sequence); lists reverse it. */
  private readonly records: EventRecord[] = [];
  private readonly byId = new Map<number, EventRecord>();
  /** Every record before this index is seen, so marking seen never walks that prefix again. */
  private seenPrefix = 0;

  constructor(private readonly world: World) {}

  record(
    action: string,
    entity: EventEntity | null,
    username: string | null,
    grantKind?: string,
    grantId?: number,
  ): EventRecord {
    // The log speaks the documents' vocabulary only: an action they do not list is a bug of the model.
    if (!documentedActions.has(action)) throw new Error(`event action ${action} is not one the documents list`);
    const event: EventRecord = {
      id: this.world.id(),
      action,
      created: timestamp(this.world.now()),
      entity,
      secondary_entity: null,
      status: 'finished',
      seen: false,
      read: false,
      username,
      ...(grantKind ? { grantKind } : {}),
      ...(grantId !== undefined ? { grantId } : {}),
    };
    // The seam of the `event-missing:<action>` faults: the event is made but the log drops it.
    if (this.world.fault(`event-missing:${action}`)) return event;
    this.records.push(event);
    this.byId.set(event.id, event);
    return event;
  }

  newestFirst(): EventRecord[] {
    return [...this.records].reverse();
  }

  /** Newest first, only events created at or after `cutoff` (a timestamp() string, which sorts as text). */
  newestSince(cutoff: string): EventRecord[] {
    const out: EventRecord[] = [];
    for (let i = this.records.length - 1; i >= 0; i--) {
      const e = this.records[i] as EventRecord;
      if (e.created < cutoff) break;
      out.push(e);
    }
    return out;
  }

  find(id: number): EventRecord | undefined {
    return this.byId.get(id);
  }

  /** Moves every record `ms` into the past; the order stays as it was (for the control interface). */
  backdate(ms: number): void {
    for (const e of this.records) e.created = earlier(e.created, ms);
  }

  markRead(id: number): void {
    const e = this.find(id);
    if (e) e.read = true;
  }

  /** Marks every event up to and including `id` as seen; with `include`, only the events it accepts. */
  markSeen(id: number, include?: (e: EventRecord) => boolean): void {
    const end = this.lastIndexAtOrBelow(id);
    let prefixIntact = true;
    for (let i = this.seenPrefix; i <= end; i++) {
      const e = this.records[i] as EventRecord;
      if (!include || include(e)) e.seen = true;
      if (prefixIntact && e.seen) this.seenPrefix = i + 1;
      else prefixIntact = false;
    }
  }

  /** Index of the last record whose id is not greater than `id`, or -1 (binary search: ids increase). */
  private lastIndexAtOrBelow(id: number): number {
    let lo = 0;
    let hi = this.records.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if ((this.records[mid] as EventRecord).id <= id) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }
}

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
  return world.fault('events-oldest-first') ? events.reverse() : events;
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
