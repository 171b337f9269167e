// Keeps secrets out of the proxy's recording: tokens of credential headers wherever they reappear, and the values of secret members of JSON bodies (src/http/redact.ts says which members).

import type { Exchange } from '../http/exchange.js';
import { REDACTED, Redactor, SECRET_MEMBERS } from '../http/redact.js';
import { isObject, parsedJson } from './recorded.js';

const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);

/**
 * Tokens shorter than this are hidden in their header only: replacing them in every text would
 * rewrite ordinary words, and the rewritten bodies would then be judged wrongly.
 */
const MIN_TOKEN = 8;

/** Deeper than any documented body: hostile bodies nested thousands deep are left as they are. */
const MAX_DEPTH = 64;

/** What a token can be made of (hex, base64, base64url, JWT): tokens learnt late are found as whole words. */
const WORD = /[A-Za-z0-9._~+/=-]{8,}/g;

/**
 * A copy of a JSON value whose secret members hold the redaction mark. Secrets are hidden where
 * they stand, not replaced in every text: a password such as `password` would otherwise rewrite
 * member names and labels, and audit would judge bodies the client never sent.
 */
function withoutSecrets(value: unknown, depth = 0): { value: unknown; changed: boolean } {
  if (depth > MAX_DEPTH || typeof value !== 'object' || value === null) return { value, changed: false };
  let changed = false;
  if (Array.isArray(value)) {
    const out = value.map((v) => {
      const inner = withoutSecrets(v, depth + 1);
      changed ||= inner.changed;
      return inner.value;
    });
    return { value: out, changed };
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (SECRET_MEMBERS.has(k) && typeof v === 'string' && v !== '' && v !== REDACTED) {
      out[k] = REDACTED;
      changed = true;
    } else {
      const inner = withoutSecrets(v, depth + 1);
      changed ||= inner.changed;
      out[k] = inner.value;
    }
  }
  return { value: out, changed };
}

/** A JSON text with its secret members hidden; other texts as they are. */
function membersHidden(text: string): string {
  const json = parsedJson(text);
  if (!isObject(json) && !Array.isArray(json)) return text;
  const hidden = withoutSecrets(json);
  return hidden.changed ? JSON.stringify(hidden.value) : text;
}

export class RecordingRedactor {
  private readonly tokens = new Redactor();
  /** Each token and the order it was first seen in, to hide late-learnt tokens in earlier exchanges. */
  private readonly order = new Map<string, number>();

  /** How many tokens have been seen: an exchange recorded now knows these. */
  get seen(): number {
    return this.order.size;
  }

  /** A header value with its credentials hidden; `Bearer <token>` keeps its scheme and teaches the token. */
  private header(value: string): string {
    const credentials = /^(\S+)\s+(\S+)$/.exec(value);
    const token = credentials?.[2];
    if (!token) return REDACTED;
    if (token.length >= MIN_TOKEN && !this.order.has(token)) {
      this.order.set(token, this.order.size);
      this.tokens.add(token);
    }
    return `${credentials[1]} ${REDACTED}`;
  }

  private headers(headers: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers))
      out[name] = CREDENTIAL_HEADERS.has(name) ? this.header(value) : value;
    return out;
  }

  /** Learns the tokens an exchange carries and returns it without them, or any token seen before, or secret members. */
  redact(e: Exchange): Exchange {
    const headers = this.headers(e.request.headers);
    const hide = (text: string) => this.tokens.text(membersHidden(text));
    return withTexts(e, hide, headers);
  }

  /** The exchange with the tokens first seen after it was recorded hidden too (`since`: how many were seen then). */
  late(e: Exchange, since: number): Exchange {
    if (since >= this.order.size) return e;
    const hide = (text: string) => text.replace(WORD, (w) => ((this.order.get(w) ?? -1) >= since ? REDACTED : w));
    return withTexts(e, hide);
  }
}

/** The exchange with `hide` applied to its URL and bodies (the answer's JSON read again from its text). */
function withTexts(e: Exchange, hide: (text: string) => string, headers = e.request.headers): Exchange {
  const request = {
    ...e.request,
    headers,
    url: hide(e.request.url),
    ...(e.request.body === undefined ? {} : { body: hide(e.request.body) }),
  };
  if (!e.response) return { ...e, request };
  const { json: _before, ...answer } = e.response;
  const text = hide(answer.text);
  const json = text === answer.text ? e.response.json : parsedJson(text);
  return {
    ...e,
    request,
    response: {
      ...answer,
      headers: Object.fromEntries(
        Object.entries(answer.headers).map(([k, v]) => [k, CREDENTIAL_HEADERS.has(k) ? REDACTED : v]),
      ),
      text,
      ...(json === undefined ? {} : { json }),
    },
  };
}
