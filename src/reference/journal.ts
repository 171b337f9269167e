// The fake's request journal: what the server received and answered, newest first, bounded in entries and bytes, read with filters and counted with a matcher (as WireMock's journal is); secrets are redacted when it is read.

import { operations, resources } from '../../spec/index.js';
import { servedRecords } from '../../spec/served.js';
import type { Field } from '../../spec/types.js';
import { type NearMiss, nearMiss, operationAt } from './near-miss.js';
import type { ServedExchange } from './served.js';

export interface JournalLimits {
  /** Entries kept; the oldest go first. */
  maxEntries: number;
  /** Bytes kept for all entries' bodies, URLs and headers together; the oldest go first. */
  maxBytes: number;
  /** Bytes kept of each body; the rest is cut, with its full length said. */
  maxBodyBytes: number;
}

export const DEFAULT_JOURNAL_LIMITS: JournalLimits = {
  maxEntries: 1000,
  maxBytes: 4 * 1024 * 1024,
  maxBodyBytes: 16 * 1024,
};

/** At most this many entries in one answer. */
export const MAX_LISTED = 1000;

interface Entry {
  id: number;
  startedAt: Date;
  method: string;
  url: string;
  status: number;
  ms: number;
  injected?: string;
  requestHeaders: Record<string, string>;
  requestBody: string;
  requestBodyBytes: number;
  responseBody: string;
  responseBodyBytes: number;
  bytes: number;
}

/** What a list or a count selects; every member optional. */
export interface RequestMatcher {
  method?: string;
  /** The path exactly (the query left out), e.g. `/v4/vpcs`. */
  path?: string;
  /** A prefix of the path, e.g. `/v4/vpcs`. */
  pathPrefix?: string;
  /** A status (`400`) or a class (`4xx`); `dropped` for a connection dropped on purpose. */
  status?: number | string;
  /** The operation id of the documents the request called, e.g. `vpcs/create`. */
  operation?: string;
  /** Received at or after this time. */
  since?: Date;
  /** Received before this time. */
  until?: Date;
}

/** One entry as the journal shows it: secrets redacted, the near miss said for a refusal. */
export interface JournalEntry {
  id: number;
  time: string;
  method: string;
  path: string;
  status: number | 'dropped';
  ms: number;
  operation?: string;
  injected?: string;
  request: { headers: Record<string, string>; body: string; bytes: number; cut?: true };
  response: { body: string; bytes: number; cut?: true };
  nearMiss?: NearMiss;
}

const REDACTED = '(redacted)';

/** Members the documents type as passwords (`root_pass`, `password`, a client `secret`): never shown. */
const secretMembers: ReadonlySet<string> = (() => {
  const names = new Set<string>();
  const walk = (f: Field) => {
    if (f.format === 'password') names.add(f.name);
    for (const x of f.fields ?? []) walk(x);
    if (f.items) walk(f.items);
    if (f.values) walk(f.values);
  };
  for (const op of operations) for (const f of op.body?.fields ?? []) walk(f);
  for (const r of [...resources, ...servedRecords]) for (const f of r.fields) walk(f);
  return names;
})();

/** A JSON text with every secret member's value replaced; a text that is not JSON has such members cut by pattern. */
export function redactBody(text: string): string {
  if (text === '') return text;
  try {
    return JSON.stringify(JSON.parse(text), (key, value) =>
      secretMembers.has(key) && value !== null && typeof value !== 'object' ? REDACTED : value,
    );
  } catch {
    // A cut or broken body: a quoted secret member's string value goes, whatever follows it.
    const names = [...secretMembers].join('|');
    return text.replace(new RegExp(`("(?:${names})"\\s*:\\s*)"(?:[^"\\\\]|\\\\.)*("?)`, 'g'), `$1"${REDACTED}$2`);
  }
}

const cut = (text: string, max: number) => {
  const bytes = Buffer.byteLength(text);
  if (bytes <= max) return { text, bytes };
  return { text: Buffer.from(text).subarray(0, max).toString('utf8'), bytes };
};

const wasCut = (kept: string, bytes: number) => bytes > Buffer.byteLength(kept);
const pathOf = (url: string) => url.split('?')[0] ?? url;

function statusMatches(wanted: number | string, status: number): boolean {
  if (wanted === 'dropped') return status === 0;
  if (typeof wanted === 'number') return status === wanted;
  const m = /^([1-5])xx$/i.exec(wanted);
  return m ? Math.floor(status / 100) === Number(m[1]) : String(status) === wanted;
}

function matches(e: Entry, m: RequestMatcher): boolean {
  const path = pathOf(e.url);
  if (m.method !== undefined && e.method !== m.method.toUpperCase()) return false;
  if (m.path !== undefined && path !== m.path) return false;
  if (m.pathPrefix !== undefined && !path.startsWith(m.pathPrefix)) return false;
  if (m.status !== undefined && !statusMatches(m.status, e.status)) return false;
  if (m.since !== undefined && e.startedAt < m.since) return false;
  if (m.until !== undefined && e.startedAt >= m.until) return false;
  if (m.operation !== undefined && operationAt(e.method, path)?.id !== m.operation) return false;
  return true;
}

export class Journal {
  private readonly entries: Entry[] = [];
  private bytes = 0;
  private nextId = 1;
  /** Entries that fell out for the bounds since the last clear. */
  private evicted = 0;

  constructor(
    readonly limits: JournalLimits = DEFAULT_JOURNAL_LIMITS,
    /** Whether a word is a secret of the server (a token it issued), to redact wherever it appears. */
    private readonly isSecret: (word: string) => boolean = () => false,
  ) {}

  add(x: ServedExchange): void {
    const request = cut(x.requestBody, this.limits.maxBodyBytes);
    const response = cut(x.responseBody, this.limits.maxBodyBytes);
    const headerBytes = Object.entries(x.requestHeaders).reduce((n, [k, v]) => n + k.length + v.length, 0);
    const entry: Entry = {
      id: this.nextId++,
      startedAt: x.startedAt,
      method: x.method,
      url: x.url.slice(0, this.limits.maxBodyBytes),
      status: x.status,
      ms: x.ms,
      ...(x.injected ? { injected: x.injected } : {}),
      requestHeaders: x.requestHeaders,
      requestBody: request.text,
      requestBodyBytes: request.bytes,
      responseBody: response.text,
      responseBodyBytes: response.bytes,
      bytes: request.text.length + response.text.length + headerBytes + x.url.length,
    };
    this.entries.push(entry);
    this.bytes += entry.bytes;
    while (
      this.entries.length > this.limits.maxEntries ||
      (this.bytes > this.limits.maxBytes && this.entries.length > 1)
    ) {
      const gone = this.entries.shift() as Entry;
      this.bytes -= gone.bytes;
      this.evicted += 1;
    }
  }

  /** The entries a matcher selects, newest first, at most `limit`. */
  list(matcher: RequestMatcher = {}, limit = 100): { requests: JournalEntry[]; matched: number } {
    const selected: Entry[] = [];
    for (let i = this.entries.length - 1; i >= 0; i -= 1) {
      const e = this.entries[i] as Entry;
      if (matches(e, matcher)) selected.push(e);
    }
    const redact = (text: string) => redactBody(withoutSecrets(text, this.isSecret));
    return {
      requests: selected.slice(0, Math.min(limit, MAX_LISTED)).map((e) => shown(e, redact)),
      matched: selected.length,
    };
  }

  count(matcher: RequestMatcher = {}): number {
    let n = 0;
    for (const e of this.entries) if (matches(e, matcher)) n += 1;
    return n;
  }

  clear(): number {
    const n = this.entries.length;
    this.entries.length = 0;
    this.bytes = 0;
    this.evicted = 0;
    return n;
  }

  /** What the journal holds against its bounds. */
  usage() {
    return { entries: this.entries.length, bytes: this.bytes, evicted: this.evicted, limits: this.limits };
  }
}

/** Words of 8 or more token characters that are a secret, replaced wherever they stand (a query, a body, a header). */
function withoutSecrets(text: string, isSecret: (word: string) => boolean): string {
  return text.replace(/[\w.~-]{8,}/g, (word) => (isSecret(word) ? REDACTED : word));
}

function shown(e: Entry, redact: (text: string) => string): JournalEntry {
  const path = pathOf(e.url);
  const op = operationAt(e.method, path);
  const refused = e.status >= 400 && e.status < 500 && (path === '/v4' || path.startsWith('/v4'));
  return {
    id: e.id,
    time: e.startedAt.toISOString(),
    method: e.method,
    path: redact(e.url),
    status: e.status === 0 ? 'dropped' : e.status,
    ms: e.ms,
    ...(op ? { operation: op.id } : {}),
    ...(e.injected ? { injected: e.injected } : {}),
    request: {
      headers: Object.fromEntries(Object.entries(e.requestHeaders).map(([k, v]) => [k, redact(v)])),
      body: redact(e.requestBody),
      bytes: e.requestBodyBytes,
      ...(wasCut(e.requestBody, e.requestBodyBytes) ? { cut: true as const } : {}),
    },
    response: {
      body: redact(e.responseBody),
      bytes: e.responseBodyBytes,
      ...(wasCut(e.responseBody, e.responseBodyBytes) ? { cut: true as const } : {}),
    },
    ...(refused && !e.injected ? { nearMiss: nearMiss(e.method, path, e.status, e.requestBody, e.responseBody) } : {}),
  };
}
