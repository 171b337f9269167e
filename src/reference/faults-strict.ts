// The too-strict faults (issue 28 item 2), generated from the accepting requirements as `skip:` and `repair:` are from the refusing ones: the server refuses values the documents allow, between a stricter bound and the documented one, requires an optional field, or refuses one member of an enum.

import { OPTIONAL, ruleId, walkFields } from '../../spec/derive.js';
import { isObject } from '../../spec/evaluate.js';
import { exclusions, operationById, requirementById, requirements } from '../../spec/index.js';
import type { AcceptedDerivation, Field, Json, Operation, Param, Rule } from '../../spec/types.js';
import type { Fault } from './faults/define.js';

export const STRICT = 'strict:';

/** The name of a too-strict fault: `strict:` and the accepting requirement it must fail. */
export type StrictFault = `${typeof STRICT}${string}`;

/** How the fault narrows what the documents allow. */
type Narrowing =
  | { kind: 'required' }
  | { kind: 'refused-member'; value: Json }
  | { kind: 'at-most'; limit: number; size: (v: unknown) => number | undefined; what: string }
  | { kind: 'at-least'; limit: number; size: (v: unknown) => number | undefined; what: string };

interface Target {
  name: StrictFault;
  op: Operation;
  d: AcceptedDerivation;
  narrowing: Narrowing;
}

/**
 * Accepting requirements no request can show a stricter server failing, with why: the fault is
 * listed as a known gap (`awaiting`) instead of surviving the matrix.
 */
const UNOBSERVABLE: Record<string, string> = {
  'account/promo-codes/add/promo_code-length-accepted':
    'a promo code the target issued, whose size the suite cannot choose',
  'billing/payments/create/cvv-optional-accepted':
    'a payment method other than a credit card, which the documents offer no way to add',
  ...Object.fromEntries(
    ['database', 'domain', 'image', 'longview', 'nodebalancer', 'volume'].map((kind) => [
      `users/grants/update/${kind}.permissions-enum-accepted`,
      `a ${kind} of the account to grant on, which no operation of the documents makes`,
    ]),
  ),
};

/** The size a rule measures of a value: characters, counted characters, JSON text, decoded bytes, items, or the number. */
function sizeOf(rule: Rule): ((v: unknown) => number | undefined) | undefined {
  switch (rule.kind) {
    case 'length':
      return (v) =>
        typeof v === 'string' ? (rule.unit === 'bytes' ? Buffer.byteLength(v) : [...v].length) : undefined;
    case 'count':
      return (v) => (typeof v === 'string' ? (v.match(new RegExp(rule.charClass, 'gu')) ?? []).length : undefined);
    case 'json-length':
      return (v) => (v === undefined ? undefined : JSON.stringify(v).length);
    case 'base64-decoded-length':
      return (v) => (typeof v === 'string' ? Buffer.from(v, 'base64').length : undefined);
    case 'items':
      return (v) => (Array.isArray(v) ? v.length : undefined);
    case 'range':
      return (v) => (typeof v === 'number' ? v : undefined);
    default:
      return undefined;
  }
}

/**
 * A stricter bound than the rule's: half way from the lower bound (0 when none is stated) to the
 * upper one (a 64-character label cut to 32), or, with no upper bound, the lower bound itself refused.
 */
function narrowed(rule: Rule): Narrowing | undefined {
  if (rule.kind === 'enum') {
    const last = rule.values.at(-1);
    return last === undefined ? undefined : { kind: 'refused-member', value: last };
  }
  const size = sizeOf(rule);
  if (!size || !('max' in rule || 'min' in rule)) return undefined;
  const min = 'min' in rule ? rule.min : undefined;
  const max = 'max' in rule ? rule.max : undefined;
  if (max !== undefined) {
    const limit = (min ?? 0) + Math.floor((max - (min ?? 0)) / 2);
    return { kind: 'at-most', limit, size, what: `at most ${limit}, not ${max}` };
  }
  return min === undefined
    ? undefined
    : { kind: 'at-least', limit: min + 1, size, what: `at least ${min + 1}, not ${min}` };
}

const excluded = new Set(exclusions.map((x) => x.requirement));

/** The rules of a body field or a parameter an accepted derivation names. */
function rulesOf(op: Operation, d: AcceptedDerivation): readonly Rule[] {
  const where: readonly (Field | Param)[] =
    d.in === 'body'
      ? walkFields(op.body?.fields ?? []).map((w) => ({ ...w.field, name: w.path }))
      : [...op.pathParams, ...op.query];
  return where.find((f) => f.name === d.path)?.rules ?? [];
}

function targetsOf(): Target[] {
  const out: Target[] = [];
  for (const r of requirements) {
    const d = r.derivation;
    if (d?.kind !== 'accepted' || excluded.has(r.id)) continue;
    const op = operationById.get(d.operation);
    if (!op || op.status.kind === 'disabled') continue;
    const narrowing =
      d.rule === OPTIONAL
        ? ({ kind: 'required' } as const)
        : narrowed(rulesOf(op, d).find((rule) => ruleId(rule) === d.rule) as Rule);
    if (narrowing) out.push({ name: `${STRICT}${r.id}`, op, d, narrowing });
  }
  return out;
}

const targets = targetsOf();
const byOperation = new Map<Operation, Target[]>();
for (const t of targets) byOperation.set(t.op, [...(byOperation.get(t.op) ?? []), t]);

const describe = (n: Narrowing, path: string) => {
  switch (n.kind) {
    case 'required':
      return `requires \`${path}\`, which the documents make optional`;
    case 'refused-member':
      return `refuses ${JSON.stringify(n.value)} for \`${path}\`, a member of its enum`;
    default:
      return `takes \`${path}\` ${n.what} as documented`;
  }
};

export const strictFaults: Fault<StrictFault>[] = targets.map((t) => {
  const requirement = t.name.slice(STRICT.length);
  const gap = UNOBSERVABLE[requirement];
  const r = requirementById.get(requirement);
  return {
    name: t.name,
    area: r?.area ?? '',
    family: r?.family ?? 'length',
    breaks: describe(t.narrowing, t.d.path),
    catches: [requirement],
    ...(gap ? { awaiting: gap } : {}),
  };
});

/** Every value at a generic path of a body (`subnets.label`: each subnet's label), with where it sits. */
function* valuesAt(value: unknown, segments: readonly string[], at: string): Generator<[unknown, string]> {
  const [name, ...rest] = segments;
  if (name === undefined) {
    yield [value, at];
    return;
  }
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries())
      yield* name === 'item' && rest.length === 0
        ? [[v, `${at}[${i}]`] as [unknown, string]]
        : valuesAt(v, segments, `${at}[${i}]`);
    return;
  }
  if (isObject(value) && name in value) yield* valuesAt(value[name], rest, at ? `${at}.${name}` : name);
}

/** Why a value breaks a narrowing, or undefined. */
function breach(n: Narrowing, value: unknown): string | undefined {
  switch (n.kind) {
    case 'refused-member':
      return JSON.stringify(value) === JSON.stringify(n.value)
        ? `${JSON.stringify(n.value)} is not supported`
        : undefined;
    case 'at-most': {
      const s = n.size(value);
      return s !== undefined && s > n.limit ? `must be at most ${n.limit}` : undefined;
    }
    case 'at-least': {
      const s = n.size(value);
      return s !== undefined && s < n.limit ? `must be at least ${n.limit}` : undefined;
    }
    default:
      return undefined;
  }
}

/** The refusals of a body by the too-strict faults switched on: `{ field, reason }` items, none when no fault applies. */
export function strictRefusals(
  faultOn: (name: StrictFault) => boolean,
  op: Operation,
  body: unknown,
): { field: string; reason: string }[] {
  const out: { field: string; reason: string }[] = [];
  for (const t of byOperation.get(op) ?? []) {
    if (t.d.in !== 'body' || !faultOn(t.name)) continue;
    if (t.narrowing.kind === 'required') {
      const given = isObject(body) && body[t.d.path] !== undefined && body[t.d.path] !== null;
      if (!given) out.push({ field: t.d.path, reason: `${t.d.path} is required` });
      continue;
    }
    for (const [value, at] of valuesAt(body, t.d.path.split('.'), '')) {
      const why = breach(t.narrowing, value);
      if (why) out.push({ field: at, reason: `${at} ${why}` });
    }
  }
  return out;
}

/** The refusal of a path or query parameter value by a too-strict fault switched on, or undefined. */
export function strictParamRefusal(
  faultOn: (name: StrictFault) => boolean,
  op: Operation,
  name: string,
  value: unknown,
): string | undefined {
  for (const t of byOperation.get(op) ?? []) {
    if (t.d.in === 'body' || t.d.path !== name || !faultOn(t.name)) continue;
    const why = breach(t.narrowing, value);
    if (why) return `${name} ${why}`;
  }
  return undefined;
}
