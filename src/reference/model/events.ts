// The account event log of the reference server: recording events with the conventional record, newest first, read and seen marking.

import type { World } from './world.js';
import { timestamp } from './world.js';

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
  /** For grant filtering: the entity kind and id the event concerns. */
  grantKind?: string;
}

export class EventLog {
  /** Oldest first; lists reverse it. */
  private readonly records: EventRecord[] = [];

  constructor(private readonly world: World) {}

  record(action: string, entity: EventEntity | null, username: string | null, grantKind?: string): EventRecord {
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
    };
    this.records.push(event);
    return event;
  }

  newestFirst(): EventRecord[] {
    return [...this.records].reverse();
  }

  find(id: number): EventRecord | undefined {
    return this.records.find((e) => e.id === id);
  }

  markRead(id: number): void {
    const e = this.find(id);
    if (e) e.read = true;
  }

  /** Marks every event up to and including `id` as seen. */
  markSeen(id: number): void {
    for (const e of this.records) if (e.id <= id) e.seen = true;
  }
}
