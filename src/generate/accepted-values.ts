// Values a rule allows at each of its stated bounds and one step inside each (a label of exactly 64 characters, a page size of 25), or each member of an enum, every one re-checked against all the rules of its field.

import fc from 'fast-check';
import { describeRule } from '../../spec/derive.js';
import { checkField, STATEFUL_RULE_KINDS } from '../../spec/evaluate.js';
import type { Field, Param, Rule } from '../../spec/types.js';

export interface AcceptedValue {
  value: unknown;
  /** Where the value sits against the rule ("64 characters, the upper bound of 1..64 characters"), for reports. */
  why: string;
  /** Another value of the same size, to tell a refusal of the size from a refusal of one value (a name taken). */
  alternate?: unknown;
}

/** What the values of a rule could not include, with why (no conventional URL of 3 characters). */
export interface AcceptedValues {
  values: AcceptedValue[];
  left: string[];
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const DIGITS = '0123456789';
const ALNUM = `${LOWER}${DIGITS}`;
/** Characters of a strong password: no look-alikes, every class, a symbol (DECISIONS 11). */
const PASSWORD = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789#!%';
/** Below this many characters a password's strength is the server's to judge: only long random ones are surely strong. */
const SURELY_STRONG = 20;
/** The domain of built email addresses and URLs (RFC 2606). */
const DOMAIN = 'example.com';
/** An email local part no longer than this: RFC 5321 allows 64 octets. */
const LOCAL_PART = 32;
/** A DNS label holds at most 63 characters. */
const DNS_LABEL = 63;

/** `n` characters drawn from an alphabet, reproducible from the seed (mulberry32: fast-check draws 64 KiB slowly). */
function drawn(alphabet: string, n: number, seed: number): string {
  let state = seed >>> 0;
  let out = '';
  for (let i = 0; i < n; i++) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    out += alphabet[(((t ^ (t >>> 14)) >>> 0) % alphabet.length) as number];
  }
  return out;
}

/** Labels of a domain name, each at most 63 characters, joined by dots, exactly `n` characters long. */
function subdomain(n: number, seed: number): string {
  const parts: string[] = [];
  let left = n;
  while (left > 0) {
    const take = Math.min(DNS_LABEL, left);
    // A label never ends a name with a dot: when one character would be left, take one less now.
    const size = left - take === 1 ? take - 1 : take;
    parts.push(drawn(LOWER, size, seed + parts.length));
    left -= size + 1;
  }
  return parts.join('.');
}

/** Strings of a format at an exact length, conventional enough that any server reads them as that format. */
const formatted: Partial<Record<NonNullable<Field['format']>, (n: number, seed: number) => string | undefined>> = {
  email: (n, seed) => {
    const room = n - 1 - DOMAIN.length;
    let local = Math.min(LOCAL_PART, room);
    // Whatever the local part cannot hold goes into labels before the domain (`…@abc.example.com`),
    // which take a dot each: one character over is one less in the local part.
    if (room - local === 1) local -= 1;
    if (local < 1) return undefined;
    const extra = room - local;
    const host = extra === 0 ? DOMAIN : `${subdomain(extra - 1, seed)}.${DOMAIN}`;
    return `${drawn(ALNUM, local, seed)}@${host}`;
  },
  url: (n, seed) => {
    const head = `https://${DOMAIN}/`;
    return n < head.length ? undefined : `${head}${drawn(ALNUM, n - head.length, seed)}`;
  },
  password: (n, seed) => (n < SURELY_STRONG ? undefined : `Aa9#${drawn(PASSWORD, n - 4, seed)}`),
};

/** Plain strings of an exact length: the run's prefix first where it fits, then characters most rules allow. */
function plainCandidates(n: number, seed: number, prefix?: string): string[] {
  const out: string[] = [];
  // `<prefix>-<random>`: cleanup and safe mode find what the run made by its prefix.
  if (prefix && n >= prefix.length + 2) out.push(`${prefix}-${drawn(ALNUM, n - prefix.length - 1, seed)}`);
  out.push(drawn(ALNUM, n, seed), drawn(DIGITS, n, seed), drawn(LOWER, n, seed));
  return out;
}

const isStateful = (field: Field | Param) => (field.rules ?? []).some((r) => STATEFUL_RULE_KINDS.has(r.kind));

/** A string of `n` characters that keeps every rule of the field, or undefined. */
function stringOf(field: Field | Param, n: number, seed: number, prefix?: string): string | undefined {
  const format = field.format ?? (isStateful(field) ? 'password' : undefined);
  const build = format ? formatted[format] : undefined;
  const candidates = build ? [build(n, seed)] : format ? [] : plainCandidates(n, seed, prefix);
  return candidates.find(
    (s): s is string =>
      s !== undefined && [...s].length === n && checkField(field, s, field.name, field.name).length === 0,
  );
}

/** JSON of an object whose text is exactly `n` characters long: `{"a":"xxx"}`. */
function jsonOf(field: Field | Param, n: number, seed: number): unknown {
  const empty = JSON.stringify({ a: '' }).length;
  if (n < empty) return undefined;
  const value = { a: drawn(ALNUM, n - empty, seed) };
  return checkField(field, value, field.name, field.name).length === 0 ? value : undefined;
}

/** Base64 of exactly `n` bytes (unencoded) of letters and digits. */
function base64Of(field: Field | Param, n: number, seed: number): unknown {
  const value = Buffer.from(drawn(ALNUM, n, seed)).toString('base64');
  return checkField(field, value, field.name, field.name).length === 0 ? value : undefined;
}

/** An array of exactly `n` items valid one by one and together (`together` judges the rules over the items). */
function itemsOf(
  field: Field | Param,
  n: number,
  seed: number,
  item: fc.Arbitrary<unknown> | undefined,
  together: (items: unknown[]) => boolean,
): unknown {
  if (!item) return undefined;
  const lists = fc.sample(fc.array(item, { minLength: n, maxLength: n }), { seed, numRuns: 60 });
  return lists.find((l) => together(l) && checkField(field, l, field.name, field.name).length === 0);
}

/** The stated bounds of a rule and the steps inside them: min, min + 1, max - 1, max (those the rule states). */
function sizes(rule: { min?: number; max?: number }): { n: number; at: string }[] {
  const out: { n: number; at: string }[] = [];
  const { min, max } = rule;
  if (min !== undefined) out.push({ n: min, at: 'the lower bound' }, { n: min + 1, at: 'one above the lower bound' });
  if (max !== undefined) out.push({ n: max - 1, at: 'one below the upper bound' }, { n: max, at: 'the upper bound' });
  const inside = out.filter(({ n }) => (min === undefined || n >= min) && (max === undefined || n <= max));
  return inside.filter((s, i) => inside.findIndex((o) => o.n === s.n) === i);
}

/** Options of `acceptedValues`: the run's label prefix, for fields that carry it, and the arbitrary of one item of an array. */
export interface AcceptedOptions {
  prefix?: string;
  item?: fc.Arbitrary<unknown>;
  /** Whether a list of items holds the rules over them (distinct VLANs, one public interface). */
  together?: (items: unknown[]) => boolean;
}

/** A value of `n` (characters, bytes, items, or the number itself) that keeps every rule of the field, or undefined. */
function sized(field: Field | Param, rule: Rule, n: number, seed: number, options: AcceptedOptions): unknown {
  switch (rule.kind) {
    case 'length':
    case 'count':
      return stringOf(field, n, seed, options.prefix);
    case 'json-length':
      return jsonOf(field, n, seed);
    case 'base64-decoded-length':
      return base64Of(field, n, seed);
    case 'range':
      return checkField(field, n, field.name, field.name).length === 0 ? n : undefined;
    case 'items':
      return itemsOf(field, n, seed, options.item, options.together ?? (() => true));
    default:
      return undefined;
  }
}

/** What `n` counts in a rule: "64 characters", "base64 of 30 bytes", "3 items", or the number. */
function unitOf(rule: Rule, n: number): string {
  switch (rule.kind) {
    case 'length':
    case 'count':
      return `${n} characters`;
    case 'json-length':
      return `JSON of ${n} characters`;
    case 'base64-decoded-length':
      return `base64 of ${n} bytes`;
    case 'items':
      return `${n} items`;
    default:
      return String(n);
  }
}

/** The bounds of a size rule (a count or a size states only its maximum). */
const boundsOf = (rule: Rule): { min?: number; max?: number } =>
  rule.kind === 'count' || rule.kind === 'json-length' || rule.kind === 'base64-decoded-length'
    ? { max: rule.max }
    : rule.kind === 'length' || rule.kind === 'range' || rule.kind === 'items'
      ? rule
      : {};

/**
 * The values of one rule of a field that a server must accept: at each bound the rule states and one
 * step inside it, each made of characters every rule of the field allows, or every member of an enum.
 * Each value keeps every rule of the field, and has an alternate of the same size where one exists.
 */
export function acceptedValues(
  field: Field | Param,
  rule: Rule,
  seed: number,
  options: AcceptedOptions = {},
): AcceptedValues {
  const words = describeRule(rule);
  const values: AcceptedValue[] = [];
  const left: string[] = [];
  if (rule.kind === 'enum') {
    for (const member of rule.values) {
      if (checkField(field, member, field.name, field.name).length === 0)
        values.push({ value: member, why: `${JSON.stringify(member)}, a member of the enum` });
      else left.push(`${JSON.stringify(member)}: another rule of \`${field.name}\` refuses it`);
    }
    return { values, left };
  }
  for (const { n, at } of sizes(boundsOf(rule))) {
    const what = `${unitOf(rule, n)}, ${at} (${words})`;
    const value = sized(field, rule, n, seed, options);
    if (value === undefined) {
      left.push(`${what}: no value that keeps every rule of \`${field.name}\` could be built`);
      continue;
    }
    const other = rule.kind === 'range' ? undefined : sized(field, rule, n, seed + 7919, options);
    const differs = other !== undefined && JSON.stringify(other) !== JSON.stringify(value);
    values.push({ value, why: what, ...(differs ? { alternate: other } : {}) });
  }
  return { values, left };
}

/**
 * A value of the field well inside what the rule allows, for the control of a case (the request
 * without its change): a quarter of the way from the lower bound to the upper one, or two past a
 * lower bound alone; an enum's first member other than `unlike`. Undefined when none can be built.
 */
export function controlValue(
  field: Field | Param,
  rule: Rule,
  seed: number,
  options: AcceptedOptions = {},
  unlike?: unknown,
): unknown {
  if (rule.kind === 'enum') return rule.values.find((v) => JSON.stringify(v) !== JSON.stringify(unlike));
  const { min = 0, max } = boundsOf(rule);
  const n = max === undefined ? min + 2 : min + Math.floor((max - min) / 4);
  return sized(field, rule, n, seed, options);
}
