// Self-tests of the event checks: the order along a page read as instants (a time without offset is UTC), and the later of two events listed first.

import { describe, expect, test } from 'vitest';
import { createdNonIncreasing, eventRecordShape, laterListedFirst } from './events.js';

describe('events newest first', () => {
  test('created never increasing along a page, whatever offset or precision each time is written in', () => {
    const page = [
      { id: 3, created: '2026-01-01T10:00:00.250000+00:00' },
      { id: 2, created: '2026-01-01T11:30:00+02:00' },
      { id: 1, created: '2026-01-01T09:29:59' },
    ];
    expect(createdNonIncreasing(page).ok).toBe(true);
    expect(createdNonIncreasing([...page].reverse())).toMatchObject({ ok: false, check: 'events-newest-first' });
  });

  test('the later of two events comes first', () => {
    expect(laterListedFirst(4, 1, 'x').ok).toBe(true);
    expect(laterListedFirst(1, 4, 'x')).toMatchObject({ ok: false, check: 'events-newest-first' });
  });
});

describe('event record shape', () => {
  test('the conventional members, extra ones allowed', () => {
    const record = {
      id: 1,
      action: 'vpc_create',
      created: '2026-01-01T00:00:00',
      entity: { id: 5, type: 'vpc', label: 'a', url: '/v4/vpcs/5' },
      secondary_entity: null,
      status: 'finished',
      seen: false,
      read: false,
      username: 'owner',
      etag: 'x',
    };
    expect(eventRecordShape(record).ok).toBe(true);
    const { seen: _s, ...incomplete } = record;
    expect(eventRecordShape(incomplete)).toMatchObject({ ok: false, check: 'event-record-shape' });
  });
});
