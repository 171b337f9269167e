// Tells a refusal of a valid value from a refusal for state: a validation error names its field (DECISIONS 4), so a refusal naming a value the encoding finds valid, of a field only its rules govern, holds it to a rule the documents do not have.

import { requirementId, ruleId, walkFields } from '../../spec/derive.js';
import { crossRuleHolds, ruleHolds } from '../../spec/evaluate.js';
import { areas, requirements } from '../../spec/index.js';
import type { Field, Operation, Param } from '../../spec/types.js';
import { type Exchange, holdsRedaction } from '../http/exchange.js';
import type { Matched } from './match.js';
import { isObject } from './recorded.js';
import { type JudgedRequest, valueAtLocation } from './request.js';

export interface RefusedValue {
  /** The field as the error names it. */
  location: string;
  value: unknown;
  /** The requirement of the field's first rule: the rules the value satisfies are what it may be held to. */
  requirement: string;
  /** The rules it satisfies, for the failure's case. */
  rules: string[];
}

/** `subnets[0].label` and `subnets.0.label` are the generic `subnets.label` of requirement ids. */
const generic = (location: string) => location.replace(/\[\d+\]/g, '').replace(/\.\d+(?=\.|$)/g, '');

function namedFields(e: Exchange): string[] {
  const errors = (e.response?.json as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((item) => (isObject(item) && typeof item.field === 'string' ? [item.field] : []));
}

const areaOfResource = new Map(areas.flatMap((a) => a.resources.map((r) => [r.id, a.name] as const)));
const within = (path: string, field: string) =>
  path === field || path.startsWith(`${field}.`) || field.startsWith(`${path}.`);

/**
 * Whether a clause written in prose speaks of the field: then the documents hold it to more than its
 * rules (another field, state, time), and a refusal naming it may be one of those conditions. Prose
 * on a resource's field counts for operations of the resource's area, and for fields embedded in a body.
 */
function spokenOf(op: Operation, path: string): boolean {
  return requirements.some((r) => {
    const s = r.subject;
    if (r.derived || (s.kind !== 'operation' && s.kind !== 'resource') || !s.field) return false;
    const field = s.field;
    if (s.kind === 'operation') return s.operation === op.id && within(path, field);
    const embedded = path.includes('.') && (path.endsWith(`.${field}`) || path.includes(`.${field}.`));
    return embedded || (areaOfResource.get(s.resource) === op.area && within(path, field));
  });
}

/** A field or parameter with at least one rule, every one of them decidable from the value and satisfied by it. */
function validUnderRules(field: Field | Param, value: unknown): string[] | undefined {
  const rules = field.rules ?? [];
  if (rules.length === 0 || value === undefined || holdsRedaction(value)) return undefined;
  return rules.every((r) => ruleHolds(r, value) === true) ? rules.map(ruleId) : undefined;
}

function inBody(op: Operation, body: unknown, location: string): RefusedValue | undefined {
  if (op.body?.kind !== 'json' || !isObject(body)) return undefined;
  const value = valueAtLocation(body, location);
  const path = generic(location);
  const field = walkFields(op.body.fields).find((w) => w.path === path)?.field;
  const rules = field && validUnderRules(field, value);
  // A cross rule on the field that needs state (a uniqueness, a date) may be what refused it.
  const open = (op.body.rules ?? []).some((r) => r.fields.includes(path) && crossRuleHolds(r, body) === undefined);
  if (!rules || open || spokenOf(op, path)) return undefined;
  const requirement = requirementId({ operation: op.id, kind: 'field-rule', path, rule: rules[0] ?? '' });
  return { location, value, requirement, rules };
}

function inParams(op: Operation, match: Matched, e: Exchange, name: string): RefusedValue | undefined {
  const query = new URL(e.request.url, 'http://recorded.invalid').searchParams;
  const param = [...op.pathParams, ...op.query].find((p) => p.name === name);
  if (!param) return undefined;
  const raw = match.params[name] ?? query.get(name) ?? undefined;
  const value = param.type === 'integer' && typeof raw === 'string' && /^-?\d+$/.test(raw) ? Number(raw) : raw;
  const rules = validUnderRules(param, value);
  if (!rules || spokenOf(op, name)) return undefined;
  const where = op.pathParams.includes(param) ? 'path' : 'query';
  const requirement = requirementId({
    operation: op.id,
    kind: 'param-rule',
    in: where,
    path: name,
    rule: rules[0] ?? '',
  });
  return { location: name, value, requirement, rules };
}

/**
 * The value a refusal names that breaks none of its encoded rules; undefined when the refusal names
 * no field (state: busy, in use, not allowed now), a field the request does not hold, one the
 * encoding gives no rule its value could break (a region or an id that may not exist), or one
 * prose speaks of (a warm migration across regions, a month after the current one).
 */
export function refusedValidValue(match: Matched, e: Exchange, req: JudgedRequest): RefusedValue | undefined {
  for (const name of namedFields(e)) {
    const found = inBody(match.op, req.body, name) ?? inParams(match.op, match, e, name);
    if (found) return found;
  }
  return undefined;
}
