// How a lenient server reads a value that breaks one rule: the repair it makes (coerce, trim, pad or cut, clamp, strip, canonicalise, default) instead of refusing; near misses must survive it, repairing faults apply it.

import { ruleId } from './derive.js';
import { rawNumberValue } from './raw-json.js';
import type { Field, Json, Param, Rule } from './types.js';

/** The repairs a lenient server makes, one per rule kind it repairs. */
export type RepairKind =
  | 'coerce'
  | 'fill-default'
  | 'trim-pad-cut'
  | 'clamp'
  | 'default-enum'
  | 'cut-items'
  | 'sanitise'
  | 'strip-characters'
  | 'canonical-cidr';

/** The repair a lenient server makes for a rule: `type`, `required`, or a rule id of the field. */
export function repairOf(field: Field | Param, rule: string): RepairKind | undefined {
  if (rule === 'type')
    return ['integer', 'number', 'boolean', 'string', 'array'].includes(field.type) ? 'coerce' : undefined;
  if (rule === 'required') return defaultOf(field) === undefined ? undefined : 'fill-default';
  const found = (field.rules ?? []).find((r) => ruleId(r) === rule);
  return found ? repairKindOf(found) : undefined;
}

function repairKindOf(rule: Rule): RepairKind | undefined {
  switch (rule.kind) {
    case 'length':
      return 'trim-pad-cut';
    case 'range':
      return 'clamp';
    case 'enum':
      return 'default-enum';
    case 'items':
      return 'cut-items';
    case 'pattern':
      return 'sanitise';
    case 'forbidden-characters':
      return 'strip-characters';
    case 'canonical-cidr':
      return 'canonical-cidr';
    default:
      return undefined;
  }
}

/** The value a lenient server fills a missing field with: its documented default, else the first enum member. */
export function defaultOf(field: Field | Param): Json | undefined {
  if (field.default !== undefined) return field.default;
  const choice = (field.rules ?? []).find((r) => r.kind === 'enum');
  return choice?.kind === 'enum' ? choice.values[0] : undefined;
}

const NUMERIC = /^\s*[-+]?\$?[\d,]*\.?\d+\s*$/;

/** A string, number, boolean or one-element array read as the field's type, the way permissive parsers do. */
function coerce(type: Field['type'], value: unknown): unknown {
  const scalar = Array.isArray(value) && value.length === 1 ? value[0] : value;
  switch (type) {
    case 'integer':
    case 'number': {
      if (typeof scalar === 'number') return scalar;
      const whole = rawNumberValue(scalar);
      if (whole !== undefined) return whole;
      if (typeof scalar === 'boolean') return scalar ? 1 : 0;
      if (typeof scalar === 'string' && NUMERIC.test(scalar)) return Number(scalar.replace(/[\s,$+]/g, ''));
      return value;
    }
    case 'boolean': {
      if (typeof scalar === 'boolean') return scalar;
      if (scalar === 1 || scalar === 0) return scalar === 1;
      const word = typeof scalar === 'string' ? scalar.trim().toLowerCase() : undefined;
      if (word === 'true' || word === '1' || word === 'yes') return true;
      if (word === 'false' || word === '0' || word === 'no') return false;
      return value;
    }
    case 'string':
      return typeof scalar === 'number' || typeof scalar === 'boolean' ? String(scalar) : scalar;
    case 'array':
      return Array.isArray(value) || value === null || value === undefined ? value : [value];
    default:
      return value;
  }
}

/** Trims, collapses doubled separators and drops separators at either end: what a sanitiser does. */
function sanitise(value: string, rule: Extract<Rule, { kind: 'pattern' }>): string {
  if (!rule.match) return value.replace(new RegExp(rule.regex, 'gu'), '');
  const cleaned = value
    .trim()
    .replace(/([^\p{L}\p{N}])\1+/gu, '$1')
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '')
    .replace(/,/g, '');
  // An amount parser writes a whole number with the decimals it lacks.
  const pattern = new RegExp(rule.regex, 'u');
  return !pattern.test(cleaned) && /^\$?\d+$/.test(cleaned) && pattern.test(`${cleaned}.00`)
    ? `${cleaned}.00`
    : cleaned;
}

function canonicalCidr(value: string): string {
  const m = /^(\d{1,3}(?:\.\d{1,3}){3})\/(\d{1,2})$/.exec(value.trim());
  if (!m) return value;
  const prefix = Number(m[2]);
  const n = (m[1] ?? '').split('.').reduce((acc, o) => acc * 256 + Number(o), 0);
  const size = 2 ** (32 - prefix);
  const base = Math.floor(n / size) * size;
  return `${[24, 16, 8, 0].map((s) => Math.floor(base / 2 ** s) % 256).join('.')}/${prefix}`;
}

/** A string brought within a length rule: trimmed, then padded with its own last character or cut. */
function fitLength(value: string, rule: Extract<Rule, { kind: 'length' }>): string {
  let out = value.trim();
  const chars = [...out];
  if (rule.min !== undefined && chars.length < rule.min)
    out = out + (chars.at(-1) ?? 'a').repeat(rule.min - chars.length);
  if (rule.max !== undefined && [...out].length > rule.max) out = [...out].slice(0, rule.max).join('');
  return out;
}

/**
 * The value a lenient server would read instead of `value`, for the rule it breaks (`type`,
 * `required`, or a rule id of the field); the value itself when that rule's kind has no repair
 * or the repair does not apply to the value. `undefined` stands for a member left out.
 */
export function lenientValue(field: Field | Param, rule: string, value: unknown): unknown {
  if (rule === 'type') return coerce(field.type, value);
  if (rule === 'required') return value === undefined || value === null ? (defaultOf(field) ?? value) : value;
  const found = (field.rules ?? []).find((r) => ruleId(r) === rule);
  if (!found) return value;
  switch (found.kind) {
    case 'length':
      return typeof value === 'string' ? fitLength(value, found) : value;
    case 'range':
      if (typeof value !== 'number') return value;
      return Math.min(found.max ?? value, Math.max(found.min ?? value, value));
    case 'enum': {
      if (typeof value !== 'string') return found.values[0];
      const near = found.values.find((v) => typeof v === 'string' && v.toLowerCase() === value.trim().toLowerCase());
      return near ?? found.values[0];
    }
    case 'items': {
      if (!Array.isArray(value)) return value;
      const unique = found.unique ? [...new Map(value.map((v) => [JSON.stringify(v), v])).values()] : value;
      return found.max === undefined ? unique : unique.slice(0, found.max);
    }
    case 'pattern':
      return typeof value === 'string' ? sanitise(value, found) : value;
    case 'forbidden-characters':
      return typeof value === 'string' ? [...value].filter((c) => !found.characters.includes(c)).join('') : value;
    case 'canonical-cidr':
      return typeof value === 'string' ? canonicalCidr(value) : value;
    default:
      return value;
  }
}
