// The run's record of what it created and what it deleted since: the run's first line names its target and prefix, suite workers append JSON lines, and a cleanup reads what is left to delete, taking only lines a path can hold.

import { closeSync, constants, openSync, writeSync } from 'node:fs';
import { operationById } from '../../spec/index.js';
import { FILE_BOUNDS, readBoundedText } from '../http/bounded-file.js';
import { pathValueProblem } from './path-value.js';
import { removalOperationIds } from './removal.js';

/** The journal's name in a run's report directory. */
export const JOURNAL_FILE = 'created.jsonl';

export interface Made {
  t: 'made';
  /** Identifies the entity across lines: the removal operation and its parameters. */
  key: string;
  /** Operation id that deletes it, and its path parameters. */
  remove: string;
  params: Record<string, string | number>;
  /** The label (or username) the target's own create answer gave it. */
  label?: string;
}

/** The journal's first line: whose journal it is. A cleanup against another base URL refuses it. */
export interface JournalTarget {
  t: 'run';
  baseUrl: string;
  betaUrl: string;
  /** The run's label prefix. */
  prefix: string;
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

type Line = JournalTarget | Made | Gone | Kept;

export const entityKey = (remove: string, params: Record<string, string | number>) =>
  `${remove} ${JSON.stringify(Object.fromEntries(Object.entries(params).sort(([a], [b]) => a.localeCompare(b))))}`;

/**
 * Flags of every write to a journal: a symbolic link planted at its name is not followed (the open
 * fails), so the run never truncates or appends to a file it did not make.
 */
const APPEND = constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT | constants.O_NOFOLLOW;
const START = constants.O_WRONLY | constants.O_TRUNC | constants.O_CREAT | constants.O_NOFOLLOW;

function writeLine(path: string, flags: number, text: string): void {
  const fd = openSync(path, flags, 0o644);
  try {
    writeSync(fd, text);
  } finally {
    closeSync(fd);
  }
}

/** Starts a run's journal: the file emptied (never through a link) and its first line naming the target. */
export function startJournal(path: string, target: Omit<JournalTarget, 't'>): void {
  writeLine(path, START, `${JSON.stringify({ t: 'run', ...target } satisfies JournalTarget)}\n`);
}

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
    if (this.path) writeLine(this.path, APPEND, `${this.redact(JSON.stringify(line))}\n`);
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** The line's `made` entry when it names a removal of the encoding with parameters a path can hold, else undefined. */
function madeOf(line: Record<string, unknown>): Made | undefined {
  const remove = typeof line.remove === 'string' ? operationById.get(line.remove) : undefined;
  if (!remove || !removalOperationIds.has(remove.id) || !isRecord(line.params)) return undefined;
  const params = line.params;
  const names = remove.pathParams.map((p) => p.name);
  if (Object.keys(params).length !== names.length) return undefined;
  for (const p of remove.pathParams) if (pathValueProblem(p, params[p.name])) return undefined;
  const own = params as Record<string, string | number>;
  const label = typeof line.label === 'string' ? line.label : undefined;
  return { t: 'made', key: entityKey(remove.id, own), remove: remove.id, params: own, ...(label ? { label } : {}) };
}

const targetOf = (line: Record<string, unknown>): JournalTarget | undefined =>
  typeof line.baseUrl === 'string' && typeof line.betaUrl === 'string' && typeof line.prefix === 'string'
    ? { t: 'run', baseUrl: line.baseUrl, betaUrl: line.betaUrl, prefix: line.prefix }
    : undefined;

export interface JournalContents {
  /** Whose journal it is, from its first line; undefined for a journal without one (an older cloudconf's, or not a journal). */
  target?: JournalTarget;
  /** Made, not gone and not kept, newest first. */
  left: Made[];
  /** The key of everything it ever made. */
  everMade: Set<string>;
  /** How many it made are kept in a state that cannot be removed. */
  kept: number;
  /** Lines naming no removal of the encoding, or a value no path can hold (`""`, `..`): never acted on. */
  unusable: number;
}

/** What a journal says is still there; the file is read bounded (FILE_BOUNDS.journal). A missing file is an empty journal. */
export function readJournal(path: string): JournalContents {
  const everMade = new Set<string>();
  const kept = new Set<string>();
  let text: string;
  try {
    text = readBoundedText(path, FILE_BOUNDS.journal, 'the journal');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { left: [], everMade, kept: 0, unusable: 0 };
    throw error;
  }
  // Lines are in the order things happened: the newest entity is made last.
  const made = new Map<string, Made>();
  let target: JournalTarget | undefined;
  let unusable = 0;
  for (const [i, raw] of text.split('\n').entries()) {
    if (!raw.trim()) continue;
    let line: unknown;
    try {
      line = JSON.parse(raw);
    } catch {
      // A line cut by a killed worker: what it named is found by the prefix sweep instead.
      continue;
    }
    if (!isRecord(line)) {
      unusable += 1;
      continue;
    }
    if (line.t === 'run') {
      // Only the first line says whose journal it is.
      if (i === 0) target = targetOf(line);
      else unusable += 1;
      continue;
    }
    if (line.t === 'made') {
      const m = madeOf(line);
      if (!m) {
        unusable += 1;
        continue;
      }
      made.delete(m.key);
      kept.delete(m.key);
      made.set(m.key, m);
      everMade.add(m.key);
      continue;
    }
    if (typeof line.key !== 'string') {
      unusable += 1;
      continue;
    }
    if (line.t === 'kept') {
      if (made.delete(line.key)) kept.add(line.key);
      continue;
    }
    if (line.t !== 'gone') {
      unusable += 1;
      continue;
    }
    made.delete(line.key);
    kept.delete(line.key);
  }
  return { ...(target ? { target } : {}), left: [...made.values()].reverse(), everMade, kept: kept.size, unusable };
}
