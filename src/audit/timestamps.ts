// Finds the date-time values of a response body through the response schema, so timestamps are judged on their own (loose forms non-strict) and the schema on the rest.

import type { Schema } from '../../spec/json-schema.js';
import { isObject } from './recorded.js';

export interface DateTimeValue {
  /** Where it sits in the body (`data[0].created`). */
  path: string;
  value: unknown;
}
const asSchema = (v: unknown): Schema | undefined => (isObject(v) ? (v as Schema) : undefined);

/** A copy of `value` in which `replace` decides each value the schema marks `format: date-time`. */
export function mapDateTimes(
  schema: Schema | undefined,
  value: unknown,
  replace: (found: DateTimeValue) => unknown,
  path = '',
): unknown {
  if (!schema || value === null || value === undefined) return value;
  if (schema.format === 'date-time') return replace({ path, value });
  const items = asSchema(schema.items);
  if (Array.isArray(value))
    return items ? value.map((x, i) => mapDateTimes(items, x, replace, `${path}[${i}]`)) : value;
  if (!isObject(value)) return value;
  const properties = asSchema(schema.properties) ?? {};
  const extra = asSchema(schema.additionalProperties);
  const out: Record<string, unknown> = {};
  for (const [key, member] of Object.entries(value)) {
    const inner = asSchema(properties[key]) ?? extra;
    out[key] = mapDateTimes(inner, member, replace, path ? `${path}.${key}` : key);
  }
  return out;
}
