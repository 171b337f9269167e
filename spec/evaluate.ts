// Evaluates a value against encoded fields and rules, naming each violation the way derive.ts names its requirement, so a violation maps to a requirement id.

import { isIPv4 } from 'node:net';
import { derivedSuffix, describeRule, ruleId } from './derive.js';
import { formatPredicates, isCanonicalIpv4Cidr } from './formats.js';
import { rawNumberValue } from './raw-json.js';
import type { Body, BodyDerivation, CrossRule, Field, Format, Json, Param, Rule } from './types.js';

export interface Violation {
  /** Generic path as requirement ids use it (`subnets.label`). */
  path: string;
  /** Concrete location in the value (`subnets[0].label`), what an error `field` should name. */
  location: string;
  /** `required`, `type`, `format`, a rule id, or a cross rule id. */
  rule: string;
  /** What the violation breaks, as the derivation of its requirement (without the operation). */
  derivation: BodyDerivation;
  /** That derivation rendered as the requirement id under the operation (`derivedSuffix`). */
  suffix: string;
  message: string;
}

/** Rules whose outcome depends on server state or scoring, not on the value alone. */
export const STATEFUL_RULE_KINDS = new Set<Rule['kind']>(['password-strength']);

/** Named predicates for `custom` rules that depend on the value alone; the others depend on state and are judged by the server. */
export type CustomCheck = (value: unknown, params: Record<string, Json>) => boolean;
export const customChecks: Record<string, CustomCheck> = {
  'ip-or-empty': (v) => typeof v !== 'string' || v === '' || formatHolds('ip', v),
  'ip-any-or-empty': (v, p) => typeof v !== 'string' || v === '' || v === p.keyword || formatHolds('ip', v),
  'ip-netmask-or-empty': (v) => typeof v !== 'string' || v === '' || formatHolds('ip-netmask', v),
  'ip-or-any': (v, p) => typeof v !== 'string' || v === p.keyword || formatHolds('ip', v),
};

/** Named predicates for cross rules that depend on the body alone; undefined when the body cannot tell. */
export type CustomCrossCheck = (body: Record<string, unknown>, rule: CrossRule) => boolean | undefined;

/** Whether an address (a URL or a host) names an IPv4 literal inside one of the given CIDR ranges. */
function inRanges(address: string, ranges: string[]): boolean {
  const host = URL.canParse(address) ? new URL(address).hostname : (address.split(':')[0] ?? '');
  if (!isIPv4(host)) return false;
  const n = (ip: string) => ip.split('.').reduce((acc, o) => acc * 256 + Number(o), 0);
  return ranges.some((cidr) => {
    const [base, bits] = cidr.split('/');
    if (!base || !isIPv4(base)) return false;
    const size = 2 ** (32 - Number(bits));
    return Math.floor(n(host) / size) === Math.floor(n(base) / size);
  });
}

export const customCrossChecks: Record<string, CustomCrossCheck> = {
  // Region when and only when the address is a private IP. Without the address (a partial update)
  // a region is judged against the stored address by the server; generators steer clear of it.
  'region-iff-private-address': (body, rule) => {
    const region = body.region !== undefined && body.region !== null && body.region !== '';
    if (typeof body.address !== 'string') return !region;
    const ranges = rule.kind === 'custom' ? (rule.params.privateRanges ?? []) : [];
    return region === inRanges(body.address, ranges);
  },
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/;

export function formatHolds(format: Format, value: string): boolean {
  switch (format) {
    case 'url':
      return URL.canParse(value) && /^[a-z][a-z0-9+.-]*:/i.test(value);
    case 'uuid':
      return UUID.test(value);
    case 'date-time':
      return DATE_TIME.test(value);
    case 'ipv4':
      return /^\d{1,3}(\.\d{1,3}){3}$/.test(value) && (formatPredicates.ip?.(value) ?? false);
    default:
      return formatPredicates[format]?.(value) ?? true;
  }
}

/** A JSON object (not an array, not null). */
export const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function typeHolds(type: Field['type'], value: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'object':
      return isObject(value);
    case 'array':
      return Array.isArray(value);
    case 'any':
      return true;
  }
}

const characters = (s: string) => [...s].length;
const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Whether a value satisfies one rule; `undefined` when the rule cannot be judged from the value alone. */
export function ruleHolds(rule: Rule, value: unknown): boolean | undefined {
  switch (rule.kind) {
    case 'length': {
      if (typeof value !== 'string') return true;
      const n = rule.unit === 'bytes' ? Buffer.byteLength(value) : characters(value);
      return (rule.min === undefined || n >= rule.min) && (rule.max === undefined || n <= rule.max);
    }
    case 'range':
      if (typeof value !== 'number') return true;
      return (rule.min === undefined || value >= rule.min) && (rule.max === undefined || value <= rule.max);
    case 'enum':
      return rule.values.some((v) => sameJson(v, value));
    case 'items':
      if (!Array.isArray(value)) return true;
      if (rule.min !== undefined && value.length < rule.min) return false;
      if (rule.max !== undefined && value.length > rule.max) return false;
      return !rule.unique || new Set(value.map((v) => JSON.stringify(v))).size === value.length;
    case 'pattern':
      return typeof value !== 'string' || new RegExp(rule.regex, 'u').test(value) === rule.match;
    case 'forbidden-characters':
      return typeof value !== 'string' || ![...value].some((c) => rule.characters.includes(c));
    case 'count':
      return typeof value !== 'string' || (value.match(new RegExp(rule.charClass, 'gu')) ?? []).length <= rule.max;
    case 'canonical-cidr':
      // Only a value written as an IPv4 range can be non-canonical; other syntax is the format's concern.
      return typeof value !== 'string' || !formatHolds('ipv4-cidr', value) || isCanonicalIpv4Cidr(value);
    case 'json-length':
      return JSON.stringify(value).length <= rule.max;
    case 'base64-decoded-length':
      return typeof value !== 'string' || Buffer.from(value, 'base64').length <= rule.max;
    case 'not-value':
      return !rule.values.some((v) => sameJson(v, value));
    case 'custom': {
      const check = customChecks[rule.check];
      return check ? check(value, rule.params ?? {}) : undefined;
    }
    case 'password-strength':
      return undefined;
  }
}

/** Checks one value against its field: type, format and rules, then its members. */
export function checkField(field: Field | Param, value: unknown, path: string, location: string): Violation[] {
  const v = (rule: string, message: string): Violation => fieldViolation(path, location, rule, message);
  // `null` is a value of a nullable field, and one of the values a field of any type takes (a member of free JSON).
  if (value === null)
    return ('nullable' in field && field.nullable) || field.type === 'any'
      ? []
      : [v('type', `${location} must not be null`)];
  // `5.0` as written: a number, but not an integer one (issue 17); other fields read its value.
  const whole = rawNumberValue(value);
  if (whole !== undefined)
    return field.type === 'integer'
      ? [v('type', `${location} must be an integer written without a fraction`)]
      : checkField(field, whole, path, location);
  if (!typeHolds(field.type, value)) return [v('type', `${location} must be of type ${field.type}`)];
  const out: Violation[] = [];
  if (field.format && typeof value === 'string' && !formatHolds(field.format, value)) {
    out.push(v('format', `${location} must be of format ${field.format}`));
  }
  for (const rule of field.rules ?? []) {
    if (ruleHolds(rule, value) === false) out.push(v(ruleId(rule), `${location} must ${describeRule(rule)}`));
  }
  if ('fields' in field && field.fields && isObject(value))
    out.push(...checkMembers(field.fields, value, path, location));
  if ('items' in field && field.items && Array.isArray(value)) {
    const item = field.items;
    value.forEach((element, i) => {
      const at = `${location}[${i}]`;
      if (item.fields) {
        if (!isObject(element)) out.push({ ...v('type', `${at} must be an object`), location: at });
        else out.push(...checkMembers(item.fields, element, path, at));
      } else out.push(...checkField(item, element, `${path}.item`, at));
    });
  }
  if ('values' in field && field.values && isObject(value)) {
    const inner = field.values;
    for (const [k, element] of Object.entries(value))
      out.push(...checkField(inner, element, `${path}.value`, `${location}.${k}`));
  }
  return out;
}

/**
 * Whether a member counts as not given (DECISIONS 17, `nullInRequests` in conventions.ts): left out,
 * or `null` for a field the documents do not mark nullable. For a nullable field `null` is a value.
 */
export const givenAsAbsent = (field: Field, value: unknown): boolean =>
  value === undefined || (value === null && !field.nullable);

/**
 * A copy of a body without the members that count as not given (DECISIONS 17), in nested objects and
 * object items too, so that what reads the body after validation sees an optional `null` as absent.
 */
export function withoutAbsentMembers(fields: readonly Field[], value: unknown): unknown {
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = { ...value };
  for (const f of fields) {
    if (!(f.name in out)) continue;
    const member = out[f.name];
    if (givenAsAbsent(f, member)) {
      delete out[f.name];
      continue;
    }
    if (f.fields && isObject(member)) out[f.name] = withoutAbsentMembers(f.fields, member);
    const itemFields = f.items?.fields;
    if (itemFields && Array.isArray(member)) out[f.name] = member.map((item) => withoutAbsentMembers(itemFields, item));
  }
  return out;
}

function fieldViolation(path: string, location: string, rule: string, message: string): Violation {
  const derivation: BodyDerivation = { kind: 'field-rule', path, rule };
  return { path, location, rule, derivation, suffix: derivedSuffix(derivation), message };
}

function checkMembers(fields: Field[], value: Record<string, unknown>, prefix: string, location: string): Violation[] {
  const out: Violation[] = [];
  for (const f of fields) {
    const path = prefix ? `${prefix}.${f.name}` : f.name;
    const at = location ? `${location}.${f.name}` : f.name;
    if (givenAsAbsent(f, value[f.name])) {
      if (f.required) out.push(fieldViolation(path, at, 'required', `${at} is required`));
      continue;
    }
    out.push(...checkField(f, value[f.name], path, at));
  }
  return out;
}

/** Whether a dotted member path holds a value other than null in a body. */
export const present = (body: Record<string, unknown>, path: string): boolean => {
  let cur: unknown = body;
  for (const key of path.split('.')) {
    if (!isObject(cur) || !(key in cur)) return false;
    cur = cur[key];
  }
  return cur !== undefined && cur !== null;
};

/** Whether a cross rule holds; `undefined` when it cannot be judged from the body alone. */
export function crossRuleHolds(rule: CrossRule, body: Record<string, unknown>): boolean | undefined {
  if (rule.kind === 'exclusive') return rule.fields.filter((f) => present(body, f)).length <= 1;
  const check = customCrossChecks[rule.id];
  return check ? check(body, rule) : undefined;
}

/** Every violation of a request body: member fields first, then the body's cross rules. */
export function checkBody(body: Body, value: unknown): Violation[] {
  if (body.kind === 'file') return [];
  if (!isObject(value)) return [{ ...fieldViolation('body', '', 'type', 'the body must be a JSON object'), path: '' }];
  const out = checkMembers(body.fields, value, '', '');
  for (const rule of body.rules ?? []) {
    if (crossRuleHolds(rule, value) === false) {
      const derivation: BodyDerivation = { kind: 'cross-rule', rule: rule.id };
      const path = rule.fields[0] ?? '';
      out.push({
        path,
        location: path,
        rule: rule.id,
        derivation,
        suffix: derivedSuffix(derivation),
        message: rule.text,
      });
    }
  }
  return out;
}

/** The value at a dotted path of an item or a body (`ipv4.vpc`, `data.cvv`), through objects only. */
export function memberValue(item: unknown, path: string): unknown {
  let at: unknown = item;
  for (const key of path.split('.')) at = isObject(at) ? at[key] : undefined;
  return at;
}

function presentEnough(value: unknown, minLength: number): boolean {
  if (typeof value === 'string') return [...value].length >= minLength;
  return value !== undefined && value !== null;
}

/**
 * The first item of an array that breaks a rule over its items (rules by purpose: a member required,
 * allowed values, a count, uniqueness), or -1; undefined for a kind the items alone do not decide.
 * The generators and the reference server judge interface arrays with this one reading.
 */
export function itemRuleBreach(rule: CrossRule, items: readonly object[], member: string): number | undefined {
  const records = items as readonly Record<string, unknown>[];
  switch (rule.kind) {
    case 'required-if': {
      const p = rule.params;
      return records.findIndex(
        (it) => it.purpose === p.purpose && !presentEnough(memberValue(it, member), p.minLength ?? 1),
      );
    }
    case 'conditional-values': {
      const p = rule.params;
      return records.findIndex((it) => {
        const value = memberValue(it, member);
        const applies = !p.purposes || p.purposes.includes(it.purpose as Json);
        return applies && value !== undefined && !(p.allowed ?? []).some((a) => sameJson(a, value));
      });
    }
    case 'custom': {
      const p = rule.params;
      const counted =
        'maxTrue' in p
          ? (it: Record<string, unknown>) => memberValue(it, member) === true
          : (it: Record<string, unknown>) => it.purpose === p.purpose;
      const max = Number(p.maxTrue ?? p.max);
      let seen = 0;
      return records.findIndex((it) => counted(it) && ++seen > max);
    }
    case 'unique-among': {
      const p = rule.params;
      const seen = new Set<string>();
      return records.findIndex((it) => {
        const value = memberValue(it, member);
        if ((p.purpose !== undefined && it.purpose !== p.purpose) || typeof value !== 'string' || value === '')
          return false;
        if (seen.has(value)) return true;
        seen.add(value);
        return false;
      });
    }
    default:
      return undefined;
  }
}
