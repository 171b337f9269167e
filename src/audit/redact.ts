// Keeps secrets out of recorded traffic (the proxy's recording, an audited HAR): credentials and cookies of headers wherever they reappear, and the values of secret members of JSON and form bodies (src/http/redact.ts says which members).

import type { Exchange } from '../http/exchange.js';
import { couldBeSecret, processRedactor, REDACTED, type Redactor, SECRET_MEMBERS } from '../http/redact.js';
import { CONTROL_CREDENTIAL_MEMBERS, CONTROL_PREFIX } from '../vocabulary/control.js';
import { isObject, parsedJson } from './recorded.js';

const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);

/**
 * Secret members of the reference server's control interface (`cloudconf serve` behind the proxy):
 * the tokens it mints as well. In the API a `token` member can be an identifier (a transfer's, in
 * its paths), so there it is hidden only where it was seen as a credential.
 */
const CONTROL_SECRET_MEMBERS: ReadonlySet<string> = new Set([...SECRET_MEMBERS, ...CONTROL_CREDENTIAL_MEMBERS]);

/** The secret members of an exchange's bodies: the control interface's include the tokens it mints. */
const secretMembersOf = (e: Exchange): ReadonlySet<string> =>
  URL.canParse(e.request.url) && new URL(e.request.url).pathname.startsWith(`${CONTROL_PREFIX}/`)
    ? CONTROL_SECRET_MEMBERS
    : SECRET_MEMBERS;

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
function withoutSecrets(
  value: unknown,
  learn: (secret: string) => void,
  members: ReadonlySet<string>,
  depth = 0,
): { value: unknown; changed: boolean } {
  if (depth > MAX_DEPTH || typeof value !== 'object' || value === null) return { value, changed: false };
  let changed = false;
  if (Array.isArray(value)) {
    const out = value.map((v) => {
      const inner = withoutSecrets(v, learn, members, depth + 1);
      changed ||= inner.changed;
      return inner.value;
    });
    return { value: out, changed };
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (members.has(k) && typeof v === 'string' && v !== '' && v !== REDACTED) {
      out[k] = REDACTED;
      learn(v);
      changed = true;
    } else {
      const inner = withoutSecrets(v, learn, members, depth + 1);
      changed ||= inner.changed;
      out[k] = inner.value;
    }
  }
  return { value: out, changed };
}

/** A form body (`a=1&password=x`), as browsers post a login. */
const FORM = /^[^=&\s{[]+=[^&\s]*(&[^=&\s]+=[^&\s]*)*$/;

/** A JSON or form text with its secret members hidden; other texts as they are. */
function membersHidden(text: string, learn: (secret: string) => void, members: ReadonlySet<string>): string {
  if (FORM.test(text)) {
    const form = new URLSearchParams(text);
    const secret = [...form.keys()].filter((k) => members.has(k));
    for (const k of secret) for (const v of form.getAll(k)) learn(v);
    for (const k of secret) form.set(k, REDACTED);
    return secret.length ? form.toString() : text;
  }
  const json = parsedJson(text);
  if (!isObject(json) && !Array.isArray(json)) return text;
  const hidden = withoutSecrets(json, learn, members);
  return hidden.changed ? JSON.stringify(hidden.value) : text;
}

export class RecordingRedactor {
  /** Each token and the order it was first seen in, to hide late-learnt tokens in earlier exchanges. */
  private readonly order = new Map<string, number>();

  /** `tokens`: where learnt tokens go; the process's redactor, so what the command prints hides them too. */
  constructor(private readonly tokens: Redactor = processRedactor) {}

  /** How many tokens have been seen: an exchange recorded now knows these. */
  get seen(): number {
    return this.order.size;
  }

  /** Hides a token in every text from now on (and, through `late`, in what was recorded before). */
  private learn(token: string): void {
    if (token.length < MIN_TOKEN || this.order.has(token)) return;
    this.order.set(token, this.order.size);
    this.tokens.add(token);
  }

  /** A credential header's value hidden: `Bearer <token>` keeps its scheme; cookies keep their names. Teaches the secrets. */
  private header(name: string, value: string): string {
    if (name === 'cookie' || name === 'set-cookie') {
      // `a=1; b=2` (Cookie) or `sid=1; Path=/; HttpOnly, t=2; ...` (Set-Cookie, joined): every value is a secret.
      for (const m of value.matchAll(/(?:^|[;,]\s*)[^=;,\s]+=([^;,]*)/g)) this.learn((m[1] ?? '').trim());
      return REDACTED;
    }
    const credentials = /^(\S+)\s+(\S+)$/.exec(value);
    const token = credentials?.[2];
    if (!token) {
      this.learn(value.trim());
      return REDACTED;
    }
    this.learn(token);
    // Basic credentials carry `user:password` in base64: the password is a secret of its own.
    if (credentials[1]?.toLowerCase() === 'basic') {
      const decoded = Buffer.from(token, 'base64').toString('utf8');
      const colon = decoded.indexOf(':');
      if (colon >= 0) this.learn(decoded.slice(colon + 1));
    }
    return `${credentials[1]} ${REDACTED}`;
  }

  private headers(headers: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers))
      out[name] = CREDENTIAL_HEADERS.has(name) ? this.header(name, value) : value;
    return out;
  }

  /** Learns the tokens an exchange carries and returns it without them, or any token seen before, or secret members. */
  redact(e: Exchange): Exchange {
    const headers = this.headers(e.request.headers);
    for (const [name, value] of Object.entries(e.response?.headers ?? {}))
      if (CREDENTIAL_HEADERS.has(name)) this.header(name, value);
    const learnSecret = (v: string) => {
      if (couldBeSecret(v)) this.learn(v);
    };
    // Secret members first (they teach their values), then every token known.
    const members = secretMembersOf(e);
    const bodies = withTexts(
      e,
      (text) => membersHidden(text, learnSecret, members),
      headers,
      (url) => queryHidden(url, learnSecret),
    );
    return withTexts(bodies, (text) => this.tokens.text(text));
  }

  /** The exchange with the tokens first seen after it was recorded hidden too (`since`: how many were seen then). */
  late(e: Exchange, since: number): Exchange {
    if (since >= this.order.size) return e;
    const hide = (text: string) => text.replace(WORD, (w) => ((this.order.get(w) ?? -1) >= since ? REDACTED : w));
    return withTexts(e, hide);
  }
}

/** A URL with the values of secret members of its query hidden (`?password=...`). */
function queryHidden(text: string, learn: (secret: string) => void): string {
  if (!URL.canParse(text)) return text;
  const url = new URL(text);
  const secret = [...url.searchParams.keys()].filter((k) => SECRET_MEMBERS.has(k));
  if (secret.length === 0) return text;
  for (const k of secret) for (const v of url.searchParams.getAll(k)) learn(v);
  for (const k of secret) url.searchParams.set(k, REDACTED);
  return url.toString();
}

/** The exchange with `hide` applied to its URL (or `hideUrl`) and bodies (the answer's JSON read again from its text). */
function withTexts(
  e: Exchange,
  hide: (text: string) => string,
  headers = e.request.headers,
  hideUrl: (url: string) => string = hide,
): Exchange {
  const request = {
    ...e.request,
    headers,
    url: hideUrl(e.request.url),
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
