// One exchange as a recording holds it, read from a HAR entry or a JSON line: the Exchange that checks judge, with its place in the file.

import { isObject } from '../../spec/evaluate.js';
import type { Exchange } from '../http/exchange.js';

export interface Recorded {
  /** 0-based: the line of a JSON lines file or the entry of a HAR log. */
  index: number;
  exchange: Exchange;
  /** Whether the recording holds the request headers (Authorization, Content-Type): HAR does, JSON lines may. */
  requestHeadersKnown: boolean;
  /** Whether the recording holds the response headers (Content-Type): without them the content type is not judged. */
  responseHeadersKnown: boolean;
}

/** An entry or a line that could not be read: reported and skipped, the rest is judged. */
export interface Unreadable {
  index: number;
  /** `line 4` or `entry 3`, 1-based as editors count, for people. */
  where: string;
  message: string;
}

export interface Recording {
  format: 'har' | 'jsonl';
  records: Recorded[];
  unreadable: Unreadable[];
}

export { isObject };

/** The parsed JSON of a body text, or undefined when it is empty or not JSON. */
export function parsedJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Header names in lower case, as the checks read them. */
export function lowerCaseHeaders(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const key = name.toLowerCase();
    out[key] = out[key] === undefined ? value : `${out[key]}, ${value}`;
  }
  return out;
}
