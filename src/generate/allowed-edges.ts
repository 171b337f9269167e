// Bodies holding a value the documents allow where a stricter server refuses it (an email domain of one label, a `null` member of free JSON): the accepting side of a format or type requirement, each body re-checked valid.

import { walkFields } from '../../spec/derive.js';
import { checkBody, isObject, memberValue } from '../../spec/evaluate.js';
import { everyJsonKind, formatEdges } from '../../spec/formats.js';
import { requirementById } from '../../spec/index.js';
import type { Field, Operation } from '../../spec/types.js';

type Body = Record<string, unknown>;

export interface AllowedCase {
  /** Where the value sits in the body (`email`, `stackscript_data`). */
  location: string;
  value: unknown;
  body: Body;
  /** Why the documents allow it, in their words. */
  why: string;
}

/** A copy of a body with `value` at a dotted path of objects; undefined when the path crosses a non-object. */
function withValueAt(body: Body, [name, ...rest]: string[], value: unknown): Body | undefined {
  if (name === undefined) return undefined;
  if (rest.length === 0) return { ...body, [name]: value };
  const inner = body[name] ?? {};
  if (!isObject(inner)) return undefined;
  const changed = withValueAt(inner, rest, value);
  return changed && { ...body, [name]: changed };
}

/** The values a field's requirement must accept at its edges, each with the documents' words for it. */
function edgesOf(field: Field, rule: string, current: unknown): { value: unknown; why: string }[] {
  if (rule === 'format' && field.format) {
    return (formatEdges[field.format] ?? []).map((value) => ({
      value,
      why: `${JSON.stringify(value)} is a value of format ${field.format} (the documents say only \`string (${field.format})\`; DECISIONS 19)`,
    }));
  }
  if (rule === 'type' && field.type === 'object' && field.values?.type === 'any') {
    const kept = isObject(current) ? current : {};
    return [
      {
        value: { ...kept, ...everyJsonKind },
        why: `an object holding every kind of JSON value, \`null\` included, as members (the documents ask only for ${JSON.stringify(field.description ?? 'an object')})`,
      },
    ];
  }
  return [];
}

/** The field and rule of a derived field requirement of an operation's JSON body. */
function fieldRuleOf(op: Operation, requirement: string) {
  const d = requirementById.get(requirement)?.derivation;
  if (d?.kind !== 'field-rule' || op.body?.kind !== 'json') return undefined;
  const field = walkFields(op.body.fields).find((w) => w.path === d.path)?.field;
  return field && { field, path: d.path, rule: d.rule, body: op.body };
}

/** How many accepting cases `allowedEdgesOf` gives a requirement (none for most): known before any body is made. */
export function allowedEdgeCount(op: Operation, requirement: string): number {
  const of = fieldRuleOf(op, requirement);
  return of ? edgesOf(of.field, of.rule, undefined).length : 0;
}

/**
 * The cases of a field requirement's accepting side that a stricter reading than the documents'
 * would refuse, built on a body the target accepts; a case breaking any rule of the encoding is dropped.
 */
export function allowedEdgesOf(op: Operation, requirement: string, base: Body): AllowedCase[] {
  const of = fieldRuleOf(op, requirement);
  if (!of) return [];
  const { body, path } = of;
  const out: AllowedCase[] = [];
  for (const { value, why } of edgesOf(of.field, of.rule, memberValue(base, path))) {
    const changed = withValueAt(base, path.split('.'), value);
    if (changed && checkBody(body, changed).length === 0) out.push({ location: path, value, body: changed, why });
  }
  return out;
}
