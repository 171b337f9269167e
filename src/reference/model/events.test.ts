// Unit tests of the event log and the events area model: window, grant filtering, read and seen marking, logins.

import { describe, expect, test } from 'vitest';
import { HISTORY_DAYS } from '../../../spec/part2/events.js';
import { errorKind } from '../test-support/model-errors.js';
import { ownerWorld, signIn } from '../test-support/principals.js';
import {
  EventLog,
  getEvent,
  getLogin,
  listEvents,
  listLogins,
  listMaintenance,
  listNotifications,
  markEventRead,
  markEventsSeen,
  recordLogin,
} from './events.js';
import { createWorld } from './wiring.js';

const DAY_S = 24 * 60 * 60;

function setup(faults: string[] = []) {
  const { world, account, owner } = ownerWorld(faults);
  const rita = signIn(world, account, 'rita', true);
  const vpcEvent = (id: number, action = 'vpc_update') =>
    account.events.record(action, { id, type: 'vpc', label: `v${id}`, url: `/v4/vpcs/${id}` }, 'owner', 'vpc');
  return { world, account, owner, rita, vpcEvent };
}

describe('event log', () => {
  test('records in increasing id order, finds by id, lists newest first', () => {
    const { account, vpcEvent } = setup();
    const a = vpcEvent(1);
    const b = vpcEvent(2);
    expect(b.id).toBeGreaterThan(a.id);
    expect(account.events.find(a.id)).toBe(a);
    expect(account.events.newestFirst().map((e) => e.id)).toEqual([b.id, a.id]);
  });

  test('markSeen marks every event up to and including the id, and only those the filter accepts', () => {
    const log = new EventLog(createWorld());
    const [a, b, c, d] = [1, 2, 3, 4].map((i) => log.record('vpc_update', null, null, undefined, i));
    log.markSeen((b as { id: number }).id, (e) => e.grantId !== 1);
    expect([a, b, c, d].map((e) => e?.seen)).toEqual([false, true, false, false]);
    log.markSeen((c as { id: number }).id);
    expect([a, b, c, d].map((e) => e?.seen)).toEqual([true, true, true, false]);
    log.markSeen(0);
    expect(d?.seen).toBe(false);
  });
});

describe('events list and view', () => {
  test('an unrestricted user sees every event, newest first', () => {
    const { owner, vpcEvent } = setup();
    const a = vpcEvent(1);
    const b = vpcEvent(2);
    expect(listEvents(owner).map((e) => e.id)).toEqual([b.id, a.id]);
    expect(getEvent(owner, a.id)).toBe(a);
  });

  test('a restricted user sees events only of entities it may read, and account events only with account_access', () => {
    const { account, rita, vpcEvent } = setup();
    const granted = vpcEvent(1);
    const hidden = vpcEvent(2);
    const subnet = account.events.record(
      'subnet_create',
      { id: 99, type: 'subnet', label: 's', url: '/v4/vpcs/1/subnets/99' },
      'owner',
      'vpc',
      1,
    );
    const billing = account.events.record('payment_submitted', null, 'owner');
    rita.user.grants.entities.vpc.set(1, 'read_only');
    expect(listEvents(rita).map((e) => e.id)).toEqual([subnet.id, granted.id]);
    expect(errorKind(() => getEvent(rita, hidden.id))).toBe('not-found');
    expect(errorKind(() => getEvent(rita, billing.id))).toBe('not-found');
    rita.user.grants.global.account_access = 'read_only';
    expect(getEvent(rita, billing.id)).toBe(billing);
  });

  test('events older than the history window are neither listed nor viewable', () => {
    const { world, owner, vpcEvent } = setup();
    const old = vpcEvent(1);
    world.clockOffsetMs += (HISTORY_DAYS * DAY_S + 60) * 1000;
    const recent = vpcEvent(2);
    expect(listEvents(owner).map((e) => e.id)).toEqual([recent.id]);
    expect(errorKind(() => getEvent(owner, old.id))).toBe('not-found');
  });

  test('an unknown event is not found', () => {
    const { owner } = setup();
    expect(errorKind(() => getEvent(owner, 123_456))).toBe('not-found');
  });

  test('faults: unfiltered list and view; oldest first; unbounded history', () => {
    const f = setup(['events-unfiltered']);
    f.vpcEvent(1);
    expect(listEvents(f.rita)).toHaveLength(1);
    const v = setup(['event-view-unfiltered']);
    const e = v.vpcEvent(1);
    expect(listEvents(v.rita)).toHaveLength(0);
    expect(getEvent(v.rita, e.id)).toBe(e);
    const o = setup(['events-oldest-first']);
    const first = o.vpcEvent(1);
    o.vpcEvent(2);
    expect(listEvents(o.owner)[0]).toBe(first);
    const h = setup(['events-history-unbounded']);
    const old = h.vpcEvent(1);
    h.world.clockOffsetMs += (HISTORY_DAYS + 1) * DAY_S * 1000;
    expect(getEvent(h.owner, old.id)).toBe(old);
  });
});

describe('read and seen marking', () => {
  test('mark read changes exactly one event', () => {
    const { owner, vpcEvent } = setup();
    const a = vpcEvent(1);
    const b = vpcEvent(2);
    markEventRead(owner, a.id);
    expect([a.read, b.read]).toEqual([true, false]);
  });

  test('mark seen marks the event and every earlier one, not later ones', () => {
    const { owner, vpcEvent } = setup();
    const [a, b, c] = [1, 2, 3].map((i) => vpcEvent(i));
    markEventsSeen(owner, (b as { id: number }).id);
    expect([a, b, c].map((e) => e?.seen)).toEqual([true, true, false]);
  });

  test('a restricted user marks only events it can see, and cannot mark a hidden one', () => {
    const { rita, vpcEvent } = setup();
    rita.user.grants.entities.vpc.set(2, 'read_only');
    const hidden = vpcEvent(1);
    const visible = vpcEvent(2);
    markEventsSeen(rita, visible.id);
    expect([hidden.seen, visible.seen]).toEqual([false, true]);
    expect(errorKind(() => markEventRead(rita, hidden.id))).toBe('not-found');
    expect(errorKind(() => markEventsSeen(rita, hidden.id))).toBe('not-found');
    expect(hidden.read).toBe(false);
  });

  test('faults: read ignored; read marks all; seen only one; seen marks later', () => {
    const run = (fault: string) => {
      const s = setup([fault]);
      return { ...s, events: [1, 2, 3].map((i) => s.vpcEvent(i)) };
    };
    const ri = run('event-read-ignored');
    markEventRead(ri.owner, ri.events[0]?.id as number);
    expect(ri.events[0]?.read).toBe(false);
    const ra = run('event-read-marks-all');
    markEventRead(ra.owner, ra.events[0]?.id as number);
    expect(ra.events.every((e) => e.read)).toBe(true);
    const so = run('event-seen-only-one');
    markEventsSeen(so.owner, so.events[1]?.id as number);
    expect(so.events.map((e) => e.seen)).toEqual([false, true, false]);
    const sl = run('event-seen-marks-later');
    markEventsSeen(sl.owner, sl.events[0]?.id as number);
    expect(sl.events.every((e) => e.seen)).toBe(true);
  });
});

describe('logins', () => {
  test('the list holds the logins of every user, newest first, and each is viewable', () => {
    const { account, owner } = setup();
    const mine = recordLogin(account, 'owner');
    const theirs = recordLogin(account, 'rita');
    expect(listLogins(owner).map((l) => l.id)).toEqual([theirs?.id, mine?.id]);
    expect(getLogin(owner, theirs?.id as number)).toMatchObject({ username: 'rita', restricted: true });
    expect(recordLogin(account, 'nobody')).toBeUndefined();
    expect(errorKind(() => getLogin(owner, 1))).toBe('not-found');
  });

  test('logins older than the history window are gone', () => {
    const { world, account, owner } = setup();
    const old = recordLogin(account, 'rita');
    world.clockOffsetMs += (HISTORY_DAYS * DAY_S + 60) * 1000;
    expect(listLogins(owner)).toEqual([]);
    expect(errorKind(() => getLogin(owner, old?.id as number))).toBe('not-found');
  });

  test('faults: own logins only; view of own only; unbounded history', () => {
    const a = setup(['logins-own-only']);
    recordLogin(a.account, 'rita');
    expect(listLogins(a.owner)).toEqual([]);
    const b = setup(['login-view-own-only']);
    const l = recordLogin(b.account, 'rita');
    expect(errorKind(() => getLogin(b.owner, l?.id as number))).toBe('not-found');
    const c = setup(['logins-history-unbounded']);
    recordLogin(c.account, 'rita');
    c.world.clockOffsetMs += (HISTORY_DAYS + 1) * DAY_S * 1000;
    expect(listLogins(c.owner)).toHaveLength(1);
  });
});

test('maintenance and notifications are empty', () => {
  const { owner } = setup();
  expect(listMaintenance(owner)).toEqual([]);
  expect(listNotifications(owner)).toEqual([]);
});
