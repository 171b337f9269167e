// The record of one HTTP request and its answer, as checks judge it and reports show it; secrets are redacted when it leaves the test (see redact.ts).

import { Redactor } from './redact.js';

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The body as sent (JSON text), secrets redacted. */
  body?: string;
}

export interface RecordedResponse {
  status: number;
  headers: Record<string, string>;
  /** Raw text, cut at the response size cap. */
  text: string;
  /** Parsed JSON, or undefined when the text is not JSON. */
  json?: unknown;
  truncated: boolean;
}

export interface Exchange {
  request: RecordedRequest;
  response?: RecordedResponse;
  /** Set when no judgeable answer came: timeout, reset, refused, oversized, still rate-limited. */
  transportError?: { code: string; message: string };
  /** Attempts repeated before this answer (429, 5xx or no answer on an idempotent request), with why. */
  retries?: string[];
  startedAt: string;
  durationMs: number;
}

export { REDACTED } from './redact.js';

/** Replaces every occurrence of each secret in a text. */
export function redact(text: string, secrets: Iterable<string>): string {
  const r = new Redactor();
  for (const s of secrets) r.add(s);
  return r.text(text);
}
