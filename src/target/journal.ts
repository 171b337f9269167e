// The run's record of what it created and what it deleted since: suite workers append JSON lines, the main process reads what is left to delete.

import { appendFileSync, existsSync, readFileSync } from 'node:fs';

export interface Made {
  t: 'made';
  /** Identifies the entity across lines: the removal operation and its parameters. */
  key: string;
  /** Operation id that deletes it, and its path parameters. */
  remove: string;
  params: Record<string, string | number>;
  label?: string;
}

interface Gone {
  t: 'gone';
  key: string;
}

/** An entity in a state the documents say it cannot be removed from (an accepted transfer): nothing left to do. */
interface Kept {
  t: 'kept';
  key: string;
  requirement: string;
}

type Line = Made | Gone | Kept;

export const entityKey = (remove: string, params: Record<string, string | number>) =>
  `${remove} ${JSON.stringify(Object.fromEntries(Object.entries(params).sort(([a], [b]) => a.localeCompare(b))))}`;

/** A worker's end: one line per event, appended whole (one write each, so threads do not interleave). */
export class Journal {
  /** `redact` hides secrets in each line: a label the target made may echo the token. */
  constructor(
    private readonly path: string | undefined,
    private readonly redact: (line: string) => string = (line) => line,
  ) {}

  made(remove: string, params: Record<string, string | number>, label?: string): void {
    this.append({
      t: 'made',
      key: entityKey(remove, params),
      remove,
      params,
      ...(label ? { label } : {}),
    });
  }

  gone(remove: string, params: Record<string, string | number>): void {
    this.append({ t: 'gone', key: entityKey(remove, params) });
  }

  kept(remove: string, params: Record<string, string | number>, requirement: string): void {
    this.append({ t: 'kept', key: entityKey(remove, params), requirement });
  }

  private append(line: Line): void {
    if (this.path) appendFileSync(this.path, `${this.redact(JSON.stringify(line))}\n`);
  }
}

/**
 * What the journal says is still there (made, not gone and not kept, newest first), the key of
 * everything it ever made, and how many it made are kept in a state that cannot be removed.
 */
export function readJournal(path: string): { left: Made[]; everMade: Set<string>; kept: number } {
  const everMade = new Set<string>();
  const kept = new Set<string>();
  if (!existsSync(path)) return { left: [], everMade, kept: 0 };
  // Lines are in the order things happened: the newest entity is made last.
  const made = new Map<string, Made>();
  for (const text of readFileSync(path, 'utf8').split('\n')) {
    if (!text.trim()) continue;
    let line: Line;
    try {
      line = JSON.parse(text) as Line;
    } catch {
      // A line cut by a killed worker: what it named is found by the prefix sweep instead.
      continue;
    }
    if (line.t === 'kept') {
      if (made.delete(line.key)) kept.add(line.key);
      continue;
    }
    made.delete(line.key);
    kept.delete(line.key);
    if (line.t === 'made') {
      made.set(line.key, line);
      everMade.add(line.key);
    }
  }
  return { left: [...made.values()].reverse(), everMade, kept: kept.size };
}
