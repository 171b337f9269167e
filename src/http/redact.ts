// Hides secrets (tokens, passwords, client secrets) and their encoded forms in anything that leaves a test or the process: one pass over each text, finding secrets by their last characters.

export const REDACTED = '[redacted]';

/** Deeper than any documented body: a hostile value nested thousands deep is looked into this far only. */
const MAX_REDACTION_DEPTH = 64;

/**
 * Whether a recorded value had a secret cut out of it, whole or within one of its strings (a
 * boundary value the run also sent as a password, inside a longer label): what was sent there is unknown.
 */
export function holdsRedaction(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes(REDACTED);
  if (depth >= MAX_REDACTION_DEPTH || typeof value !== 'object' || value === null) return false;
  return Object.values(value).some((inner) => holdsRedaction(inner, depth + 1));
}

/** Members whose string values are secrets wherever they appear in a JSON body, sent or received. */
export const SECRET_MEMBERS: ReadonlySet<string> = new Set(['password', 'root_pass', 'secret', 'client_secret']);

/** Shorter values would hide ordinary text; masked values (`*****`) hide nothing. */
const worthHiding = (s: string) => s.length >= 4 && !/^[*•]+$/.test(s);

/**
 * Whether a secret member's value could be a real secret: the suite also sends weak passwords
 * (`password`, `abc`) that a server must refuse; hiding those would hide the words in ids and
 * messages too. Real ones (generated, or a target's client secret) are long and mixed.
 */
export const couldBeSecret = (s: string) => s.length >= 12 && /[^A-Za-z]/.test(s) && !/^[*•]+$/.test(s);

/** Every secret worth hiding is at least this long: secrets are found by their last `WINDOW` characters. */
const WINDOW = 4;

/** A hash of the `WINDOW` characters of `s` that end at `end`. */
function windowHash(s: string, end: number): number {
  let h = 0;
  for (let k = end - WINDOW; k < end; k++) h = (Math.imul(h, 31) + s.charCodeAt(k)) | 0;
  return h;
}

/** Adds the span [start, end) to spans ordered by end, merging it with those it overlaps or touches. */
function addSpan(spans: [number, number][], start: number, end: number): void {
  let from = start;
  for (let last = spans.at(-1); last && last[1] >= from; last = spans.at(-1)) {
    from = Math.min(from, last[0]);
    spans.pop();
  }
  spans.push([from, end]);
}

/** Spans in any order as ordered spans, overlapping or touching ones merged. */
function merged(spans: [number, number][]): [number, number][] {
  const out: [number, number][] = [];
  for (const [start, end] of [...spans].sort((a, b) => a[0] - b[0] || a[1] - b[1])) {
    const last = out.at(-1);
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else out.push([start, end]);
  }
  return out;
}

/** An escape a target may write a character as: a JSON `\u` escape, JSON's `\/`, or a percent-encoded byte. */
const ESCAPE = /\\u[0-9a-fA-F]{4}|\\\/|%[0-9a-fA-F]{2}/;

/** Bytes a UTF-8 sequence has after its lead byte, or -1 for a byte that leads none. */
const continuations = (lead: number) =>
  lead < 0x80 ? 0 : lead >= 0xf0 && lead < 0xf8 ? 3 : lead >= 0xe0 ? 2 : lead >= 0xc0 ? 1 : -1;

/** The percent-encoded byte at `i` (`%4A`), or -1. */
function percentByte(s: string, i: number): number {
  if (s[i] !== '%') return -1;
  const hexDigits = s.slice(i + 1, i + 3);
  return /^[0-9a-fA-F]{2}$/.test(hexDigits) ? Number.parseInt(hexDigits, 16) : -1;
}

/**
 * The text with its escapes decoded (JSON `\u` escapes and `\/`, percent-encoded UTF-8), each
 * character of it mapped back to where it stands in the text: `from[i]` where character i starts,
 * `to[i]` where it ends. Whatever is no complete escape stays as it is.
 */
function decodedView(s: string): { text: string; from: Int32Array; to: Int32Array } {
  // Never longer than the text: every escape decodes to fewer characters than it takes.
  const units: string[] = [];
  const from = new Int32Array(s.length);
  const to = new Int32Array(s.length);
  const put = (decoded: string, start: number, end: number) => {
    for (let k = 0; k < decoded.length; k++) {
      from[units.length] = start;
      to[units.length] = end;
      units.push(decoded[k] as string);
    }
  };
  for (let i = 0; i < s.length; ) {
    if (s[i] === '\\' && s[i + 1] === 'u' && /^[0-9a-fA-F]{4}$/.test(s.slice(i + 2, i + 6))) {
      put(String.fromCharCode(Number.parseInt(s.slice(i + 2, i + 6), 16)), i, i + 6);
      i += 6;
      continue;
    }
    if (s[i] === '\\' && s[i + 1] === '/') {
      put('/', i, i + 2);
      i += 2;
      continue;
    }
    const lead = percentByte(s, i);
    const more = lead < 0 ? -1 : continuations(lead);
    if (more >= 0) {
      const bytes = [lead];
      for (let k = 1; k <= more; k++) {
        const next = percentByte(s, i + 3 * k);
        if (next < 0x80 || next >= 0xc0) break;
        bytes.push(next);
      }
      if (bytes.length === more + 1) {
        put(Buffer.from(bytes).toString('utf8'), i, i + 3 * bytes.length);
        i += 3 * bytes.length;
        continue;
      }
    }
    put(s[i] as string, i, i + 1);
    i += 1;
  }
  return { text: units.join(''), from, to };
}

const hex = (c: string, upper: boolean) => {
  const h = c.charCodeAt(0).toString(16).padStart(4, '0');
  return upper ? h.toUpperCase() : h;
};

/** JSON `\u` escapes of every character `picked` says, in lower- and upper-case hex. */
const unicodeEscaped = (s: string, picked: (c: string) => boolean) =>
  [false, true].map((upper) =>
    s
      .split('')
      .map((c) => (picked(c) ? `\\u${hex(c, upper)}` : c))
      .join(''),
  );

/** Percent-encodings of the secret: every reserved character, and each subset of up to three kinds (`/` often stays). */
function percentEncoded(s: string): string[] {
  let full: string;
  try {
    full = encodeURIComponent(s);
  } catch {
    return []; // a lone surrogate has no percent-encoding
  }
  const lower = full.replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase());
  const kinds = [...new Set([...s].filter((c) => encodeURIComponent(c) !== c))];
  if (kinds.length === 0 || kinds.length > 3) return [full, lower];
  const forms = [full, lower];
  for (let mask = 1; mask < 1 << kinds.length; mask++) {
    const picked = new Set(kinds.filter((_, i) => mask & (1 << i)));
    forms.push([...s].map((c) => (picked.has(c) ? encodeURIComponent(c) : c)).join(''));
  }
  return forms;
}

/**
 * The part of the base64 of a text holding the secret that depends on the secret alone, for each of
 * the three alignments it can have (a token inside `user:token` of Basic auth starts anywhere);
 * standard and URL-safe alphabets.
 */
function base64Cores(s: string): string[] {
  const bytes = Buffer.from(s, 'utf8');
  const cores: string[] = [];
  for (let offset = 0; offset < 3; offset++) {
    const lead = (3 - offset) % 3;
    const usable = bytes.subarray(lead);
    const whole = usable.subarray(0, usable.length - (usable.length % 3));
    const core = whole.toString('base64');
    if (core.length >= 8) cores.push(core, core.replace(/\+/g, '-').replace(/\//g, '_'));
  }
  return cores;
}

/** The forms a secret takes in JSON, URLs and base64 as a server may echo it, the secret first. */
export function encodedForms(secret: string): string[] {
  const json = JSON.stringify(secret).slice(1, -1);
  const forms = [
    secret,
    json,
    json.replace(/\//g, '\\/'),
    ...unicodeEscaped(secret, (c) => !/[A-Za-z0-9]/.test(c)),
    ...unicodeEscaped(secret, () => true),
    ...percentEncoded(secret),
    ...(secret.length >= 8 ? base64Cores(secret) : []),
  ];
  return [...new Set(forms)];
}

export class Redactor {
  private readonly secrets = new Set<string>();
  /** Secrets by the hash of their last characters, longest first in each bucket. */
  private byEnding: Map<number, string[]> | undefined;

  /** Registers a secret and its encoded forms (encodedForms). */
  add(secret: string): void {
    if (!worthHiding(secret) || this.secrets.has(secret)) return;
    for (const form of encodedForms(secret)) {
      if (this.secrets.has(form) || !worthHiding(form)) continue;
      this.secrets.add(form);
      if (this.byEnding) this.insert(this.byEnding, form);
    }
  }

  /** Adds a form to its bucket, keeping the bucket longest first (the index grows without being rebuilt). */
  private insert(index: Map<number, string[]>, form: string): void {
    const key = windowHash(form, form.length);
    const bucket = index.get(key);
    if (!bucket) index.set(key, [form]);
    else {
      const at = bucket.findIndex((other) => other.length < form.length);
      bucket.splice(at < 0 ? bucket.length : at, 0, form);
    }
  }

  /** Forgets every secret: the self-tests' run host (cli/test-support/run-host.mjs) starts each command as a new process would. */
  clear(): void {
    this.secrets.clear();
    this.byEnding = undefined;
  }

  /** Registers the values of secret members anywhere in a JSON value. */
  addFrom(value: unknown): void {
    if (Array.isArray(value)) for (const v of value) this.addFrom(v);
    else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (SECRET_MEMBERS.has(k) && typeof v === 'string' && couldBeSecret(v)) this.add(v);
        else this.addFrom(v);
      }
    }
  }

  /**
   * The text with every span that some secret covers replaced; overlapping secrets go as one span,
   * so no part of either shows. One pass over the text, looking each position's last characters up:
   * its cost does not grow with the thousands of generated passwords a run registers, as a search
   * per secret did. (Not by first characters: generated passwords share their first four.) A text
   * holding escapes (`\u0053`, `\/`, `%53`) is searched again with them decoded, so a secret written
   * with any mix of escaped and literal characters is found, and hidden with its escapes.
   */
  text(s: string): string {
    if (this.secrets.size === 0 || s.length < WINDOW) return s;
    const index = this.index();
    const spans = this.spansIn(s, index);
    if (ESCAPE.test(s)) {
      const view = decodedView(s);
      for (const [start, end] of this.spansIn(view.text, index))
        spans.push([view.from[start] as number, view.to[end - 1] as number]);
    }
    if (spans.length === 0) return s;
    let out = '';
    let shown = 0;
    for (const [start, end] of merged(spans)) {
      out += `${s.slice(shown, start)}${REDACTED}`;
      shown = end;
    }
    return out + s.slice(shown);
  }

  /** The spans of `s` that some secret covers, ordered by end, overlapping ones merged. */
  private spansIn(s: string, index: Map<number, string[]>): [number, number][] {
    const spans: [number, number][] = [];
    for (let end = WINDOW; end <= s.length; end++) {
      const bucket = index.get(windowHash(s, end));
      const found = bucket?.find((secret) => end >= secret.length && s.startsWith(secret, end - secret.length));
      if (found) addSpan(spans, end - found.length, end);
    }
    return spans;
  }

  private index(): Map<number, string[]> {
    if (!this.byEnding) {
      this.byEnding = new Map();
      for (const secret of [...this.secrets].sort((a, b) => b.length - a.length)) {
        const key = windowHash(secret, secret.length);
        const bucket = this.byEnding.get(key);
        if (bucket) bucket.push(secret);
        else this.byEnding.set(key, [secret]);
      }
    }
    return this.byEnding;
  }

  /** A copy of a value with every string redacted (keys too: a secret can be a member name). */
  deep<T>(value: T): T {
    if (this.secrets.size === 0) return value;
    return this.walk(value) as T;
  }

  private walk(value: unknown): unknown {
    if (typeof value === 'string') return this.text(value);
    if (Array.isArray(value)) return value.map((v) => this.walk(v));
    if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [this.text(k), this.walk(v)]));
    }
    return value;
  }
}

/**
 * The redactor of this process: every line the command line prints and every report it writes goes
 * through it (run, cleanup, audit, proxy). Register each secret the process learns with `add`.
 */
export const processRedactor = new Redactor();

/** A text with every secret this process knows hidden. */
export const redactLine = (text: string): string => processRedactor.text(text);
