// Events, logins, maintenance and notifications (Part 2): the read operations, read and seen marking, and what each list holds.

import { defineArea } from '../area.js';
import { envelopeOf, noScopeListed, notShownResponse, objectOf, operations, scoped, source } from '../build.js';
import { on, proseOf } from '../prose.js';
import { otherRecords, statesSection } from '../sections.js';
import type { Requirement } from '../types.js';

const section = 'Endpoints > Events, invoices, logins, maintenance, notifications';
const eventsSection = 'Events';
const prose = proseOf(2);

/** How far back the events and logins lists reach (Limits: "Events and logins history"). */
export const HISTORY_DAYS = 90;

const eventFieldsNotShown = 'event record fields: not shown in Part 2 (the record shape is a convention)';
const loginFieldsNotShown = 'login record fields: not shown';

const ops = operations(2, 'events', [
  {
    id: 'events/list',
    name: 'Events List',
    method: 'GET',
    path: '/account/events',
    paging: 'bounded',
    response: envelopeOf(undefined, eventFieldsNotShown),
    auth: scoped('events:read_only'),
    summary: `Lists the events of the last ${HISTORY_DAYS} days that the caller's grants cover.`,
    section,
  },
  {
    id: 'events/view',
    name: 'Event View',
    method: 'GET',
    path: '/account/events/{eventId}',
    params: { eventId: 'integer' },
    response: objectOf(undefined, eventFieldsNotShown),
    auth: scoped('events:read_only'),
    summary: 'Returns one event.',
    section,
  },
  {
    id: 'events/mark-read',
    name: 'Event Mark as Read',
    method: 'POST',
    path: '/account/events/{eventId}/read',
    params: { eventId: 'integer' },
    response: notShownResponse('the response body of marking an event read is not shown'),
    auth: scoped('events:read_only'),
    summary: 'Marks one event as read.',
    section,
  },
  {
    id: 'events/mark-seen',
    name: 'Event Mark as Seen',
    method: 'POST',
    path: '/account/events/{eventId}/seen',
    params: { eventId: 'integer' },
    response: notShownResponse('the response body of marking events seen is not shown'),
    auth: scoped('events:read_only'),
    summary: 'Marks every event up to and including the given one as seen.',
    section,
  },
  {
    id: 'events/logins/list',
    name: 'User Logins List',
    method: 'GET',
    path: '/account/logins',
    paging: 'bounded',
    response: envelopeOf(undefined, loginFieldsNotShown),
    auth: scoped('account:read_only'),
    access: { unrestrictedOnly: true },
    summary: `Lists the successful logins of all users of the account in the last ${HISTORY_DAYS} days.`,
    section,
  },
  {
    id: 'events/logins/view',
    name: 'Login View',
    method: 'GET',
    path: '/account/logins/{loginId}',
    params: { loginId: 'integer' },
    response: objectOf(undefined, loginFieldsNotShown),
    auth: scoped('account:read_only'),
    access: { unrestrictedOnly: true },
    summary: 'Returns one login of any user of the account.',
    section,
  },
  {
    id: 'events/maintenance/list',
    name: 'Maintenance List',
    method: 'GET',
    path: '/account/maintenance',
    paging: 'bounded',
    response: envelopeOf(undefined, 'maintenance record fields: not shown'),
    auth: noScopeListed,
    summary: 'Lists the maintenance of instances the caller may view, leaving out canceled maintenance.',
    section,
  },
  {
    id: 'events/notifications/list',
    name: 'Notifications List',
    method: 'GET',
    path: '/account/notifications',
    paging: 'bounded',
    response: envelopeOf(undefined, 'notification record fields: not shown'),
    auth: scoped('account:read_only'),
    summary: 'Lists the time-sensitive notifications of the account.',
    section,
  },
]);

const requirements: Requirement[] = [
  prose(
    'events/list/history-window',
    'MUST',
    `The events list holds only events of the last ${HISTORY_DAYS} days.`,
    on('events/list'),
    'behaviour',
    section,
  ),
  prose(
    'events/list/filtered-by-grants',
    'MUST',
    "The events list holds only events the caller's grants cover: a restricted user does not see events about entities it has no grant for.",
    on('events/list'),
    'secrecy',
    section,
  ),
  prose(
    'events/view/history-window',
    'MUST',
    `Event View answers only events of the last ${HISTORY_DAYS} days.`,
    on('events/view'),
    'behaviour',
    eventsSection,
  ),
  prose(
    'events/view/filtered-by-grants',
    'MUST',
    "Event View refuses an event the caller's grants do not cover, without revealing its data.",
    on('events/view'),
    'secrecy',
    eventsSection,
  ),
  prose(
    'events/mark-read/marks-event',
    'MUST',
    'After marking an event read, that event is read.',
    on('events/mark-read'),
    'state',
    statesSection,
  ),
  prose(
    'events/mark-read/one-event-only',
    'MUST',
    'Marking an event read changes the read state of no other event.',
    on('events/mark-read'),
    'state',
    statesSection,
  ),
  prose(
    'events/mark-seen/up-to-and-including',
    'MUST',
    'Marking an event seen marks it and every earlier event (every event whose id is not greater) as seen.',
    on('events/mark-seen'),
    'state',
    statesSection,
  ),
  prose(
    'events/mark-seen/later-unchanged',
    'MUST',
    'Marking an event seen leaves the seen state of later events (greater ids) unchanged.',
    on('events/mark-seen'),
    'state',
    statesSection,
  ),
  prose(
    'events/logins/list/all-users',
    'MUST',
    'The logins list holds the logins of every user of the account, not only those of the caller.',
    on('events/logins/list'),
    'behaviour',
    section,
  ),
  prose(
    'events/logins/list/successful-only',
    'MUST',
    'The logins list holds only successful logins.',
    on('events/logins/list'),
    'behaviour',
    section,
  ),
  prose(
    'events/logins/list/history-window',
    'MUST',
    `The logins list holds only logins of the last ${HISTORY_DAYS} days.`,
    on('events/logins/list'),
    'behaviour',
    section,
  ),
  prose(
    'events/logins/view/any-user',
    'MUST',
    'Login View answers a login of any user of the account, including every login the logins list holds.',
    on('events/logins/view'),
    'behaviour',
    section,
  ),
  prose(
    'events/maintenance/list/viewable-entities-only',
    'MUST',
    'The maintenance list holds maintenance only for entities the caller may view.',
    on('events/maintenance/list'),
    'secrecy',
    section,
  ),
  prose(
    'events/maintenance/list/canceled-excluded',
    'MUST',
    'The maintenance list leaves out canceled maintenance.',
    on('events/maintenance/list'),
    'behaviour',
    section,
  ),
  prose(
    'events/maintenance/list/instances-only',
    'MUST',
    'The maintenance list holds maintenance of instances only.',
    on('events/maintenance/list'),
    'behaviour',
    section,
  ),
  prose(
    'events/notifications/list/not-actionable',
    'MUST',
    'Notifications cannot be acted on directly: no method other than GET is accepted on the notifications path.',
    on('events/notifications/list'),
    'behaviour',
    section,
  ),
  prose(
    'events/notifications/list/disappear-when-resolved',
    'MUST',
    'A notification leaves the notifications list once its cause is resolved.',
    on('events/notifications/list'),
    'behaviour',
    section,
  ),
];

export const area = defineArea(2, 'events', {
  operations: ops,
  requirements,
  limits: [
    {
      item: 'Events and logins history',
      limit: '90 days',
      encodedAt: [],
      numbers: [HISTORY_DAYS],
      note: 'A time window no rule can hold: events/list/history-window, events/view/history-window and events/logins/list/history-window (excluded, group time).',
    },
  ],
  notShown: [
    { subject: 'event', what: 'event record fields', source: source(2, eventsSection) },
    { subject: 'event', what: 'the event state fields (read and seen)', source: source(2, statesSection) },
    { subject: 'events', what: 'events emitted by other account operations', source: source(2, eventsSection) },
    {
      subject: 'login, maintenance, notification',
      what: 'response fields of the login, maintenance and notification records',
      source: source(2, otherRecords),
    },
    {
      subject: 'events/mark-read, events/mark-seen',
      what: 'response bodies of the read and seen marking',
      source: source(2, 'Endpoints'),
    },
  ],
  ambiguities: [
    {
      id: 'events/mark-seen-order',
      source: source(2, statesSection),
      question: '"Every event up to and including the given ID": up to in id order or in time order?',
      encoding:
        'In id order: every event whose id is not greater than the given one becomes seen, later ones are untouched.',
    },
    {
      id: 'events/view-filters',
      source: source(2, eventsSection),
      question:
        'The endpoint table gives the 90 days and the grants filter only for Events List; the Events section applies both to List and View.',
      encoding: 'Both apply to Events List and Event View.',
    },
    {
      id: 'events/marking-scope',
      source: source(2, section),
      question: 'Marking events read or seen changes state but is listed with the `events:read_only` scope.',
      encoding: 'Encoded as listed: `events:read_only` suffices for both marking operations.',
    },
    {
      id: 'events/state-fields',
      source: source(2, statesSection),
      question:
        'The read and seen states are not shown as record fields in Part 2, so marking can only be observed through them.',
      encoding:
        'The marking requirements are MUST and are observed through `read` and `seen` of the conventional event record (DECISIONS 9).',
    },
    {
      id: 'events/maintenance-instances',
      source: source(2, section),
      question: '"Only instances are available" in the maintenance list: only instance maintenance is reported?',
      encoding: 'Read as: every maintenance item concerns an instance.',
    },
    {
      id: 'events/notifications-actions',
      source: source(2, section),
      question: 'What "cannot be acted on directly" means for notifications is not spelled out.',
      encoding: 'Read as: the notifications path offers no operation other than the list.',
    },
  ],
});
