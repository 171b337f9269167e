// Faults of events and logins: each a defect the reference server can switch on, with the requirements that must fail.

import { faultsOf } from './define.js';

const f = faultsOf('events');

export const eventsFaults = [
  f('events-unfiltered', 'grant', 'lists every event to restricted users', ['events/list/filtered-by-grants']),
  f('event-view-unfiltered', 'grant', 'shows any event to restricted users', ['events/view/filtered-by-grants']),
  f('events-oldest-first', 'event', 'lists events oldest first', ['conventions/events/newest-first']),
  f('events-history-unbounded', 'behaviour', 'lists events older than 90 days', [
    'events/list/history-window',
    'events/view/history-window',
  ]),
  f('event-read-ignored', 'state', 'does not mark an event read', ['events/mark-read/marks-event']),
  f('event-read-marks-all', 'state', 'marks every event read', ['events/mark-read/one-event-only']),
  f('event-seen-only-one', 'state', 'marks only the given event seen', ['events/mark-seen/up-to-and-including']),
  f('event-seen-marks-later', 'state', 'marks later events seen too', ['events/mark-seen/later-unchanged']),
  f('event-record-incomplete', 'event', 'drops seen and read from event records', ['conventions/events/record-shape']),
  f('logins-own-only', 'behaviour', "lists only the caller's logins", ['events/logins/list/all-users']),
  f('login-view-own-only', 'behaviour', "refuses other users' logins", ['events/logins/view/any-user']),
  f('logins-history-unbounded', 'behaviour', 'lists logins older than 90 days', ['events/logins/list/history-window']),
];
