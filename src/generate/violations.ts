// Candidate values that break one rule of a field (one past each bound, wrong type, unknown enum member, forbidden characters, ...); bodies.ts keeps only those that break exactly that rule.

import fc from 'fast-check';
import { ruleId } from '../../spec/derive.js';
import { checkField } from '../../spec/evaluate.js';
import { rawNumber } from '../../spec/raw-json.js';
import type { Field, Format, Param, Rule } from '../../spec/types.js';
import { cached, lengthBounds, validValue } from './values.js';

/** Marks a required field left out. */
export const ABSENT: unique symbol = Symbol('absent');

export interface BadValue {
  /** `required`, `type`, `format` or a rule id: with the path it names the requirement. */
  rule: string;
  value: unknown;
  /** What the value does wrong, for failure messages. */
  why: string;
  /** A near miss: a valid value changed as little as possible, which a lenient server would repair into a valid one. */
  nearMiss?: true;
}

/** One sample of an arbitrary, reproducible for a seed. */
export const sampleOne = <T>(arb: fc.Arbitrary<T>, seed: number): T => fc.sample(arb, { seed, numRuns: 1 })[0] as T;

const alnum = (n: number) =>
  'abcdefghijklmnopqrstuvwxyz0123456789'.repeat(Math.ceil(n / 36) + 1).slice(0, Math.max(0, n));

const wrongTypes: Record<Field['type'], unknown[]> = {
  string: [12345, true],
  integer: ['abc', 1.5],
  number: ['abc'],
  boolean: ['yes', 1],
  object: ['x', [1]],
  array: ['x', { a: 1 }],
  any: [],
};

const badFormats: Partial<Record<Format, string[]>> = {
  // Only what no reading of "email" accepts (DECISIONS 19): no `@`, an empty local part, an empty domain.
  email: ['not-an-email', '@example.com', 'a@'],
  url: ['not a url'],
  ip: ['300.1.2.3', 'not-an-ip'],
  ipv4: ['2001:db8::1', '300.1.2.3'],
  'ip-cidr': ['10.0.0.0', '10.0.0.0/99'],
  'ipv4-cidr': ['10.0.0.0', '2001:db8::/32'],
  'ip-netmask': ['10.0.0.1', '10.0.0.1/99'],
  uuid: ['not-a-uuid'],
  byte: ['@@not base64@@'],
};

/** Strings matching a pattern; building the arbitrary parses the pattern, so each is built once. */
const byPattern = new Map<string, fc.Arbitrary<string>>();
const matching = (regex: string) =>
  cached(byPattern, regex, () => fc.stringMatching(new RegExp(`^(?:${regex})$`, 'u')));

/** Words shaped like enum members, to draw non-members from. */
const enumLike = fc.stringMatching(/^[a-z][a-z0-9_-]{0,15}$/);

/** A number below a minimum, by a seeded distance: boundary tests alone miss servers that only check the bound itself. */
const farBelow = (min: number, whole: boolean) =>
  whole
    ? fc.integer({ min: min - 1_000_000, max: min - 2 })
    : fc.double({ min: min - 1e6, max: min - 0.5, noNaN: true });

const farAbove = (max: number, whole: boolean) =>
  whole
    ? fc.integer({ min: max + 2, max: max + 1_000_000 })
    : fc.double({ min: max + 0.5, max: max + 1e6, noNaN: true });

/** Each field's non-nullable twin, one object per field, so the arbitraries cached per field are found again. */
const nonNullable = new WeakMap<Field | Param, Field>();
const notNull = (field: Field | Param) => cached(nonNullable, field, () => ({ ...field, nullable: false }) as Field);

/** A valid string of a field to build pattern and character violations from. */
function validString(field: Field | Param, seed: number): string {
  const v = sampleOne(validValue(notNull(field), field.name), seed);
  return typeof v === 'string' && v.length > 0 ? v : 'abc';
}

/** Valid strings drawn to choose a roomy one from: enough that one fits whatever the seed. */
const ROOMY_DRAWS = 20;

/** Whether a string has room for the change of a case: two characters at least, one below the maximum. */
const roomy = (field: Field | Param, s: string) => {
  const { max } = lengthBounds(field.rules);
  return [...s].length >= 2 && (max === undefined || [...s].length < max);
};

/**
 * A valid string with room for a case's change (a character added, moved in, or doubled) inside the
 * field's length bounds: the shortest of a few drawn. On a value drawn at its maximum, a character
 * more broke the length too, and the case was dropped at some seeds and sent at others (issue 28).
 */
function roomyString(field: Field | Param, seed: number): string {
  const drawn = fc.sample(validValue(notNull(field), field.name), { seed, numRuns: ROOMY_DRAWS });
  const fits = drawn.filter((v): v is string => typeof v === 'string' && roomy(field, v));
  return fits.sort((a, b) => a.length - b.length)[0] ?? validString(field, seed);
}

function ruleViolations(field: Field | Param, rule: Rule, seed: number): BadValue[] {
  const id = ruleId(rule);
  const at = (value: unknown, why: string): BadValue => ({ rule: id, value, why });
  switch (rule.kind) {
    case 'length': {
      const out: BadValue[] = [];
      const base = validString(field, seed);
      const sized = (n: number) => [
        alnum(n),
        base.repeat(Math.ceil(n / base.length) + 1).slice(0, n),
        (base[0] ?? 'a').repeat(n),
      ];
      if (rule.min !== undefined && rule.min > 0) {
        for (const v of sized(rule.min - 1)) out.push(at(v, `${rule.min - 1} characters, below ${rule.min}`));
      }
      if (rule.max !== undefined) {
        for (const v of sized(rule.max + 1)) out.push(at(v, `${rule.max + 1} characters, above ${rule.max}`));
        // Past the bound, not only at it: a server that checks `== max + 1` or overflows a buffer fails here.
        const far = sampleOne(fc.integer({ min: rule.max + 2, max: rule.max + Math.min(rule.max, 1000) + 2 }), seed);
        out.push(at(alnum(far), `${far} characters, above ${rule.max}`));
      }
      return out;
    }
    case 'range': {
      const out: BadValue[] = [];
      const whole = field.type === 'integer';
      if (rule.min !== undefined) {
        out.push(at(rule.min - 1, `${rule.min - 1}, below ${rule.min}`));
        const far = sampleOne(farBelow(rule.min, whole), seed);
        out.push(at(far, `${far}, below ${rule.min}`));
      }
      if (rule.max !== undefined) {
        out.push(at(rule.max + 1, `${rule.max + 1}, above ${rule.max}`));
        const far = sampleOne(farAbove(rule.max, whole), seed);
        out.push(at(far, `${far}, above ${rule.max}`));
      }
      return out;
    }
    case 'enum': {
      const members = new Set(rule.values.map((v) => JSON.stringify(v)));
      const candidates: fc.Arbitrary<unknown> = field.type === 'integer' ? fc.integer() : enumLike;
      const other = sampleOne(
        candidates.filter((v) => !members.has(JSON.stringify(v))),
        seed,
      );
      return [
        at(field.type === 'integer' ? 987654 : 'not-a-member', 'not one of the enumerated values'),
        at(other, `${JSON.stringify(other)}, not one of the enumerated values`),
      ];
    }
    case 'items': {
      const item = 'items' in field ? field.items : undefined;
      if (!item) return [];
      const one = sampleOne(validValue(item, `${field.name}.item`), seed);
      const out: BadValue[] = [];
      if (rule.min !== undefined && rule.min > 0) out.push(at(Array(rule.min - 1).fill(one), `${rule.min - 1} items`));
      if (rule.max !== undefined) {
        const many = fc.sample(validValue(item, `${field.name}.item`), { seed, numRuns: rule.max + 1 });
        out.push(at(many, `${rule.max + 1} items, above ${rule.max}`));
      }
      if (rule.unique) out.push(at([one, one], 'a repeated item'));
      return out;
    }
    case 'pattern': {
      const base = roomyString(field, seed);
      if (!rule.match) {
        const hit = sampleOne(matching(rule.regex), seed);
        return [
          at(`a${hit}b`, `contains ${JSON.stringify(hit)}`),
          at(`${base.slice(0, 1)}${hit}${base.slice(1)}`, 'contains a forbidden sequence'),
        ];
      }
      const mid = Math.floor(base.length / 2);
      return ['-', '!', ' ', '--', '__', '..', 'é', '_'].flatMap((c) => [
        at(`${c}${base}`.slice(0, Math.max(base.length, 2)), `starts with ${JSON.stringify(c)}`),
        at(`${base.slice(0, mid)}${c}${base.slice(mid)}`, `contains ${JSON.stringify(c)}`),
        at(`${base}${c}`, `ends with ${JSON.stringify(c)}`),
      ]);
    }
    case 'forbidden-characters': {
      const base = roomyString(field, seed).slice(0, 4);
      return [...rule.characters].map((c) => at(`${base}${c}`, `contains ${JSON.stringify(c)}`));
    }
    case 'count':
      return [at(alnum(rule.max + 1), `${rule.max + 1} counted characters, above ${rule.max}`)];
    case 'canonical-cidr':
      return [at('10.0.0.1/24', 'host bits set'), at('10.0.5.0/16', 'host bits set')];
    case 'json-length':
      return [at({ value: alnum(rule.max) }, `JSON longer than ${rule.max} characters`)];
    case 'base64-decoded-length':
      return [at(Buffer.alloc(rule.max + 1, 97).toString('base64'), `${rule.max + 1} bytes decoded`)];
    case 'not-value':
      return rule.values.map((v) => at(v, `the excluded value ${JSON.stringify(v)}`));
    case 'password-strength':
      return [at('password', 'a short dictionary word'), at('aaaaaaaa', 'one repeated character')];
    case 'custom':
      return (badCustomValues[rule.check] ?? []).map((value) => at(value, `not accepted by ${rule.check}`));
  }
}

/** Bad values for the custom checks that depend on the value alone (see customChecks in spec/evaluate.ts). */
const badCustomValues: Record<string, unknown[]> = {
  'ip-or-empty': ['300.1.2.3', 'not-an-ip'],
  'ip-any-or-empty': ['anything', '300.1.2.3'],
  'ip-netmask-or-empty': ['10.0.0.1', 'x/24'],
  'ip-or-any': ['anything', '300.1.2.3'],
};

/** Numeric bounds a custom rule states (a payment amount between min and max): a string amount inside them keeps that rule. */
export function statedBounds(field: Field | Param): { min: number; max: number } | undefined {
  for (const rule of field.rules ?? []) {
    const p = rule.kind === 'custom' ? (rule.params ?? {}) : {};
    if (typeof p.min === 'number' && typeof p.max === 'number') return { min: p.min, max: p.max };
  }
  return undefined;
}

/**
 * A valid value to change as little as possible: `given`, the value of the body the case starts from
 * (the one the target accepted), when there is one; an amount with stated bounds lies in them, above
 * 1000 where it can, so that it can hold a comma.
 */
function validBase(field: Field | Param, seed: number, given: unknown): unknown {
  const bounds = statedBounds(field);
  if (bounds && field.type === 'string') return Math.min(bounds.max, Math.max(bounds.min, 1234.5)).toFixed(2);
  const valid = given !== undefined && given !== null && checkField(field, given, field.name, field.name).length === 0;
  if (valid && (typeof given !== 'string' || roomy(field, given))) return given;
  return field.type === 'string' ? roomyString(field, seed) : sampleOne(validValue(notNull(field), field.name), seed);
}

/** One element of an array field's valid values, to write as the scalar a lenient server would wrap. */
function elementOf(field: Field | Param, v: unknown, seed: number): unknown {
  if (Array.isArray(v) && v.length > 0) return v[0];
  return 'items' in field && field.items ? sampleOne(validValue(field.items, `${field.name}.item`), seed) : undefined;
}

/** Digits grouped by thousands with commas (`1,234.50`). */
const withCommas = (amount: string) =>
  amount.replace(/^(\$?)(\d+)/, (_, sign: string, digits: string) => sign + digits.replace(/\B(?=(\d{3})+$)/g, ','));

/**
 * The near misses of one field (issue 17): each changes a valid value as little as possible so that
 * it breaks one rule and a lenient server that repairs only that rule (coerces, trims, strips,
 * defaults) would accept it. bodies.ts keeps those that break exactly their rule and whose lenient
 * reading breaks nothing.
 */
function nearMisses(field: Field | Param, seed: number, given: unknown, only?: string): BadValue[] {
  const out: BadValue[] = [];
  if (only !== undefined && only !== 'type' && !(field.rules ?? []).some((r) => ruleId(r) === only)) return out;
  const near = (rule: string, value: unknown, why: string) =>
    out.push({ rule, value, why: `near miss: ${why}`, nearMiss: true });
  const v = validBase(field, seed, given);
  if (v === null || v === undefined) return out;
  if ((field.type === 'integer' || field.type === 'number') && typeof v === 'number') {
    near('type', String(v), `the string form ${JSON.stringify(String(v))} of a valid number`);
    near('type', [v], 'a valid number in a one-element array');
    // JSON.stringify writes the raw number as given: `5.0`, which JSON.parse would read as 5.
    if (field.type === 'integer' && Number.isInteger(v)) near('type', rawNumber(`${v}.0`), `${v}.0 for ${v}`);
  }
  // Both values, whichever the base holds: a server coercing one only is caught at every seed.
  if (field.type === 'boolean') {
    for (const b of [true, false]) {
      near('type', String(b), `the string ${JSON.stringify(String(b))} for a boolean`);
      near('type', b ? 1 : 0, `the number ${b ? 1 : 0} for a boolean`);
    }
    near('type', '1', 'the string "1" for true');
  }
  if (field.type === 'string' && typeof v === 'string') near('type', [v], 'a valid string in a one-element array');
  const element = field.type === 'array' ? elementOf(field, v, seed) : undefined;
  if (element !== undefined) near('type', element, 'the scalar for an array');
  for (const rule of field.rules ?? []) {
    const id = ruleId(rule);
    switch (rule.kind) {
      case 'length':
        if (typeof v === 'string' && rule.max !== undefined && [...v].length <= rule.max)
          near(
            id,
            `${v}${' '.repeat(rule.max + 1 - [...v].length)}`,
            'a valid value padded with spaces one past the maximum',
          );
        break;
      case 'enum':
        for (const member of rule.values.filter((m): m is string => typeof m === 'string').slice(0, 1)) {
          if (member.toUpperCase() !== member)
            near(id, member.toUpperCase(), `${JSON.stringify(member)} in another case`);
          near(id, ` ${member} `, `${JSON.stringify(member)} with surrounding spaces`);
          if (member.length > 2) near(id, member.slice(0, -1), `${JSON.stringify(member)} without its last letter`);
        }
        break;
      case 'pattern':
        if (typeof v === 'string' && rule.match) {
          near(id, ` ${v}`, 'a leading space');
          near(id, `${v} `, 'a trailing space');
          const sep = [...v].find((c) => /[^\p{L}\p{N}]/u.test(c));
          if (sep) near(id, v.replace(sep, sep + sep), `the separator ${JSON.stringify(sep)} doubled`);
          if (/^\$?\d{4,}(\.\d+)?$/.test(v)) {
            // The commas must fit the length too: a long number is written from the field's shortest.
            const { max } = lengthBounds(field.rules);
            const fits = max === undefined || withCommas(v).length <= max;
            near(
              id,
              withCommas(fits ? v : roomyString(field, seed)),
              'thousands separated by commas, within the bounds',
            );
          }
          if (/^\$?\d+\.\d+$/.test(v)) near(id, v.replace(/\.\d+$/, ''), 'the same amount without decimals');
        }
        break;
      case 'forbidden-characters':
        if (typeof v === 'string' && v.length > 1)
          for (const c of [...rule.characters].slice(0, 2)) {
            const mid = Math.floor(v.length / 2);
            near(id, `${v.slice(0, mid)}${c}${v.slice(mid)}`, `${JSON.stringify(c)} in the middle of a valid value`);
          }
        break;
      default:
        break;
    }
  }
  return out;
}

/**
 * Every candidate bad value of one field, with the rule each is meant to break. `element` says the
 * field is an array's item: there `null` is a value of the wrong type, while for a member it means
 * "not given" (DECISIONS 17): a violation only where the member is required, and never a case otherwise.
 * `given` is the field's value in the body the cases start from: near misses change it. With
 * `only`, just the candidates of that rule are drawn (a test judges one rule; drawing is the cost).
 */
export function badValues(
  field: Field | Param,
  seed: number,
  element = false,
  given?: unknown,
  only?: string,
): BadValue[] {
  const out: BadValue[] = [];
  const wanted = (rule: string) => only === undefined || only === rule;
  const required = 'required' in field && field.required === true;
  const nullable = 'nullable' in field && field.nullable === true;
  if (required && wanted('required')) {
    out.push({ rule: 'required', value: ABSENT, why: 'left out' });
    if (!nullable && !element) out.push({ rule: 'required', value: null, why: 'null, as if left out' });
  }
  if (field.type !== 'any' && wanted('type')) {
    for (const value of wrongTypes[field.type])
      out.push({ rule: 'type', value, why: `a ${typeof value} instead of ${field.type}` });
    if (element && !nullable) out.push({ rule: 'type', value: null, why: 'null where null is not allowed' });
  }
  if (field.format && wanted('format'))
    // Each value its own aim: a server may refuse one kind of bad value and accept another.
    for (const value of badFormats[field.format] ?? [])
      out.push({ rule: 'format', value, why: `not a valid ${field.format}: ${JSON.stringify(value)}` });
  for (const rule of field.rules ?? []) if (wanted(ruleId(rule))) out.push(...ruleViolations(field, rule, seed));
  out.push(...nearMisses(field, seed, given, only));
  return out;
}
