// fast-check arbitraries of valid values for an encoded field: random within every rule, filtered through the evaluator so none breaks a rule.

import fc from 'fast-check';
import { checkField } from '../../spec/evaluate.js';
import type { Field, Format, Param, Rule } from '../../spec/types.js';

/** Fixed arbitraries for fields whose valid values the target decides (regions, images, ids), by field path. */
export type Hints = Readonly<Record<string, fc.Arbitrary<unknown>>>;

/** Longest string generated for open-ended fields, so requests stay small; boundaries cover the maximum. */
export const TYPICAL_MAX_LENGTH = 24;
/** Longest array generated. */
export const TYPICAL_MAX_ITEMS = 3;

const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** Free text: ASCII plus BMP letters that count as one character in every common length convention. */
const FREE_TEXT = `${ALNUM} .,-_éüßñ中文`;

const alnumChar = fc.constantFrom(...ALNUM);
const freeChar = fc.constantFrom(...FREE_TEXT);

const rulesOf = <K extends Rule['kind']>(rules: readonly Rule[] | undefined, kind: K) =>
  (rules ?? []).filter((r): r is Extract<Rule, { kind: K }> => r.kind === kind);

export function lengthBounds(rules: readonly Rule[] | undefined): { min: number; max: number | undefined } {
  let min = 0;
  let max: number | undefined;
  for (const r of rulesOf(rules, 'length')) {
    if (r.min !== undefined) min = Math.max(min, r.min);
    if (r.max !== undefined) max = max === undefined ? r.max : Math.min(max, r.max);
  }
  for (const r of rulesOf(rules, 'count')) max = max === undefined ? r.max : Math.min(max, r.max);
  return { min, max };
}

export function rangeBounds(rules: readonly Rule[] | undefined): { min: number | undefined; max: number | undefined } {
  const r = rulesOf(rules, 'range')[0];
  return { min: r?.min, max: r?.max };
}

const octet = fc.integer({ min: 0, max: 255 });

/** A canonical IPv4 range: random prefix length, host bits cleared. */
const canonicalIpv4Cidr = fc.tuple(fc.integer({ min: 8, max: 30 }), octet, octet, octet).map(([prefix, b, c, d]) => {
  const n = ((10 << 24) | (b << 16) | (c << 8) | d) >>> 0;
  const net = prefix === 0 ? 0 : (n >>> (32 - prefix)) << (32 - prefix);
  const parts = [net >>> 24, (net >>> 16) & 255, (net >>> 8) & 255, net & 255];
  return `${parts.join('.')}/${prefix}`;
});

const formatArbitraries: Partial<Record<Format, fc.Arbitrary<string>>> = {
  email: fc
    // Common forms only: fixtures need values any server takes; the edges DECISIONS 19 allows
    // (`a@example`) are sent as cases of their own (allowed-edges.ts), at every seed.
    .tuple(fc.string({ unit: alnumChar, minLength: 1, maxLength: 12 }), fc.constantFrom('example.com', 'example.org'))
    .map(([local, domain]) => `${local}@${domain}`),
  url: fc
    .tuple(fc.constantFrom('https', 'http'), fc.string({ unit: alnumChar, minLength: 1, maxLength: 10 }))
    .map(([scheme, host]) => `${scheme}://${host}.example.com/`),
  ip: fc.ipV4(),
  ipv4: fc.ipV4(),
  'ipv4-cidr': canonicalIpv4Cidr,
  'ip-cidr': canonicalIpv4Cidr,
  'ip-netmask': fc.tuple(fc.ipV4(), fc.integer({ min: 8, max: 30 })).map(([ip, p]) => `${ip}/${p}`),
  uuid: fc.uuid(),
  byte: fc.uint8Array({ minLength: 1, maxLength: 48 }).map((b) => Buffer.from(b).toString('base64')),
  'date-time': fc
    .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2037-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString()),
  // A long random password scores as strong under any estimator (DECISIONS 11).
  password: fc
    .string({ unit: fc.constantFrom(...`${ALNUM}!@#%^*-_=+`), minLength: 24, maxLength: 40 })
    .map((s) => `Aa9!${s}`),
  phone: fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 7, maxLength: 12 }).map((s) => `+1${s}`),
};

/** The characters of a pattern that is one character class repeated (`^[0-9]+$`), else undefined. */
export function classCharacters(regex: string): string[] | undefined {
  const m = /^\^\[([^\]^]+)\][*+]\$$/.exec(regex);
  if (!m) return undefined;
  const body = (m[1] as string).replace(/\\(.)/g, '$1');
  const chars: string[] = [];
  for (let i = 0; i < body.length; i++) {
    const from = body.charCodeAt(i);
    if (body[i + 1] === '-' && i + 2 < body.length) {
      for (let c = from; c <= body.charCodeAt(i + 2); c++) chars.push(String.fromCharCode(c));
      i += 2;
    } else chars.push(body[i] as string);
  }
  return chars;
}

/** Valid values of the custom checks that depend on the value alone (customChecks in spec/evaluate.ts). */
const customArbitraries: Record<string, (params: Record<string, unknown>) => fc.Arbitrary<string>> = {
  'ip-or-empty': () => fc.oneof(fc.constant(''), fc.ipV4()),
  'ip-any-or-empty': (p) => fc.oneof(fc.constant(''), fc.constant(String(p.keyword)), fc.ipV4()),
  'ip-netmask-or-empty': () => fc.oneof(fc.constant(''), formatArbitraries['ip-netmask'] as fc.Arbitrary<string>),
  'ip-or-any': (p) => fc.oneof(fc.constant(String(p.keyword)), fc.ipV4()),
};

/** The value cached under `key`, built and cached on first use. */
export function cached<K extends object | string, V>(
  cache: { get(key: K): V | undefined; set(key: K, value: V): unknown },
  key: K,
  build: (key: K) => V,
): V {
  let value = cache.get(key);
  if (value === undefined) {
    value = build(key);
    cache.set(key, value);
  }
  return value;
}

/**
 * Per field: a pattern's arbitrary (fc.stringMatching) takes about 17 ms to build, as it tokenizes
 * its bias strings, and a field's valid strings depend on the field alone.
 */
const stringArbitraries = new WeakMap<Field | Param, fc.Arbitrary<string>>();

const stringArbitrary = (field: Field | Param) => cached(stringArbitraries, field, newStringArbitrary);

function newStringArbitrary(field: Field | Param): fc.Arbitrary<string> {
  const custom = rulesOf(field.rules, 'custom').find((r) => customArbitraries[r.check]);
  if (custom)
    return (customArbitraries[custom.check] as (p: Record<string, unknown>) => fc.Arbitrary<string>)(
      custom.params ?? {},
    );
  const enums = rulesOf(field.rules, 'enum')[0];
  if (enums) return fc.constantFrom(...(enums.values.filter((v) => typeof v === 'string') as string[]));
  const byFormat = field.format ? formatArbitraries[field.format] : undefined;
  if (byFormat) return byFormat;
  const { min, max } = lengthBounds(field.rules);
  const maxLength = Math.max(min, Math.min(max ?? min + TYPICAL_MAX_LENGTH, min + TYPICAL_MAX_LENGTH));
  const patterns = rulesOf(field.rules, 'pattern').filter((r) => r.match);
  const classes = patterns.map((r) => classCharacters(r.regex));
  if (patterns.length && classes.every((c) => c !== undefined)) {
    // Characters every class allows, less the alphabet's separators where other rules may forbid them.
    const allowed = (classes as string[][]).reduce((a, b) => a.filter((c) => b.includes(c)));
    const preferred = allowed.filter((c) => ALNUM.includes(c));
    const unit = fc.constantFrom(...(preferred.length ? preferred : allowed));
    return fc.string({ unit, minLength: Math.max(min, 1), maxLength });
  }
  if (patterns.length && !patterns.some((r) => /\.\*/.test(r.regex))) {
    return fc.stringMatching(new RegExp((patterns[0] as { regex: string }).regex, 'u'), { maxLength });
  }
  const restricted = patterns.length > 0 || (field.rules ?? []).some((r) => r.kind === 'forbidden-characters');
  return fc.string({ unit: restricted ? alnumChar : freeChar, minLength: Math.max(min, 1), maxLength });
}

function integerArbitrary(field: Field | Param): fc.Arbitrary<number> {
  const enums = rulesOf(field.rules, 'enum')[0];
  if (enums) return fc.constantFrom(...(enums.values.filter((v) => typeof v === 'number') as number[]));
  const { min, max } = rangeBounds(field.rules);
  return fc.integer({ min: min ?? 1, max: max ?? 1_000_000 });
}

/** Valid values of one field; `path` names it for hints (`region`, `subnets.label`). */
export function validValue(field: Field | Param, path: string, hints: Hints = {}): fc.Arbitrary<unknown> {
  const hinted = hints[path];
  if (!hinted) return generated(field, path, hints);
  // A hint that breaks the field's own rules (a mistaken hint) yields to generated values rather
  // than starving the body filter; `undefined` leaves the field out.
  return hinted.chain((v) =>
    v === undefined || checkField(field, v, path, path).length === 0 ? fc.constant(v) : generated(field, path, hints),
  );
}

function generated(field: Field | Param, path: string, hints: Hints): fc.Arbitrary<unknown> {
  let arb: fc.Arbitrary<unknown>;
  switch (field.type) {
    case 'string':
      arb = stringArbitrary(field);
      break;
    case 'integer':
      arb = integerArbitrary(field);
      break;
    case 'number':
      arb = fc.double({ min: 0, max: 1000, noNaN: true });
      break;
    case 'boolean':
      arb = fc.boolean();
      break;
    case 'object':
      arb =
        'fields' in field && field.fields
          ? objectArbitrary(field.fields, path, hints)
          : fc.dictionary(fc.string({ unit: alnumChar, minLength: 1, maxLength: 8 }), freeMember(field), {
              maxKeys: 3,
            });
      break;
    case 'array':
      arb = arrayArbitrary(field as Field, path, hints);
      break;
    default:
      arb = fc.string({ unit: alnumChar, maxLength: 8 });
  }
  const nullable = 'nullable' in field && field.nullable;
  const withNull = nullable ? fc.option(arb, { nil: null, freq: 4 }) : arb;
  return withNull.filter((v) => checkField(field, v, path, path).length === 0);
}

/** A member of an object whose keys are free: any JSON value, `null` included, where its values are of any type. */
const freeMember = (field: Field | Param): fc.Arbitrary<unknown> =>
  'values' in field && field.values?.type === 'any'
    ? fc.jsonValue({ maxDepth: 2, depthSize: 'xsmall', stringUnit: alnumChar })
    : fc.string({ unit: alnumChar, maxLength: 8 });

function arrayArbitrary(field: Field, path: string, hints: Hints): fc.Arbitrary<unknown[]> {
  const item = field.items;
  if (!item) return fc.constant([]);
  const rule = rulesOf(field.rules, 'items')[0];
  const minLength = rule?.min ?? 0;
  const maxLength = Math.max(minLength, Math.min(rule?.max ?? TYPICAL_MAX_ITEMS, TYPICAL_MAX_ITEMS));
  const element = item.fields ? objectArbitrary(item.fields, path, hints) : validValue(item, `${path}.item`, hints);
  return rule?.unique
    ? fc.uniqueArray(element, { minLength, maxLength, selector: (v) => JSON.stringify(v) })
    : fc.array(element, { minLength, maxLength });
}

/** An object with every required member and any subset of the optional ones. */
export function objectArbitrary(
  fields: readonly Field[],
  prefix: string,
  hints: Hints,
): fc.Arbitrary<Record<string, unknown>> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const f of fields) model[f.name] = validValue(f, prefix ? `${prefix}.${f.name}` : f.name, hints);
  const requiredKeys = fields.filter((f) => f.required).map((f) => f.name);
  return fc.record(model, { requiredKeys });
}
