// The account event log: records in the documents' vocabulary, oldest first, with read and seen marks; below the world, which holds one per account.

import { eventKinds } from '../../../spec/index.js';
import type { FaultName } from '../faults.js';
import { timestamp } from './clock.js';

/** What the log needs of the world: the id sequence, the clock and the faults switched on. */
export interface LogWorld {
  id(): number;
  now(): Date;
  fault(name: FaultName): boolean;
}

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
export const earlier = (at: string, ms: number) => timestamp(new Date(Date.parse(`${at}Z`) - ms));

export class EventLog {
  /** Oldest first, hence in increasing id order (ids come from one world-wide sequence); lists reverse it. */
  private readonly records: EventRecord[] = [];
  private readonly byId = new Map<number, EventRecord>();
  /** Every record before this index is seen, so marking seen never walks that prefix again. */
  private seenPrefix = 0;

  constructor(private readonly world: LogWorld) {}

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
