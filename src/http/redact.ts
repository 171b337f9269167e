// Hides secrets (tokens, passwords, client secrets) in anything that leaves a test for a report: a native substring search per secret, longest first.

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

/** The index of the first string no longer than `length` in strings sorted longest first. */
function firstNotLongerThan(sorted: readonly string[], length: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] as string).length > length) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class Redactor {
  private readonly secrets = new Set<string>();
  private ordered: string[] | undefined;

  add(secret: string): void {
    if (!worthHiding(secret) || this.secrets.has(secret)) return;
    this.secrets.add(secret);
    this.ordered = undefined;
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

  text(s: string): string {
    if (this.secrets.size === 0) return s;
    // Longest first, so a secret that contains another is hidden whole. A native substring search per
    // secret, not one alternation pattern: secrets with long common prefixes (generated passwords)
    // made the pattern backtrack at every position, 18 s of CPU in a run.
    this.ordered ??= [...this.secrets].sort((a, b) => b.length - a.length);
    let out = s;
    // Secrets longer than the text cannot be in it: most texts (ids, labels, statuses) are short.
    for (let i = firstNotLongerThan(this.ordered, s.length); i < this.ordered.length; i++) {
      const secret = this.ordered[i] as string;
      if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    }
    return out;
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
