// Conformance of the events area (Part 2): one test per requirement.

import { conformance } from '../support/author.js';
import { marksEvent, oneEventOnly, seenLaterUnchanged, seenUpToAndIncluding } from './events/marking.js';
import {
  eventsListWindow,
  eventViewWindow,
  listFilteredByGrants,
  loginsListWindow,
  loginViewAnyUser,
  notificationsNotActionable,
  viewFilteredByGrants,
} from './events/visibility.js';

conformance('events', {
  'events/list/history-window': eventsListWindow,
  'events/list/filtered-by-grants': listFilteredByGrants,
  'events/view/history-window': eventViewWindow,
  'events/view/filtered-by-grants': viewFilteredByGrants,
  'events/mark-read/marks-event': marksEvent,
  'events/mark-read/one-event-only': oneEventOnly,
  'events/mark-seen/up-to-and-including': seenUpToAndIncluding,
  'events/mark-seen/later-unchanged': seenLaterUnchanged,
  'events/logins/list/history-window': loginsListWindow,
  'events/logins/view/any-user': loginViewAnyUser,
  'events/notifications/list/not-actionable': notificationsNotActionable,
});
