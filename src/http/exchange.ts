// The record of one HTTP request and its answer, as checks judge it and reports show it; secrets are redacted when it is recorded.

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
  /** Set when no judgeable answer came: timeout, reset, refused, oversized. */
  transportError?: { code: string; message: string };
  startedAt: string;
  durationMs: number;
}

export const REDACTED = '[redacted]';

/** Replaces every occurrence of each secret in a text. */
export function redact(text: string, secrets: Iterable<string>): string {
  let out = text;
  for (const s of secrets) if (s.length >= 4) out = out.split(s).join(REDACTED);
  return out;
}
