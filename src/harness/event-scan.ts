// Finds the events made after a mark in the events list, whatever order the target lists them in (DECISIONS 20): the list is read from whichever end holds the newest, and new events are told by id and time, never by position.

import { operationById } from '../../spec/index.js';
import type { Operation } from '../../spec/types.js';
import { instantOf } from '../check/timestamps.js';
import type { Exchange } from '../http/exchange.js';
import { BoundReached } from './bounds.js';
import type { Kit } from './kit.js';

export type EventJson = Record<string, unknown>;

/** The events list read at a page size the documents allow on every list (their default). */
export const EVENT_PAGE_SIZE = 100;
/** Most pages one scan reads; a list it cannot narrow down (no order by time) longer than this is not read whole. */
export const MAX_SCAN_PAGES = 30;
/**
 * How far before the newest event a mark reaches: an event made later is created at or after the
 * newest one then, give or take the clocks of the target's hosts.
 */
export const CLOCK_SLACK_MS = 2000;

/** What the events list held before an operation: enough to tell which events came after it. */
export interface EventMark {
  /** Ids of every event listed from `since` on (of every event, when no time could be read). */
  ids: Set<string>;
  /** Events made after the mark are created at or after this instant (ms); undefined when no event showed a time. */
  since: number | undefined;
  /** Whether every event from `since` on was read. */
  complete: boolean;
  /** How many events the list said it held (`results`), when it said. */
  results: number | undefined;
}

export interface EventScan {
  /** Events read, each once, with its position in the list (0 is the first item of page 1). */
  records: { record: EventJson; position: number }[];
  /** Whether every event from the cutoff on was read (bounded: a list that cannot be narrowed is read whole or not at all). */
  complete: boolean;
  /** The last answer of the list, for failures to show. */
  last?: Exchange;
  /** Whether the target answered the list at all (a 2xx envelope). */
  listed: boolean;
  /** `results` of the first page read, when the envelope gave it. */
  results?: number;
}

interface Page {
  e: Exchange;
  data: EventJson[];
  pages: number;
  results: number | undefined;
}

const eventsList = (): Operation => {
  const op = operationById.get('events/list');
  if (!op) throw new Error('the encoding has no events/list operation');
  return op;
};

/** The count an events answer says the list holds (`results`), when it says. */
const resultsOf = (e: Exchange | undefined): number | undefined => {
  const results = (e?.response?.json as { results?: unknown } | undefined)?.results;
  return Number.isInteger(results) ? (results as number) : undefined;
};

async function readPage(kit: Kit, page: number, token?: string): Promise<Page | undefined> {
  const e = await kit.send(eventsList(), { query: { page, page_size: EVENT_PAGE_SIZE }, ...(token ? { token } : {}) });
  const body = e.response?.json as { data?: unknown; pages?: unknown; results?: unknown } | undefined;
  const status = e.response?.status ?? 0;
  if (status < 200 || status >= 300 || !Array.isArray(body?.data)) return undefined;
  const data = (body.data as unknown[]).filter((x): x is EventJson => typeof x === 'object' && x !== null);
  const pages = typeof body.pages === 'number' && body.pages >= 1 ? Math.floor(body.pages) : 1;
  return { e, data, pages, results: resultsOf(e) };
}

const timeOf = (r: EventJson) => instantOf(r.created);

/** The newest time among some events, if any shows one. */
function newestTime(records: EventJson[]): number | undefined {
  const times = records.map(timeOf).filter((t): t is number => t !== undefined);
  return times.length ? Math.max(...times) : undefined;
}

/** Whether every event of a page is older than the cutoff (so the page is past the new ones, in a list ordered by time). */
const olderThan = (data: EventJson[], cutoff: number | undefined) =>
  cutoff !== undefined && data.length > 0 && data.every((r) => (timeOf(r) ?? Number.POSITIVE_INFINITY) < cutoff);

/** Whether the times along the events, in list order, never rise or never fall (ties allowed): a list ordered by time. */
function orderedByTime(inListOrder: EventJson[]): boolean {
  const times = inListOrder.map(timeOf);
  if (times.some((t) => t === undefined)) return false;
  const t = times as number[];
  const never = (rises: (a: number, b: number) => boolean) =>
    t.every((x, i) => i === 0 || !rises(t[i - 1] as number, x));
  return never((a, b) => b > a) || never((a, b) => b < a);
}

/**
 * Reads every event from `cutoff` on. The newest events are at one end of a list ordered by time,
 * whichever it is: page 1 and the last page are read, then pages forward from page 1 until one is
 * wholly older than the cutoff, or, when only the back end is still new (a list oldest first, whose
 * pages stay put as it grows), backward from the last. While what was read does not look ordered by
 * time (or with `whole`), the list is read on forward through its current last page, up to
 * MAX_SCAN_PAGES pages. Forward, because other clients add events meanwhile: at the front of a list
 * newest first they push events toward later pages, still to be read; a read backward missed them.
 * `cutoff` 'from-newest' takes it from the newest event the first pages show, less CLOCK_SLACK_MS.
 * Items met twice count once.
 */
async function scan(
  kit: Kit,
  cutoff: number | undefined | 'from-newest',
  token?: string,
  whole = false,
): Promise<EventScan & { cutoff: number | undefined }> {
  const first = await readPage(kit, 1, token);
  if (!first) return { records: [], complete: false, listed: false, cutoff: undefined };
  const counted = first.results === undefined ? {} : { results: first.results };
  const byPage = new Map<number, EventJson[]>([[1, first.data]]);
  let last = first.e;
  const { pages } = first;
  if (pages > 1) {
    const end = await readPage(kit, pages, token);
    if (end) {
      byPage.set(pages, end.data);
      last = end.e;
    }
  }
  let reads = byPage.size;
  const newest = newestTime([...byPage.values()].flat());
  const since = cutoff === 'from-newest' ? (newest === undefined ? undefined : newest - CLOCK_SLACK_MS) : cutoff;
  if (whole) return readWhole(kit, byPage, { from: 2, pages, reads, last, since, counted, token });
  let front = 1;
  let back = byPage.has(pages) ? pages : pages + 1;
  // Each event once: pages read while others add events repeat some, which would look out of order.
  const inOrder = () => collect(byPage).records.map(({ record }) => record);
  for (;;) {
    if (front + 1 >= back) break;
    // Not ordered by time (yet): read on forward through the current last page, as a whole read does.
    if (!orderedByTime(inOrder()))
      return readWhole(kit, byPage, { from: front + 1, pages, reads, last, since, counted, token });
    const frontDone = olderThan(byPage.get(front) ?? [], since);
    const backDone = olderThan(byPage.get(back) ?? [], since);
    if (frontDone && backDone) break;
    if (reads >= MAX_SCAN_PAGES) {
      return { ...collect(byPage), complete: false, last, listed: true, cutoff: since, ...counted };
    }
    // Forward unless only the back end is still new (a list oldest first, whose positions stay put as it grows).
    const next = frontDone ? back - 1 : front + 1;
    const page = await readPage(kit, next, token);
    if (!page) return { ...collect(byPage), complete: false, last, listed: true, cutoff: since, ...counted };
    byPage.set(next, page.data);
    reads += 1;
    last = page.e;
    if (next === front + 1) front = next;
    else back = next;
  }
  return { ...collect(byPage), complete: true, last, listed: true, cutoff: since, ...counted };
}

/**
 * Reads the list on from page `from`, through the last page the latest answer names. Only
 * forward: where other clients add events at the front (a list newest first), events move toward
 * later pages, which this read has still to come to; a read from the back inward missed an event
 * that moved into a page it had read already.
 */
async function readWhole(
  kit: Kit,
  byPage: Map<number, EventJson[]>,
  at: {
    from: number;
    pages: number;
    reads: number;
    last: Exchange;
    since: number | undefined;
    counted: { results?: number };
    token?: string;
  },
): Promise<EventScan & { cutoff: number | undefined }> {
  let { reads, last } = at;
  const partial = () => ({ ...collect(byPage), complete: false, last, listed: true, cutoff: at.since, ...at.counted });
  let total = at.pages;
  for (let next = at.from; next <= total; next++) {
    if (reads >= MAX_SCAN_PAGES) return partial();
    const page = await readPage(kit, next, at.token);
    if (!page) return partial();
    byPage.set(next, page.data);
    reads += 1;
    last = page.e;
    total = page.pages;
  }
  return { ...collect(byPage), complete: true, last, listed: true, cutoff: at.since, ...at.counted };
}

/** The events read, each once (the first time it was met), with its position in the list. */
function collect(byPage: Map<number, EventJson[]>): { records: EventScan['records'] } {
  const seen = new Set<string>();
  const records: EventScan['records'] = [];
  for (const [page, data] of [...byPage].sort(([a], [b]) => a - b)) {
    for (const [i, record] of data.entries()) {
      const id = String(record.id);
      if (seen.has(id)) continue;
      seen.add(id);
      records.push({ record, position: (page - 1) * EVENT_PAGE_SIZE + i });
    }
  }
  return { records };
}

/** Marks the events list before an operation: the ids of its newest events, and from when an event counts as new. */
export async function markEvents(kit: Kit, token?: string): Promise<EventMark> {
  const read = await scan(kit, 'from-newest', token);
  const newer = read.records.filter(({ record }) => newSince(record, read.cutoff));
  return {
    ids: new Set(newer.map(({ record }) => String(record.id))),
    since: read.cutoff,
    complete: read.complete,
    // The count of its last page read: events other clients added while the mark read on are among
    // its ids, so the growth an operation made is counted from there, not from page 1's count.
    results: resultsOf(read.last) ?? read.results,
  };
}

/** Whether an event may have been made at or after `since` (one without a readable time may). */
const newSince = (record: EventJson, since: number | undefined) =>
  since === undefined || (timeOf(record) ?? Number.POSITIVE_INFINITY) >= since;

/**
 * The events listed now that the mark did not know: every event from the mark's time on, less
 * those the mark saw. Where the list grew by more events than its ends show, the new ones are in
 * its middle (a list ordered by something else than time): then the whole list is read. `complete`
 * is false when the mark or this read could not be made whole.
 */
export async function eventsSince(kit: Kit, mark: EventMark, token?: string): Promise<EventScan> {
  const fresh = (read: EventScan) =>
    read.records.filter(({ record }) => !mark.ids.has(String(record.id)) && newSince(record, mark.since));
  let read = await scan(kit, mark.since, token);
  const grew = read.results !== undefined && mark.results !== undefined ? read.results - mark.results : 0;
  if (read.complete && fresh(read).length < grew) read = await scan(kit, mark.since, token, true);
  return { ...read, records: fresh(read), complete: read.complete && mark.complete };
}

/** The new events of an action about an entity (ids compared as text: `5` and `"5"` name one entity). */
export function eventsAbout(scan: EventScan, action: string, entityId: unknown): EventJson[] {
  return scan.records
    .map(({ record }) => record)
    .filter((r) => r.action === action && String((r.entity as EventJson | null | undefined)?.id) === String(entityId));
}

/** Ends the requirement as `error` when a scan could not read the new events whole: the suite cannot judge then. */
export function requireWhole(s: EventScan, what: string): void {
  if (!s.listed)
    throw new BoundReached(`${what}: the events list did not answer a 2xx envelope, so no event can be found`);
  if (!s.complete)
    throw new BoundReached(
      `${what}: the events list is longer than ${MAX_SCAN_PAGES} pages of ${EVENT_PAGE_SIZE} and not ordered by time, so the new events could not be told apart`,
    );
}
