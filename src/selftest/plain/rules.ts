// The value rules of the plain VPC server, written by hand from Part 1 (VPC and subnet tables, Limits) as a third party would: its limits, field checks and the canonical IPv4 CIDR.

/** The limits the plain server keeps; each default is the documents' value (Part 1, Limits). */
export interface PlainLimits {
  /** VPC label and subnet label: "1..64 characters". */
  labelMin: number;
  labelMax: number;
  /** VPC description: "at most 255 characters". */
  descriptionMax: number;
  /** `page_size`: "integer 25..500, default 100". */
  pageSizeMin: number;
  pageSizeMax: number;
  pageSizeDefault: number;
  /** The largest request body read, in bytes (the documents name none: ours). */
  bodyMaxBytes: number;
}

export const DOCUMENTED_LIMITS: PlainLimits = {
  labelMin: 1,
  labelMax: 64,
  descriptionMax: 255,
  pageSizeMin: 25,
  pageSizeMax: 500,
  pageSizeDefault: 100,
  bodyMaxBytes: 1024 * 1024,
};

/** One thing wrong with a request: the field it is about (absent for the request as a whole) and why. */
export interface Problem {
  field?: string;
  reason: string;
}

/** The problems found so far in one request body. */
export class Problems {
  readonly list: Problem[] = [];

  add(field: string, reason: string): void {
    this.list.push({ field, reason });
  }

  get none(): boolean {
    return this.list.length === 0;
  }
}

export type Json = Record<string, unknown>;

export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Characters as a reader counts them: Unicode code points, not UTF-16 units. */
const characters = (s: string) => [...s].length;

/**
 * A string field with a length in characters: records a problem and returns false when the value
 * is not a string or is out of bounds. `null` and absence are the caller's business (DECISIONS 17).
 */
export function checkText(problems: Problems, field: string, value: unknown, min: number, max: number): boolean {
  if (typeof value !== 'string') {
    problems.add(field, 'Must be a string');
    return false;
  }
  const n = characters(value);
  if (n < min || n > max) {
    problems.add(field, min > 0 ? `Length must be ${min}-${max} characters` : `Must be at most ${max} characters`);
    return false;
  }
  return true;
}

/** A decimal octet or prefix without leading zeros. */
const DECIMAL = /^(0|[1-9][0-9]{0,2})$/;

/**
 * Whether a string is an IPv4 range in canonical CIDR form: four octets 0..255 and a prefix 0..32,
 * written without leading zeros, with every bit past the prefix zero (`10.0.0.0/24`, not `10.0.0.1/24`).
 */
export function cidrProblem(value: string): string | undefined {
  const [address, prefix, ...rest] = value.split('/');
  const octets = (address ?? '').split('.');
  const wellFormed =
    rest.length === 0 &&
    prefix !== undefined &&
    DECIMAL.test(prefix) &&
    Number(prefix) <= 32 &&
    octets.length === 4 &&
    octets.every((o) => DECIMAL.test(o) && Number(o) <= 255);
  if (!wellFormed) return 'Must be an IPv4 range in CIDR form, such as 10.0.0.0/24';
  const bits = octets.reduce((n, o) => n * 256 + Number(o), 0);
  const hostBits = 2 ** (32 - Number(prefix));
  if (bits % hostBits !== 0) return 'Must be in canonical form: the bits past the prefix are zero';
  return undefined;
}
