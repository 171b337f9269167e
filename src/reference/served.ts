// What the reference server answers and what it records of each request: the one shape the HTTP layer, the request log and the HAR writer share.

/** An answer before it is written: status, headers and the body bytes (dropped on HEAD, kept for the record). */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** One request and its answer, reported once the answer is written (or the connection dropped). */
export interface ServedExchange {
  startedAt: Date;
  method: string;
  /** The request target as sent: path and query. */
  url: string;
  /** Request headers, with the bearer token replaced by `(redacted)`. */
  requestHeaders: Record<string, string>;
  requestBody: string;
  /** 0 when the connection was dropped on purpose. */
  status: number;
  responseHeaders: Record<string, string>;
  responseBody: string;
  ms: number;
  /** What was injected instead of or before the real answer (`429`, `delay 500ms`, `drop`), if anything. */
  injected?: string;
}

export const jsonAnswer = (status: number, body: unknown, headers: Record<string, string> = {}): Answer => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: Buffer.from(JSON.stringify(body)),
});

/** The `reason`s of an error body, for the request log of a 4xx. */
export function reasonsOf(answer: { status: number; body: string }): string[] {
  if (answer.status < 400 || answer.status >= 500) return [];
  try {
    const parsed = JSON.parse(answer.body) as { errors?: { field?: string; reason?: string }[] };
    return (parsed.errors ?? []).map((e) => (e.field ? `${e.field}: ${e.reason}` : String(e.reason)));
  } catch {
    return [];
  }
}

/** Request headers as recorded: the token never leaves the server. */
export function recordedHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    out[name] = name === 'authorization' ? redacted(String(value)) : Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

const redacted = (value: string) => (/^bearer\s/i.test(value) ? 'Bearer (redacted)' : '(redacted)');
