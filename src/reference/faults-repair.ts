// The repairing faults: the reference server rewrites a value that breaks one field rule into a valid one before validation (coerce, trim, pad or cut, clamp, strip, sanitise, canonicalise, default, fill), the way lenient servers accept bad input.

import { walkFields } from '../../spec/derive.js';
import { isObject } from '../../spec/evaluate.js';
import { exclusions, operations, requirementById } from '../../spec/index.js';
import { lenientValue, type RepairKind, repairOf } from '../../spec/lenient.js';
import type { Field, Operation } from '../../spec/types.js';
import type { Fault } from './faults/define.js';

export const REPAIR = 'repair:';

/** The name of a repairing fault: `repair:` and the requirement it repairs around. */
export type RepairFault = `${typeof REPAIR}${string}`;

/** How many requirements of each repair kind get a fault: enough to spread over operations and fields, few enough for the matrix. */
const PER_KIND = 3;

interface Target {
  op: Operation;
  path: string;
  field: Field;
  rule: string;
  kind: RepairKind;
}

const excluded = new Set(exclusions.map((x) => x.requirement));

/** Every derived field requirement whose rule a lenient server repairs, in registry order. */
function repairable(): Target[] {
  const out: Target[] = [];
  for (const op of operations) {
    if (op.body?.kind !== 'json' || op.status.kind === 'disabled') continue;
    for (const { path, field } of walkFields(op.body.fields)) {
      const rules = ['required', 'type', ...(field.rules ?? []).map((r) => ('id' in r && r.id ? r.id : r.kind))];
      for (const rule of rules) {
        const id = `${op.id}/${path}-${rule}`;
        const kind = repairOf(field, rule);
        if (!kind || !requirementById.get(id)?.derived || excluded.has(id)) continue;
        out.push({ op, path, field, rule, kind });
      }
    }
  }
  return out;
}

/**
 * Requirements no other fault breaks, each with the repair that does: a managed service's `region`
 * read from a number or a one-element array (its only other rule is the cross rule with `address`).
 */
const ALSO: ReadonlySet<string> = new Set([
  'managed/services/create/region-type',
  'managed/services/update/region-type',
]);

/** The first requirements of each repair kind (of coercion, per type coerced into), each on another operation, and those of ALSO. */
function chosen(): Target[] {
  const byKind = new Map<string, Target[]>();
  const also: Target[] = [];
  for (const t of repairable()) {
    if (ALSO.has(`${t.op.id}/${t.path}-${t.rule}`)) also.push(t);
    // Coercion matters where a permissive parser reads a string as a number or a boolean.
    if (t.kind === 'coerce' && !['integer', 'number', 'boolean'].includes(t.field.type)) continue;
    const key = t.kind === 'coerce' ? `${t.kind}-${t.field.type}` : t.kind;
    const list = byKind.get(key) ?? [];
    if (list.length < PER_KIND && !list.some((x) => x.op.id === t.op.id)) list.push(t);
    byKind.set(key, list);
  }
  return [...new Set([...byKind.values()].flat().concat(also))];
}

const targets = chosen();
const byName = new Map(targets.map((t) => [`${REPAIR}${t.op.id}/${t.path}-${t.rule}` as RepairFault, t]));

export const repairFaults: Fault<RepairFault>[] = targets.map((t): Fault<RepairFault> => {
  const requirement = `${t.op.id}/${t.path}-${t.rule}`;
  return {
    name: `${REPAIR}${requirement}` as const,
    area: t.op.id.split('/')[0] ?? '',
    family: requirementById.get(requirement)?.family ?? 'type',
    breaks: `repairs ${t.path} (${t.kind}) instead of refusing what breaks ${requirement}`,
    catches: [requirement],
  };
});

/** The repair kind of each repairing fault, for the mutation note. */
export const repairKindOf = (name: string): RepairKind | undefined => byName.get(name as RepairFault)?.kind;

/** Applies `fn` to the value at each location of a generic path (`interfaces.label`, `tags.item`), through arrays. */
function mapAt(value: unknown, segments: string[], fn: (v: unknown) => unknown): unknown {
  const [name, ...rest] = segments;
  if (name === undefined) return fn(value);
  if (Array.isArray(value))
    return name === 'item' && rest.length === 0 ? value.map(fn) : value.map((v) => mapAt(v, segments, fn));
  if (!isObject(value)) return value;
  const out = { ...value };
  const next = rest.length === 0 ? fn(out[name]) : name in out ? mapAt(out[name], rest, fn) : undefined;
  if (next === undefined) delete out[name];
  else out[name] = next;
  return out;
}

/** The body as a server with the given repairing faults reads it: each faulted rule's bad values repaired. */
export function repaired(faultOn: (name: RepairFault) => boolean, op: Operation, body: unknown): unknown {
  let out = body;
  for (const [name, t] of byName) {
    if (t.op !== op || !faultOn(name)) continue;
    out = mapAt(out, t.path.split('.'), (v) => lenientValue(t.field, t.rule, v));
  }
  return out;
}
