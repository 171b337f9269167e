// Hides secrets (tokens, passwords, client secrets) in anything that leaves a test for a report: one pass over each text, finding secrets by their last characters.

export const REDACTED = '[redacted]';

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

export class Redactor {
  private readonly secrets = new Set<string>();
  /** Secrets by the hash of their last characters, longest first in each bucket. */
  private byEnding: Map<number, string[]> | undefined;

  add(secret: string): void {
    if (!worthHiding(secret) || this.secrets.has(secret)) return;
    this.secrets.add(secret);
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
   * per secret did. (Not by first characters: generated passwords share their first four.)
   */
  text(s: string): string {
    if (this.secrets.size === 0 || s.length < WINDOW) return s;
    const index = this.index();
    const spans: [number, number][] = [];
    for (let end = WINDOW; end <= s.length; end++) {
      const bucket = index.get(windowHash(s, end));
      const found = bucket?.find((secret) => end >= secret.length && s.startsWith(secret, end - secret.length));
      if (found) addSpan(spans, end - found.length, end);
    }
    if (spans.length === 0) return s;
    let out = '';
    let shown = 0;
    for (const [start, end] of spans) {
      out += `${s.slice(shown, start)}${REDACTED}`;
      shown = end;
    }
    return out + s.slice(shown);
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
