// Reading a request to the plain server: its body within a bound (the rest drained unread), the JSON media type, and the JSON object a body must be.

import type { IncomingMessage } from 'node:http';
import { isObject, type Json } from './rules.js';

/** What a request body turned out to be: the JSON object, or the status and reason of its refusal. */
export type BodyRead = { ok: true; body: Json } | { ok: false; status: 400 | 413 | 415; reason: string };

/** The bytes of a body up to `max`; past it, the rest is read and dropped so the client can finish sending. */
export function readBytes(req: IncomingMessage, max: number): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Past the bound nothing more is kept: the answer is 413 whatever the rest holds.
      if (size > max) chunks.length = 0;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(size > max ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** `application/json`, with at most a UTF-8 charset (the documents: "Content-Type: application/json"). */
function isJsonType(header: string | undefined): boolean {
  const [type, ...params] = (header ?? '').split(';').map((p) => p.trim().toLowerCase());
  if (type !== 'application/json') return false;
  return params.every((p) => !p.startsWith('charset=') || /^charset="?utf-8"?$/.test(p));
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The JSON object a request carries; a request without a body carries an empty one. */
export function jsonBody(req: IncomingMessage, bytes: Buffer | 'too-large'): BodyRead {
  if (bytes === 'too-large') return { ok: false, status: 413, reason: 'The request body is too large' };
  if (bytes.length === 0) return { ok: true, body: {} };
  if (!isJsonType(req.headers['content-type']))
    return { ok: false, status: 415, reason: 'The request body must be sent as Content-Type: application/json' };
  let value: unknown;
  try {
    value = JSON.parse(utf8.decode(bytes));
  } catch {
    return { ok: false, status: 400, reason: 'The request body is not valid JSON' };
  }
  return isObject(value)
    ? { ok: true, body: value }
    : { ok: false, status: 400, reason: 'The body must be a JSON object' };
}
