// The record of one HTTP request and its answer, as checks judge it and reports show it: plain data every layer shares (src/http records it).

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
  /** Raw text, cut at the response size cap; in a recorded exchange, a prefix of it when `bytes` is set. */
  text: string;
  /** Parsed JSON, or undefined when the text is not JSON (or nests too deep); not kept in a recorded exchange whose text was cut. */
  json?: unknown;
  truncated: boolean;
  /** Set when the recorded text is only a prefix: the whole body's length in UTF-8 bytes and its SHA-256 (hex). */
  bytes?: number;
  sha256?: string;
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
