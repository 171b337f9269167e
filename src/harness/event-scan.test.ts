// Self-tests of finding new events whatever the list's order: newest or oldest first over many pages, events of the same second, other clients adding events meanwhile, no order at all, no times at all.

import { describe, expect, test } from 'vitest';
import { requirementById } from '../../spec/index.js';
import type { Operation } from '../../spec/types.js';
import type { Exchange } from '../http/exchange.js';
import type { SendOptions, Session } from '../target/session.js';
import { BoundReached } from './bounds.js';
import { EVENT_PAGE_SIZE, eventsAbout, eventsSince, MAX_SCAN_PAGES, markEvents, requireWhole } from './event-scan.js';
import { Kit } from './kit.js';

interface FakeEvent {
  id: number;
  action: string;
  created?: string;
  entity: { id: number };
}

type Order = 'newest-first' | 'oldest-first' | 'by-entity' | 'shuffled';

/** An events list in memory, served in pages in the chosen order; `during` runs before each read (other clients). */
class FakeEvents {
  readonly events: FakeEvent[] = [];
  reads = 0;
  private nextId = 1;
  /** Seconds since a fixed start: events made in one tick share a `created` second. */
  clock = 0;
  during: () => void = () => {};

  constructor(
    readonly order: Order,
    readonly withTimes = true,
  ) {}

  add(action: string, entity: number): FakeEvent {
    const created = new Date(Date.UTC(2026, 0, 1) + this.clock * 1000).toISOString().slice(0, 19);
    const event: FakeEvent = {
      id: this.nextId++,
      action,
      entity: { id: entity },
      ...(this.withTimes ? { created } : {}),
    };
    this.events.push(event);
    return event;
  }

  /** Older events, ten a second, then a minute before anything else happens. */
  old(count: number): void {
    for (let i = 0; i < count; i++) {
      this.add('vpc_create', 100_000 + i);
      if (i % 10 === 9) this.clock += 1;
    }
    this.clock += 60;
  }

  listed(): FakeEvent[] {
    if (this.order === 'oldest-first') return [...this.events];
    if (this.order === 'newest-first') return [...this.events].reverse();
    if (this.order === 'shuffled')
      return [...this.events].sort((a, b) => ((a.id * 7919) % 1009) - ((b.id * 7919) % 1009));
    return [...this.events].sort((a, b) => a.entity.id - b.entity.id || a.id - b.id);
  }

  session(): Session {
    return {
      config: {},
      send: async (_op: Operation, options: SendOptions): Promise<Exchange> => {
        this.during();
        this.reads += 1;
        const page = Number(options.query?.page ?? 1);
        const size = Number(options.query?.page_size ?? 100);
        const all = this.listed();
        const body = {
          data: all.slice((page - 1) * size, page * size),
          page,
          pages: Math.max(1, Math.ceil(all.length / size)),
          results: all.length,
        };
        const text = JSON.stringify(body);
        return {
          request: { method: 'GET', url: 'http://127.0.0.1:9/v4/account/events', headers: {} },
          response: { status: 200, headers: {}, text, json: body, truncated: false },
          startedAt: '',
          durationMs: 0,
        };
      },
    } as unknown as Session;
  }

  kit(): Kit {
    const requirement = requirementById.get('vpcs/create/event/vpc_create');
    if (!requirement) throw new Error('the encoding lost vpcs/create/event/vpc_create');
    return new Kit(requirement, this.session(), 1);
  }
}

describe.each(['newest-first', 'oldest-first'] as const)('a list %s over several pages', (order) => {
  test('finds exactly the events made after the mark, reading a few pages', async () => {
    const list = new FakeEvents(order);
    list.old(5 * EVENT_PAGE_SIZE + 17);
    const kit = list.kit();
    const mark = await markEvents(kit);
    const marked = list.reads;
    list.add('vpc_create', 7);
    list.add('subnet_create', 8);
    const fresh = await eventsSince(kit, mark);
    expect(fresh.complete).toBe(true);
    expect(fresh.records.map((r) => r.record.entity)).toEqual(
      order === 'newest-first' ? [{ id: 8 }, { id: 7 }] : [{ id: 7 }, { id: 8 }],
    );
    expect(marked).toBeLessThanOrEqual(4);
    // Page 1, the last page, and the pages the clock's slack reaches into.
    expect(list.reads - marked).toBeLessThanOrEqual(4);
  });

  test('an earlier event of the same action and entity, made in the same second, is not new', async () => {
    const list = new FakeEvents(order);
    list.old(2 * EVENT_PAGE_SIZE + 1);
    list.add('node_config_update', 42);
    const kit = list.kit();
    const mark = await markEvents(kit);
    const fresh = await eventsSince(kit, mark);
    expect(eventsAbout(fresh, 'node_config_update', 42)).toEqual([]);
    list.add('node_config_update', 42);
    const after = await eventsSince(kit, mark);
    expect(eventsAbout(after, 'node_config_update', 42)).toHaveLength(1);
  });

  test('events other clients add while the list is read are neither missed nor counted twice', async () => {
    const list = new FakeEvents(order);
    let others = 0;
    const { fresh } = await foundOnce(list, 3, 'vpc_update', 9, () => {
      others += 1;
      list.add('vpc_create', 500_000 + others);
    });
    const ids = fresh.records.map((r) => String(r.record.id));
    expect(new Set(ids).size).toBe(ids.length);
  });

  test('other clients adding a burst of events before each read do not make it look unordered (read whole)', async () => {
    const list = new FakeEvents(order);
    const { scanReads } = await foundOnce(list, 12, 'vpc_update', 9, () => {
      list.clock += 1;
      for (let i = 0; i < 40; i++) list.add('vpc_create', 700_000 + i);
    });
    // Its newest end only, never the whole list of twelve pages and more.
    expect(scanReads).toBeLessThan(8);
  });

  test('a list longer than the scan reads, which others add to while the mark reads it, is still judged', async () => {
    const list = new FakeEvents(order);
    list.old((MAX_SCAN_PAGES + 5) * EVENT_PAGE_SIZE);
    const kit = list.kit();
    list.during = () => {
      list.add('vpc_create', 800_000 + list.reads);
    };
    const mark = await markEvents(kit);
    list.during = () => {};
    list.add('vpc_update', 9);
    const fresh = await eventsSince(kit, mark);
    expect(fresh.complete).toBe(true);
    expect(eventsAbout(fresh, 'vpc_update', 9)).toHaveLength(1);
  });

  test('an event that was not made is not found, and the scan says it read every new event', async () => {
    const list = new FakeEvents(order);
    list.old(4 * EVENT_PAGE_SIZE);
    const fresh = await madeBetween(list, () => list.add('vpc_update', 3));
    expect(eventsAbout(fresh, 'vpc_delete', 3)).toEqual([]);
    expect(() => requireWhole(fresh, 'a test')).not.toThrow();
  });
});

/** The events read as new after a mark, when `act` made some in between. */
async function madeBetween(list: FakeEvents, act: () => void) {
  const kit = list.kit();
  const mark = await markEvents(kit);
  act();
  return eventsSince(kit, mark);
}

/**
 * `pages` pages of old events in `list`, then one `action` on `entity` made after the mark, with
 * `during` run before every read of the scan: the scan is whole and finds that event once. What it
 * read as new, and the reads it took.
 */
async function foundOnce(list: FakeEvents, pages: number, action: string, entity: number, during?: () => void) {
  list.old(pages * EVENT_PAGE_SIZE);
  let readsBefore = 0;
  const fresh = await madeBetween(list, () => {
    list.add(action, entity);
    if (during) list.during = during;
    readsBefore = list.reads;
  });
  expect(fresh.complete).toBe(true);
  expect(eventsAbout(fresh, action, entity)).toHaveLength(1);
  return { fresh, scanReads: list.reads - readsBefore };
}

describe('a list in no order of time', () => {
  test('ordered at its ends but not in its middle, it is read whole when it grew by more than its ends show', async () => {
    await foundOnce(new FakeEvents('by-entity'), 4, 'vpc_update', 100_150);
  });

  test('is read whole, and the new events are found', async () => {
    const { fresh } = await foundOnce(new FakeEvents('shuffled'), 3, 'vpc_create', 7);
    expect(fresh.records).toHaveLength(1);
  });

  test('longer than the scan reads, it is not judged: the requirement is an error, never a failure', async () => {
    const list = new FakeEvents('shuffled');
    list.old((MAX_SCAN_PAGES + 2) * EVENT_PAGE_SIZE);
    const fresh = await madeBetween(list, () => list.add('vpc_create', 7));
    expect(fresh.complete).toBe(false);
    expect(list.reads).toBeLessThanOrEqual(2 * MAX_SCAN_PAGES);
    expect(() => requireWhole(fresh, 'a test')).toThrow(BoundReached);
  });

  test('read whole while other clients add events ahead of the new one, the new one is not missed', async () => {
    const list = new FakeEvents('by-entity');
    // Each read, other clients' events sort ahead of it (smaller entity ids), pushing it toward later pages.
    let others = 0;
    await foundOnce(list, 6, 'vpc_update', 100_150, () => {
      for (let i = 0; i < 60; i++) {
        others += 1;
        list.add('vpc_create', others);
      }
    });
  });

  test('without times, new events are told by id alone', async () => {
    const { fresh } = await foundOnce(new FakeEvents('oldest-first', false), 2, 'vpc_delete', 11);
    expect(fresh.records.map((r) => r.record.action)).toEqual(['vpc_delete']);
  });
});
