// Makes the OpenAPI export precise for generic tools: timestamps as the pattern the API accepts, and rules kept in `x-cloudconf-rules` also stated as JSON Schema keywords where one states or bounds them.

import { DATE_TIME } from '../../spec/evaluate.js';
import { RULES_KEYWORD, type Schema } from '../../spec/json-schema.js';
import type { CrossRule, Json, Rule } from '../../spec/types.js';

/** A base64 text of n bytes has at most this many characters. */
const base64Length = (bytes: number) => 4 * Math.ceil(bytes / 3);

/**
 * The keywords a rule JSON Schema cannot state exactly still implies: a string of n characters has at
 * least n bytes, so a byte bound is also a character bound; a decoded length bounds the encoded one.
 */
function impliedKeywords(rule: Rule): Schema {
  switch (rule.kind) {
    case 'length':
      return rule.max === undefined ? {} : { maxLength: rule.max };
    case 'base64-decoded-length':
      return { maxLength: base64Length(rule.max) };
    case 'json-length':
      return { maxLength: rule.max };
    case 'not-value':
      return { not: { enum: [...rule.values] } };
    default:
      return {};
  }
}

/** A dotted member path holds a value other than null (spec/evaluate's `present`), as a schema. */
function present(path: string): Schema {
  const [key = '', ...rest] = path.split('.');
  const inner: Schema = rest.length ? present(rest.join('.')) : { not: { type: 'null' } };
  return { type: 'object', required: [key], properties: { [key]: inner } };
}

/** A field's presence is an object schema; anything else (a non-object body) satisfies `not present`. */
const absent = (path: string): Schema => ({ not: present(path) });

/**
 * Cross rules between members that JSON Schema states exactly: two fields never together, a field
 * required or forbidden when another is present or absent. The rest stay in `x-cloudconf-rules` alone.
 */
function crossKeywords(rule: CrossRule): Schema[] {
  const [field, ...others] = rule.fields;
  if (field === undefined) return [];
  switch (rule.kind) {
    case 'exclusive':
      return others.map((other) => ({ not: { allOf: [present(field), present(other)] } }));
    case 'required-if': {
      const p = rule.params;
      if (typeof p.ifPresent === 'string') return [{ anyOf: [absent(p.ifPresent), present(field)] }];
      if (typeof p.ifAbsent === 'string') return [{ anyOf: [present(p.ifAbsent), present(field)] }];
      return [];
    }
    case 'forbidden-if': {
      const p = rule.params;
      if (typeof p.ifPresent === 'string') return [{ not: { allOf: [present(p.ifPresent), present(field)] } }];
      return [];
    }
    default:
      return [];
  }
}

const CROSS_KINDS = new Set(['exclusive', 'required-if', 'forbidden-if']);

function tighten(schema: Schema): void {
  // Timestamps without a UTC offset are accepted (DECISIONS 5): `format: date-time` would call them invalid.
  if (schema.format === 'date-time') {
    delete schema.format;
    schema.pattern = DATE_TIME.source;
  }
  const rules = schema[RULES_KEYWORD];
  if (!Array.isArray(rules)) return;
  for (const rule of rules as unknown as (Rule | CrossRule)[]) {
    if (CROSS_KINDS.has(rule.kind)) {
      const stated = crossKeywords(rule as CrossRule);
      if (stated.length) schema.allOf = [...((schema.allOf as Json[]) ?? []), ...stated];
      continue;
    }
    if (rule.kind === 'custom') continue;
    const implied = impliedKeywords(rule as Rule);
    // json-length bounds the serialised value, a string only for strings.
    if (rule.kind === 'json-length' && schema.type !== 'string') continue;
    for (const [key, value] of Object.entries(implied)) {
      if (key === 'maxLength' && typeof schema.maxLength === 'number')
        schema.maxLength = Math.min(schema.maxLength, value as number);
      else if (key === 'not') schema.allOf = [...((schema.allOf as Json[]) ?? []), { not: value }];
      else schema[key] = value;
    }
  }
}

/** Applies `tighten` to every schema object of a document, in place. */
export function precise<T extends Schema>(doc: T): T {
  const walk = (node: Json): void => {
    if (Array.isArray(node)) {
      for (const item of node) walk(item);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) if (key !== RULES_KEYWORD) walk(value as Json);
    tighten(node as Schema);
  };
  walk(doc as unknown as Json);
  return doc;
}
