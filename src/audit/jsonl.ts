// Reads JSON lines of recorded exchanges (method, path, query, status, bodies, headers), one per line; a line that cannot be read is reported and skipped.

import type { Exchange } from '../http/exchange.js';
import { isObject, lowerCaseHeaders, parsedJson, type Recorded, type Recording, type Unreadable } from './recorded.js';

/** A body as a line gives it: a string is the raw text, any other JSON value is the JSON sent or answered. */
function bodyText(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function headersOf(value: unknown, name: string): Record<string, string> | string | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) return `\`${name}\` must be an object of header names and values`;
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(value)) out[k] = Array.isArray(v) ? v.map(String).join(', ') : String(v);
  return lowerCaseHeaders(out);
}

/** `query` as an object (`{"page": 2}`) or a query string (`page=2`), appended to the path's own query. */
function withQuery(path: string, query: unknown): string | { error: string } {
  if (query === undefined || query === null) return path;
  let pairs: URLSearchParams;
  if (typeof query === 'string') pairs = new URLSearchParams(query.replace(/^\?/, ''));
  else if (isObject(query)) {
    pairs = new URLSearchParams();
    for (const [k, v] of Object.entries(query)) {
      for (const item of Array.isArray(v) ? v : [v]) pairs.append(k, String(item));
    }
  } else return { error: '`query` must be an object or a query string' };
  const qs = pairs.toString();
  if (!qs) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${qs}`;
}

/** One line's object as an exchange, or what is wrong with it. */
export function exchangeOfLine(line: Record<string, unknown>): Exchange | string {
  const { method, path, status } = line;
  if (typeof method !== 'string' || !/^[A-Za-z]+$/.test(method)) return '`method` must be an HTTP method name';
  if (typeof path !== 'string' || !(path.startsWith('/') || /^https?:\/\//i.test(path)))
    return '`path` must be a string starting with / (or a full http URL)';
  if (!Number.isInteger(status) || (status as number) < 100 || (status as number) > 599)
    return '`status` must be an integer HTTP status (100..599)';
  const url = withQuery(path, line.query);
  if (typeof url !== 'string') return url.error;
  const requestHeaders = headersOf(line.request_headers, 'request_headers');
  const responseHeaders = headersOf(line.response_headers, 'response_headers');
  if (typeof requestHeaders === 'string') return requestHeaders;
  if (typeof responseHeaders === 'string') return responseHeaders;
  let requestBody: string | undefined;
  let text: string;
  try {
    requestBody = bodyText(line.request_body);
    text = bodyText(line.response_body) ?? '';
  } catch (error) {
    // JSON.parse reads a value nested 100,000 deep; writing it out again exhausts the stack.
    if (!(error instanceof RangeError)) throw error;
    return 'a body is nested too deep to be read';
  }
  const json = typeof line.response_body === 'string' ? parsedJson(text) : (line.response_body ?? undefined);
  return {
    request: {
      method: method.toUpperCase(),
      url,
      headers: requestHeaders ?? {},
      ...(requestBody === undefined ? {} : { body: requestBody }),
    },
    response: {
      status: status as number,
      headers: responseHeaders ?? {},
      text,
      ...(json === undefined ? {} : { json }),
      truncated: false,
    },
    startedAt: typeof line.started_at === 'string' ? line.started_at : '',
    durationMs: 0,
  };
}

export function readJsonLines(text: string): Recording {
  const records: Recorded[] = [];
  const unreadable: Unreadable[] = [];
  for (const [index, raw] of text.split(/\r?\n/).entries()) {
    if (raw.trim() === '') continue;
    const where = `line ${index + 1}`;
    let line: unknown;
    try {
      line = JSON.parse(raw);
    } catch (error) {
      unreadable.push({ index, where, message: `not JSON (${(error as Error).message})` });
      continue;
    }
    const exchange = isObject(line) ? exchangeOfLine(line) : 'not a JSON object';
    if (typeof exchange === 'string') {
      unreadable.push({ index, where, message: exchange });
      continue;
    }
    const fields = line as Record<string, unknown>;
    records.push({
      index,
      exchange,
      requestHeadersKnown: fields.request_headers !== undefined,
      responseHeadersKnown: fields.response_headers !== undefined,
    });
  }
  return { format: 'jsonl', records, unreadable };
}
