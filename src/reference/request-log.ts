// The request log of `serve`: one line per request (method, path, status, time, and a 4xx's reasons), as text or JSON lines; the token is never in it.

import { reasonsOf, type ServedExchange } from './served.js';

export type LogFormat = 'text' | 'json';

/** One request as a log line (no newline). */
export function logLine(x: ServedExchange, format: LogFormat): string {
  const reasons = reasonsOf({ status: x.status, body: x.responseBody });
  const status = x.status === 0 ? 'dropped' : x.status;
  if (format === 'json') {
    return JSON.stringify({
      time: x.startedAt.toISOString(),
      method: x.method,
      path: x.url,
      status,
      ms: x.ms,
      ...(reasons.length ? { reasons } : {}),
      ...(x.injected ? { injected: x.injected } : {}),
    });
  }
  const tail = [x.injected ? `[injected: ${x.injected}]` : '', reasons.join('; ')].filter(Boolean).join(' ');
  return `${x.startedAt.toISOString()} ${x.method} ${x.url} ${status} ${x.ms}ms${tail ? ` ${tail}` : ''}`;
}
