// Turns encoded fields, bodies and resources into JSON Schema (draft 2020-12), the one form that OpenAPI, ajv checks and the reference server all read.

import { envelopeFields, errorBody } from './conventions.js';
import type { Body, Field, Format, Json, Param, Resource, Rule, ServedRecord } from './types.js';

export type Schema = { [key: string]: Json };

/** Keyword carrying the rules JSON Schema cannot state (evaluated by cloudconf's own checks). */
export const RULES_KEYWORD = 'x-cloudconf-rules';

/**
 * Marks a schema (a property, a response) the documents do not show: the reference server's answer
 * there (DECISIONS 18, spec/served.ts), for code generators; no requirement judges a target by it.
 */
export const NOT_IN_DOCUMENTS = 'x-cloudconf-not-in-documents';

/**
 * JSON Schema formats for the document's formats. Non-standard ones keep cloudconf names;
 * a validator registers them (see `customFormats`).
 */
const formatNames: Record<Format, string> = {
  'date-time': 'date-time',
  email: 'email',
  url: 'uri',
  ip: 'ip',
  ipv4: 'ipv4',
  'ip-cidr': 'ip-cidr',
  'ipv4-cidr': 'ipv4-cidr',
  'ip-netmask': 'ip-netmask',
  uuid: 'uuid',
  byte: 'byte',
  password: 'password',
  phone: 'phone',
};

/** Formats that JSON Schema validators do not know; validators must register these names. */
export const customFormats = ['ip', 'ip-cidr', 'ipv4-cidr', 'ip-netmask', 'byte', 'password', 'phone'] as const;

const escapeClass = (chars: string) => chars.replace(/[\\\]^-]/g, (c) => `\\${c}`);

/**
 * What a string must not match, for `not`. `pattern` holds for every non-string, so a bare
 * `{ not: { pattern } }` would refuse a null the field allows: the `type` keeps `not` to strings.
 */
const mustNotMatch = (pattern: string): Schema => ({ type: 'string', pattern });

/** Applies the rules JSON Schema can state; returns the ones it cannot. */
function applyRules(schema: Schema, rules: readonly Rule[]): Rule[] {
  const rest: Rule[] = [];
  const all: Schema[] = [];
  for (const rule of rules) {
    switch (rule.kind) {
      case 'length':
        if (rule.unit === 'bytes') {
          rest.push(rule);
          break;
        }
        if (rule.min !== undefined) schema.minLength = rule.min;
        if (rule.max !== undefined) schema.maxLength = rule.max;
        break;
      case 'range':
        if (rule.min !== undefined) schema.minimum = rule.min;
        if (rule.max !== undefined) schema.maximum = rule.max;
        break;
      case 'enum':
        schema.enum = [...rule.values];
        break;
      case 'items':
        if (rule.min !== undefined) schema.minItems = rule.min;
        if (rule.max !== undefined) schema.maxItems = rule.max;
        if (rule.unique) schema.uniqueItems = true;
        break;
      case 'pattern':
        all.push(rule.match ? { pattern: rule.regex } : { not: mustNotMatch(rule.regex) });
        break;
      case 'forbidden-characters':
        all.push({ not: mustNotMatch(`[${escapeClass(rule.characters)}]`) });
        break;
      default:
        rest.push(rule);
    }
  }
  if (all.length) schema.allOf = all;
  return rest;
}

/** Adds `null` to a schema's type (and enum) for nullable fields. */
function allowNull(schema: Schema): void {
  if (typeof schema.type === 'string') schema.type = [schema.type, 'null'];
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
}

export interface SchemaOptions {
  /** Response schemas require every documented field; request schemas only the required ones. */
  direction: 'request' | 'response';
}

export function fieldSchema(f: Field | Param, options: SchemaOptions = { direction: 'request' }): Schema {
  const schema: Schema = {};
  if (f.type !== 'any') schema.type = f.type;
  if (f.format) schema.format = formatNames[f.format];
  const rest = applyRules(schema, f.rules ?? []);
  if (rest.length) schema[RULES_KEYWORD] = rest as unknown as Json;
  if ('fields' in f && f.fields) Object.assign(schema, objectSchema(f.fields, options));
  if ('items' in f && f.items) schema.items = fieldSchema(f.items, options);
  if ('values' in f && f.values) schema.additionalProperties = fieldSchema(f.values, options);
  if (f.default !== undefined) schema.default = f.default;
  if (f.description) schema.description = f.description;
  // JSON Schema's word for a value never present when the instance is read back.
  if ('secret' in f && f.secret) schema.writeOnly = true;
  if ('nullable' in f && f.nullable) allowNull(schema);
  return schema;
}

function objectSchema(fields: readonly Field[], options: SchemaOptions): Schema {
  const properties: Schema = {};
  for (const f of fields) {
    const schema = fieldSchema(f, options);
    // In a request, null for an optional member means "not given" (DECISIONS 17, nullInRequests).
    if (options.direction === 'request' && !f.required && !f.nullable) allowNull(schema);
    properties[f.name] = schema;
  }
  const required = fields
    .filter((f) => (options.direction === 'request' ? f.required : f.format !== 'password'))
    .map((f) => f.name);
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

/** Schema of a request body; unknown fields are allowed (DECISIONS 3). */
export function bodySchema(body: Body): Schema {
  if (body.kind === 'file') return { description: 'an uploaded file' };
  const schema = objectSchema(body.fields, { direction: 'request' });
  if (body.rules?.length) schema[RULES_KEYWORD] = body.rules as unknown as Json;
  return schema;
}

/** Schema of a record in responses: every documented field present, unknown fields allowed. */
export function resourceSchema(resource: Resource): Schema {
  if (resource.fields.length === 0) return { type: 'object' };
  return { ...objectSchema(resource.fields, { direction: 'response' }), title: resource.title };
}

const SERVED_NOTE =
  "Not shown in the documents: the reference server's answer (DECISIONS 18). Members marked x-cloudconf-not-in-documents are never judged.";

/**
 * Schema of a record as served: the documented resource's fields it extends, as documented, then
 * the served fields, each marked not in the documents.
 */
export function servedRecordSchema(record: ServedRecord, documented?: Resource): Schema {
  const base = documented ? resourceSchema(documented) : { type: 'object' };
  const served = objectSchema(record.fields, { direction: 'response' });
  const properties: Schema = { ...((base.properties as Schema | undefined) ?? {}) };
  for (const [name, schema] of Object.entries(served.properties as Schema))
    properties[name] = { ...(schema as Schema), [NOT_IN_DOCUMENTS]: true };
  const required = [...((base.required as string[] | undefined) ?? []), ...((served.required as string[]) ?? [])];
  return {
    type: 'object',
    title: record.title,
    description: documented ? `${SERVED_NOTE} The other members are documented.` : SERVED_NOTE,
    properties,
    ...(required.length ? { required } : {}),
  };
}

/**
 * What the documents show of a schema: every part marked not in the documents taken out (a marked
 * schema accepts anything; a marked property is no longer required). What response checks judge.
 */
export function documentedOnly(schema: Schema): Schema {
  if (schema[NOT_IN_DOCUMENTS] === true) return {};
  const out: Schema = {};
  const dropped = new Set<string>();
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && value && typeof value === 'object' && !Array.isArray(value)) {
      const kept: Schema = {};
      for (const [name, member] of Object.entries(value as Schema)) {
        if ((member as Schema)?.[NOT_IN_DOCUMENTS] === true) dropped.add(name);
        else kept[name] = documentedOnly(member as Schema);
      }
      out.properties = kept;
    } else out[key] = stripped(value);
  }
  if (Array.isArray(out.required)) out.required = (out.required as string[]).filter((name) => !dropped.has(name));
  return out;
}

/** documentedOnly through arrays and nested schemas (items, allOf, additionalProperties, ...). */
function stripped(value: Json): Json {
  if (Array.isArray(value)) return value.map(stripped);
  if (value && typeof value === 'object') return documentedOnly(value as Schema);
  return value;
}

export function envelopeSchema(item: Schema): Schema {
  const schema = objectSchema(envelopeFields, { direction: 'response' });
  (schema.properties as { data: Schema }).data = { type: 'array', items: item };
  return schema;
}

export const errorBodySchema: Schema = {
  type: 'object',
  required: ['errors'],
  properties: {
    errors: {
      type: 'array',
      items: {
        type: 'object',
        required: ['reason'],
        properties: { field: { type: 'string' }, reason: { type: 'string' } },
      },
    },
  },
  title: errorBody.title,
};
