// Valid request bodies of an operation, and negative cases that each break exactly one named rule (re-validated against the encoding after construction).

import fc from 'fast-check';
import { derivedSuffix, requirementId, ruleId, walkFields } from '../../spec/derive.js';
import { checkBody, checkField, crossRuleHolds, isObject, present, STATEFUL_RULE_KINDS } from '../../spec/evaluate.js';
import { derivedCrossRule, requirementById } from '../../spec/index.js';
import { lenientValue } from '../../spec/lenient.js';
import type { BodyDerivation, CrossRule, Field, Operation, Param } from '../../spec/types.js';
import { crossRuleCases } from './cross-rules.js';
import { overLimitItems } from './over-limit.js';
import { presentBase } from './present-base.js';
import { cached, type Hints, objectArbitrary, validValue } from './values.js';
import { ABSENT, type BadValue, badValues, sampleOne, statedBounds } from './violations.js';

export type Body = Record<string, unknown>;

/** Built arbitraries by hints object, then operation: the same hints give the same arbitrary, built once. */
const validBodies = new WeakMap<Hints, Map<Operation, fc.Arbitrary<Body>>>();
const NO_HINTS: Hints = {};

/** Valid bodies of an operation: every required field, any subset of optional ones, every statically checkable rule kept. */
export function validBody(op: Operation, hints: Hints = NO_HINTS): fc.Arbitrary<Body> {
  const byOp = cached(validBodies, hints, () => new Map<Operation, fc.Arbitrary<Body>>());
  return cached(byOp, op, () => {
    const body = op.body;
    if (!body || body.kind === 'file') return fc.constant({});
    const mend = mendExclusive(body.rules ?? []);
    return objectArbitrary(body.fields, '', hints)
      .map(mend)
      .filter((b) => checkBody(body, b).length === 0);
  });
}

/**
 * Keeps the first member present of each `exclusive` group and drops the others, so most samples
 * pass the filter: with configs' eight device slots, each allowing a disk or a volume, one sample
 * in sixty held no slot with both.
 */
export function mendExclusive(rules: readonly CrossRule[]): (b: Body) => Body {
  const groups = rules.filter((r) => r.kind === 'exclusive').map((r) => r.fields);
  if (groups.length === 0) return (b) => b;
  return (b) => {
    let out = b;
    for (const fields of groups) {
      const [, ...extra] = fields.filter((f) => present(out, f));
      for (const path of extra) out = without(out, path.split('.'));
    }
    return out;
  };
}

/** A copy of a body without the member at a dotted path, the objects on the way copied, the rest shared. */
function without(body: Body, [name, ...rest]: string[]): Body {
  if (name === undefined) return body;
  const copy = { ...body };
  const inner = copy[name];
  if (rest.length === 0) delete copy[name];
  else if (isObject(inner)) copy[name] = without(inner, rest);
  return copy;
}

export interface NegativeCase {
  /** The requirement the case tests: `<operation id>/<suffix>`. */
  requirement: string;
  suffix: string;
  /** Where the bad value sits in the body (`subnets[0].label`): what an error `field` should name. */
  location: string;
  /** The field path as requirement ids write it (`subnets.label`). */
  path: string;
  body: Body;
  why: string;
  /** A near miss (issue 17): a valid value changed as little as possible, which a lenient server would repair. */
  nearMiss?: true;
}

/** The smallest valid object of some fields: only the required members, so a created parent adds no other violation. */
const minimalObject = (fields: readonly Field[], prefix: string, seed: number, hints: Hints): Body =>
  sampleOne(
    objectArbitrary(
      fields.filter((f) => f.required),
      prefix,
      hints,
    ),
    seed,
  );

/** Places a value at a field path, creating minimal valid parents (objects, one-element arrays) on the way. */
function placeAt(
  body: Body,
  fields: readonly Field[],
  segments: string[],
  value: unknown,
  seed: number,
  hints: Hints,
): string {
  const [name, ...rest] = segments;
  const field = fields.find((f) => f.name === name);
  if (!field || name === undefined) throw new Error(`no field ${segments.join('.')}`);
  if (rest.length === 0) {
    if (value === ABSENT) delete body[name];
    else body[name] = value;
    return name;
  }
  if (field.type === 'array' && field.items) {
    const list = Array.isArray(body[name]) && (body[name] as unknown[]).length ? (body[name] as unknown[]) : [];
    if (rest[0] === 'item' && rest.length === 1) {
      list[0] = value;
      body[name] = list;
      return `${name}[0]`;
    }
    const itemFields = field.items.fields ?? [];
    const element = isObject(list[0]) ? list[0] : minimalObject(itemFields, name, seed, hints);
    list[0] = element;
    body[name] = list;
    return `${name}[0].${placeAt(element, itemFields, rest, value, seed, hints)}`;
  }
  const inner = field.fields ?? [];
  const child = isObject(body[name]) ? (body[name] as Body) : minimalObject(inner, name, seed, hints);
  body[name] = child;
  return `${name}.${placeAt(child, inner, rest, value, seed, hints)}`;
}

const ruleKindOf = (field: Field, rule: string) =>
  (field.rules ?? []).find(
    (r) => ('id' in r && r.id === rule) || r.kind === rule || (rule === 'strength' && r.kind === 'password-strength'),
  )?.kind;

/**
 * Whether a constructed body breaks exactly the intended rule: the evaluator must report that
 * violation and no other; for rules it cannot judge (password strength), it must report none.
 */
function breaksExactly(op: Operation, body: Body, suffix: string, stateful: boolean): boolean {
  if (!op.body) return false;
  const found = [...new Set(checkBody(op.body, body).map((v) => v.suffix))];
  return stateful ? found.length === 0 : found.length === 1 && found[0] === suffix;
}

/** Whether a rule id names the field's item count, the rule whose near miss is one item too many. */
const isItemsRule = (field: Field, rule: string) =>
  (field.rules ?? []).some((r) => r.kind === 'items' && ruleId(r) === rule);

/** A rule on one value: the field path and rule id a derived value-rule requirement names. */
type ValueRule = { path: string; rule: string };

/**
 * What a candidate aims at: its field, rule and wrong. A near miss's digits are left out, so the
 * same repair of another valid value (`"7"` for 7 after `"5"` for 5) aims at the same thing.
 */
const aimOf = (path: string, bad: BadValue) =>
  `${path}|${bad.rule}|${bad.nearMiss ? bad.why.replace(/\d+/g, '#') : bad.why}`;

/**
 * Every negative case of an operation's body that survives re-validation, grouped by requirement;
 * with `only`, just the cases of that rule (generation is the costly part of a body rule's test).
 * `seen` holds the aims already met (by earlier seeds): a candidate aiming at one is not built again.
 */
export function negativeCases(
  op: Operation,
  seed: number,
  hints: Hints = {},
  only?: ValueRule,
  base: Body | undefined = baseBody(op, seed, hints),
  seen = new Set<string>(),
): NegativeCase[] {
  const body = op.body;
  if (!body || body.kind === 'file' || !base) return [];
  const out: NegativeCase[] = [];
  for (const { path, field } of walkFields(body.fields)) {
    if (only !== undefined && only.path !== path) continue;
    const segments = path.split('.');
    // A value given at all may break a cross rule of the drawn base (a region next to a public
    // address): such cases are tried again on a base that holds the field with every rule kept.
    // null: not built yet; undefined: none to be had.
    let fieldBase: Body | undefined | null = present(base, path) ? undefined : null;
    const candidates = [
      ...badValues(field, seed, path.endsWith('.item'), nearMissBase(base, path, field, seed, hints), only?.rule),
      ...(only === undefined || isItemsRule(field, only.rule) ? overLimitItems(op, path, field, seed, hints) : []),
    ];
    for (const bad of candidates) {
      if (only !== undefined && only.rule !== bad.rule) continue;
      // Several candidates may aim at the same bound; one surviving case per aim is enough.
      const aim = aimOf(path, bad);
      if (seen.has(aim)) continue;
      let c = attempt(op, base, segments, path, field, bad, seed, hints);
      if (!c && fieldBase === null) fieldBase = presentBase(op, base, path, field, seed, hints);
      if (!c && fieldBase) c = attempt(op, fieldBase, segments, path, field, bad, seed, hints);
      if (c) {
        seen.add(aim);
        out.push(c);
      }
    }
  }
  return out;
}

function attempt(
  op: Operation,
  base: Body,
  segments: string[],
  path: string,
  field: Field,
  bad: BadValue,
  seed: number,
  hints: Hints,
): NegativeCase | undefined {
  const body = structuredClone(base);
  let location: string;
  try {
    location = placeAt(body, op.body?.fields ?? [], segments, bad.value, seed, hints);
  } catch {
    return undefined;
  }
  const derivation: BodyDerivation = { kind: 'field-rule', path, rule: bad.rule };
  const suffix = derivedSuffix(derivation);
  const kind = ruleKindOf(field, bad.rule);
  const stateful = kind !== undefined && STATEFUL_RULE_KINDS.has(kind);
  const exact = [body, withoutPartners(op, body, path)].find((b) => breaksExactly(op, b, suffix, stateful));
  if (!exact) return undefined;
  if (bad.nearMiss && !repairedHolds(op, exact, location, field, bad)) return undefined;
  const c: NegativeCase = {
    requirement: requirementId({ operation: op.id, ...derivation }),
    suffix,
    location,
    path,
    body: exact,
    why: bad.why,
  };
  return bad.nearMiss ? { ...c, nearMiss: true } : c;
}

/**
 * The body without the members that a present value at `path` excludes or is forbidden with: a
 * value of the wrong type still counts as given, so `disk_id: "abc"` next to the base's `volume_id`
 * broke the slot's one-device rule too. Changes the body in place and returns it.
 */
function withoutPartners(op: Operation, body: Body, path: string): Body {
  for (const rule of op.body?.kind === 'json' ? (op.body.rules ?? []) : []) {
    if (!(rule.kind === 'exclusive' || rule.kind === 'forbidden-if') || !rule.fields.includes(path)) continue;
    if (crossRuleHolds(rule, body) !== false) continue;
    let out = body;
    for (const other of rule.fields) if (other !== path) out = without(out, other.split('.'));
    Object.assign(body, out);
    for (const key of Object.keys(body)) if (!(key in out)) delete body[key];
  }
  return body;
}

/**
 * Whether a near miss read leniently (coerced, trimmed, clamped: the repair of its rule) makes a body
 * that breaks nothing: else a server that repairs only this rule would still refuse it, for another
 * rule (an amount with commas outside the bounds), and the case could not tell it from a strict one.
 */
function repairedHolds(op: Operation, body: Body, location: string, field: Field, bad: BadValue): boolean {
  if (op.body?.kind !== 'json') return false;
  const repaired = lenientValue(field, bad.rule, bad.value);
  if (JSON.stringify(repaired) === JSON.stringify(bad.value)) return false;
  const bounds = statedBounds(field);
  if (bounds && !(typeof repaired === 'string' && Number(repaired) >= bounds.min && Number(repaired) <= bounds.max))
    return false;
  // A JSON copy: structuredClone cannot copy a raw JSON number (`5.0`), which the repaired value replaces anyway.
  const copy = JSON.parse(JSON.stringify(body)) as Body;
  setAtLocation(copy, location, repaired);
  return checkBody(op.body, copy).length === 0;
}

/**
 * The valid value a field's near misses change: the base's, else one drawn with the hints (a region
 * the target has, for a field the base leaves out); none inside arrays.
 */
function nearMissBase(base: Body, path: string, field: Field, seed: number, hints: Hints): unknown {
  if (path.includes('.item')) return undefined;
  return valueAt(base, path) ?? (hints[path] ? sampleOne(validValue(field, path, hints), seed) : undefined);
}

/** The value at a dotted member path of a body (`ssh.port`), or undefined. */
function valueAt(body: Body, path: string): unknown {
  let cur: unknown = body;
  for (const key of path.split('.')) cur = isObject(cur) ? cur[key] : undefined;
  return cur;
}

/** Sets the value at a location as evaluate.ts writes it (`a[0].b`). */
function setAtLocation(body: Body, location: string, value: unknown): void {
  const steps = location.match(/[^.[\]]+/g) ?? [];
  let cur: unknown = body;
  for (const step of steps.slice(0, -1)) cur = Array.isArray(cur) ? cur[Number(step)] : (cur as Body)[step];
  const last = steps.at(-1) ?? '';
  if (Array.isArray(cur)) cur[Number(last)] = value;
  else if (isObject(cur)) cur[last] = value;
}

/** The valid body negative cases start from: one bad value placed in it must be the only violation. */
function baseBody(op: Operation, seed: number, hints: Hints): Body | undefined {
  return op.body?.kind === 'json' ? sampleOne(validBody(op, hints), seed) : undefined;
}

/**
 * The negative cases of one requirement over `runs` seeds, each aim once: more runs send more
 * distinct rule-breaking values (other values past the bound), not the same wrong again in another
 * body (a string for an integer, around each seed's parents). They share one valid base body:
 * generating a valid body is the costly step (rejection sampling against every rule).
 */
export function negativeCasesOf(
  op: Operation,
  requirement: string,
  seed: number,
  runs: number,
  hints: Hints = {},
  base: Body | undefined = baseBody(op, seed, hints),
): NegativeCase[] {
  const d = requirementById.get(requirement)?.derivation;
  if (d?.kind !== 'field-rule' || d.operation !== op.id) return [];
  const byBody = new Map<string, NegativeCase>();
  const seen = new Set<string>();
  for (let i = 0; i < Math.max(1, runs); i += 1) {
    for (const c of negativeCases(op, seed + i, hints, d, base, seen)) {
      if (c.requirement !== requirement) continue;
      const key = JSON.stringify(c.body);
      if (!byBody.has(key)) byBody.set(key, c);
    }
  }
  return [...byBody.values()];
}

/**
 * The cases of a requirement with its near misses rebuilt on `accepted`, a body the target accepts
 * (its own disks, its region): on a generated base they were refused for naming what the target
 * lacks, so a server repairing the rule looked strict. A near miss that cannot be rebuilt there
 * keeps its generated base.
 */
export function withNearMissesOn(
  op: Operation,
  requirement: string,
  cases: readonly NegativeCase[],
  accepted: Body,
  seed: number,
  runs: number,
  hints: Hints = {},
): NegativeCase[] {
  if (!cases.some((c) => c.nearMiss)) return [...cases];
  const rebuilt = negativeCasesOf(op, requirement, seed, runs, hints, accepted).filter((c) => c.nearMiss);
  // The same near miss of another value (`5.0 for 5`, `7.0 for 7`) is replaced too.
  const aim = (c: NegativeCase) => `${c.suffix}|${c.why.replace(/\d+/g, '#')}`;
  const aims = new Set(rebuilt.map(aim));
  return [...cases.filter((c) => !c.nearMiss || !aims.has(aim(c))), ...rebuilt];
}

/** The cross rule (one field requires, forbids or excludes another) a requirement names, if it names one. */
export function crossRuleOf(op: Operation, requirement: string) {
  const r = requirementById.get(requirement);
  return r?.derivation?.operation === op.id ? derivedCrossRule(r) : undefined;
}

/**
 * The negative cases of a cross rule over `runs` seeds, each body once, built from `base`: a body
 * the target accepts (its own disks, images), so that what the case changes is all it breaks.
 * `hints` give the values a case adds, which may name other entities (an image, a StackScript).
 */
export function crossRuleCasesOf(
  op: Operation,
  requirement: string,
  base: Body,
  seed: number,
  runs: number,
  hints: Hints = {},
): NegativeCase[] {
  const rule = crossRuleOf(op, requirement);
  if (!rule) return [];
  const byBody = new Map<string, NegativeCase>();
  for (let i = 0; i < Math.max(1, runs); i += 1) {
    for (const c of crossRuleCases(op, rule.id, base, hints, seed + i)) {
      const key = JSON.stringify(c.body);
      if (byBody.has(key)) continue;
      const path = rule.fields[0] ?? '';
      byBody.set(key, { requirement, suffix: rule.id, location: c.location, path, body: c.body, why: c.why });
    }
  }
  return [...byBody.values()];
}

/**
 * Values of a path or query parameter that break exactly the rule named `rule` (`range`), each
 * re-checked against the encoding, over `runs` seeds: value → what it does wrong.
 */
export function paramCasesOf(param: Param, rule: string, seed: number, runs: number): Map<string | number, string> {
  const values = new Map<string | number, string>();
  for (let i = 0; i < Math.max(1, runs); i += 1) {
    for (const bad of badValues(param, seed + i)) {
      if (typeof bad.value !== 'number' && typeof bad.value !== 'string') continue;
      const found = checkField(param, bad.value, param.name, param.name).map((v) => v.rule);
      if (found.length === 1 && found[0] === rule) values.set(bad.value, bad.why);
    }
  }
  return values;
}
