// HTTP binding of events, logins, maintenance and notifications: read the parsed request, call the model, shape the records.

import type { EventRecord, Login } from '../model/events.js';
import * as events from '../model/events.js';
import type { World } from '../model/world.js';
import { caller, type Handlers, intParam, type RequestContext } from './context.js';

/** The conventional event record (DECISIONS 9), without the model's grant-filtering fields. */
export const eventRecord = (e: EventRecord) => ({
  id: e.id,
  action: e.action,
  created: e.created,
  entity: e.entity,
  secondary_entity: e.secondary_entity,
  status: e.status,
  seen: e.seen,
  read: e.read,
  username: e.username,
});

/** The record as served; the `event-record-incomplete` fault drops the read and seen states from it. */
function served(world: World, e: EventRecord) {
  const record = eventRecord(e);
  if (!world.fault('event-record-incomplete')) return record;
  const { seen: _seen, read: _read, ...rest } = record;
  return rest;
}

const shapeFor = (ctx: RequestContext) => (e: EventRecord) => served(ctx.world, e);

export const loginRecord = (l: Login) => ({
  id: l.id,
  datetime: l.datetime,
  ip: l.ip,
  username: l.username,
  restricted: l.restricted,
  status: l.status,
});

export const handlers: Handlers = {
  'events/list': (ctx) => events.listEvents(caller(ctx)).map(shapeFor(ctx)),
  'events/view': (ctx) => shapeFor(ctx)(events.getEvent(caller(ctx), intParam(ctx, 'eventId'))),
  'events/mark-read': (ctx) => {
    events.markEventRead(caller(ctx), intParam(ctx, 'eventId'));
    return {};
  },
  'events/mark-seen': (ctx) => {
    events.markEventsSeen(caller(ctx), intParam(ctx, 'eventId'));
    return {};
  },
  'events/logins/list': (ctx) => events.listLogins(caller(ctx)).map(loginRecord),
  'events/logins/view': (ctx) => loginRecord(events.getLogin(caller(ctx), intParam(ctx, 'loginId'))),
  'events/maintenance/list': (ctx) => events.listMaintenance(caller(ctx)),
  'events/notifications/list': (ctx) => events.listNotifications(caller(ctx)),
};
