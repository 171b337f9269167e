// Reads HAR 1.2 logs into recorded exchanges and writes them from exchanges (the proxy's recording); an entry that cannot be read is reported and skipped.

import { isUtf8 } from 'node:buffer';
import type { Exchange } from '../http/exchange.js';
import { TOOL_VERSION } from '../version.js';
import { isObject, lowerCaseHeaders, parsedJson, type Recorded, type Recording, type Unreadable } from './recorded.js';

interface HarHeader {
  name: string;
  value: string;
}

interface HarContent {
  size?: number;
  mimeType?: string;
  text?: string;
  encoding?: string;
}

/** Whether a JSON document is a HAR log (an object with `log.entries`), as opposed to one JSON line. */
export function isHar(document: unknown): boolean {
  return isObject(document) && isObject(document.log) && Array.isArray(document.log.entries);
}

function headersOf(list: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (!Array.isArray(list)) return out;
  for (const h of list) if (isObject(h) && typeof h.name === 'string') out[h.name] = String(h.value ?? '');
  return lowerCaseHeaders(out);
}

/** A HAR text, decoded when the recorder stored it in base64 (binary bodies stay a byte count). */
function textOf(content: HarContent | undefined): string | undefined {
  if (!content || typeof content.text !== 'string') return undefined;
  if (content.encoding !== 'base64') return content.text;
  const bytes = Buffer.from(content.text, 'base64');
  return isUtf8(bytes) ? bytes.toString('utf8') : `[${bytes.length} bytes]`;
}

function exchangeOfEntry(entry: unknown): Exchange | string {
  if (!isObject(entry)) return 'not an object';
  if (typeof entry[CUT] === 'string') return entry[CUT];
  const { request, response } = entry;
  if (!isObject(request) || typeof request.method !== 'string' || typeof request.url !== 'string')
    return '`request.method` and `request.url` must be strings';
  if (!isObject(response) || !Number.isInteger(response.status)) return '`response.status` must be an integer';
  const body = textOf(isObject(request.postData) ? (request.postData as HarContent) : undefined);
  const status = response.status as number;
  const exchange: Exchange = {
    request: {
      method: request.method.toUpperCase(),
      url: request.url,
      headers: headersOf(request.headers),
      ...(body === undefined ? {} : { body }),
    },
    startedAt: typeof entry.startedDateTime === 'string' ? entry.startedDateTime : '',
    durationMs: typeof entry.time === 'number' ? entry.time : 0,
  };
  // Browsers record aborted and blocked requests with status 0: there is no answer to judge.
  if (status === 0) return { ...exchange, transportError: { code: 'NO_RESPONSE', message: 'no response recorded' } };
  const text = textOf(isObject(response.content) ? (response.content as HarContent) : undefined) ?? '';
  const json = parsedJson(text);
  return {
    ...exchange,
    response: {
      status,
      headers: headersOf(response.headers),
      text,
      ...(json === undefined ? {} : { json }),
      truncated: false,
    },
  };
}

export function readHar(document: unknown): Recording {
  const entries = (document as { log: { entries: unknown[] } }).log.entries;
  const records: Recorded[] = [];
  const unreadable: Unreadable[] = [];
  for (const [index, entry] of entries.entries()) {
    const exchange = exchangeOfEntry(entry);
    if (typeof exchange === 'string') {
      unreadable.push({ index, where: `entry ${index + 1}`, message: exchange });
      continue;
    }
    records.push({ index, exchange, requestHeadersKnown: true, responseHeadersKnown: true });
  }
  return { format: 'har', records, unreadable };
}

/** Bodies the proxy saw as bytes that are not text: kept in base64 so the HAR holds them. */
export interface BinaryBodies {
  request?: string;
  response?: string;
}

export interface HarInput {
  exchange: Exchange;
  binary?: BinaryBodies;
  /** Why a body is recorded cut (past the proxy's bound): the entry says so, and audit does not judge it. */
  cut?: string;
}

/** The member of a HAR entry (custom members start with `_`) that marks a body recorded cut. */
const CUT = '_cloudconfCut';

const harHeaders = (headers: Record<string, string>): HarHeader[] =>
  Object.entries(headers).map(([name, value]) => ({ name, value }));

function content(text: string | undefined, type: string | undefined, base64: string | undefined): HarContent {
  const mimeType = type ?? '';
  if (base64 !== undefined)
    return { size: Buffer.from(base64, 'base64').length, mimeType, text: base64, encoding: 'base64' };
  return { size: Buffer.byteLength(text ?? ''), mimeType, ...(text === undefined ? {} : { text }) };
}

function harEntry({ exchange: e, binary, cut }: HarInput) {
  const url = new URL(e.request.url);
  const r = e.response;
  const requestBody = content(e.request.body, e.request.headers['content-type'], binary?.request);
  const responseBody = content(r?.text, r?.headers['content-type'], binary?.response);
  return {
    ...(cut ? { [CUT]: cut, comment: cut } : {}),
    startedDateTime: e.startedAt,
    time: e.durationMs,
    request: {
      method: e.request.method,
      url: e.request.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: harHeaders(e.request.headers),
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      ...(e.request.body === undefined && binary?.request === undefined
        ? {}
        : { postData: { mimeType: requestBody.mimeType, text: requestBody.text ?? '', ...encodingOf(requestBody) } }),
      headersSize: -1,
      bodySize: requestBody.size ?? 0,
    },
    response: {
      status: r?.status ?? 0,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: harHeaders(r?.headers ?? {}),
      content: responseBody,
      redirectURL: '',
      headersSize: -1,
      bodySize: responseBody.size ?? 0,
      ...(e.transportError ? { _error: `${e.transportError.code}: ${e.transportError.message}` } : {}),
    },
    cache: {},
    timings: { send: 0, wait: e.durationMs, receive: 0 },
  };
}

const encodingOf = (c: HarContent) => (c.encoding ? { encoding: c.encoding } : {});

/** A HAR 1.2 log of the exchanges, in the order given. */
export function harLog(entries: readonly HarInput[]): unknown {
  return {
    log: {
      version: '1.2',
      creator: { name: 'cloudconf', version: TOOL_VERSION },
      entries: entries.map(harEntry),
    },
  };
}
