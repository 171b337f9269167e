// Which row of the documents' Limits tables states the bounds of a field or parameter: a failure that a value within them was refused quotes that row, the documents' own words.

import { pageParam, pageSizeParam } from './conventions.js';
import { walkFields } from './derive.js';
import { limits, operationById, resourceById } from './index.js';
import type { Field, LimitRow, Part, Rule } from './types.js';

/** A field of a resource at a dotted path (`vpc.label`, members of items too). */
function resourceField(fields: readonly Field[], path: string[]): Field | undefined {
  const [head, ...rest] = path;
  const f = fields.find((x) => x.name === head);
  if (!f || rest.length === 0) return f;
  return resourceField(f.fields ?? f.items?.fields ?? f.values?.fields ?? [], rest);
}

/** The rules held at a row's encoded location (`param:page`, `resource.field`, `operation#field.path`, `operation#param:name`). */
function rulesAt(location: string): readonly Rule[] | undefined {
  if (location === 'param:page') return pageParam.rules;
  if (location === 'param:page_size') return pageSizeParam.rules;
  const hash = location.indexOf('#');
  if (hash > 0) {
    const op = operationById.get(location.slice(0, hash));
    const rest = location.slice(hash + 1);
    if (rest.startsWith('param:'))
      return [...(op?.pathParams ?? []), ...(op?.query ?? [])].find((p) => p.name === rest.slice(6))?.rules;
    return walkFields(op?.body?.fields ?? []).find((w) => w.path === rest)?.field.rules;
  }
  const [resource, ...path] = location.split('.');
  const found = resourceById.get(resource ?? '');
  return found ? resourceField(found.fields, path)?.rules : undefined;
}

/**
 * Rows by the rules list they state, per part. An operation's body shares its resource's rules
 * list (spec/build.ts copies fields, not their rules), so a body field finds its resource's row.
 */
const rowsByRules = new Map<readonly Rule[], LimitRow[]>();
for (const row of limits) {
  for (const location of row.encodedAt) {
    const rules = rulesAt(location);
    if (rules) rowsByRules.set(rules, [...(rowsByRules.get(rules) ?? []), row]);
  }
}

/** The Limits row of the documents that states these rules, preferring the part asked for; undefined when none does. */
export function limitRowOf(rules: readonly Rule[] | undefined, part: Part): LimitRow | undefined {
  const rows = rules ? (rowsByRules.get(rules) ?? []) : [];
  return rows.find((r) => r.part === part) ?? rows[0];
}
