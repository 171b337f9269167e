// Accepting cases of a body (issue 28): the body a target accepts, changed in one place to a value the documents allow (a bound of a rule, a member of an enum) or without one optional field, the other cross rules kept; each case is kept only when it breaks no rule of the encoding.

import fc from 'fast-check';
import { OPTIONAL, ruleId, walkFields } from '../../spec/derive.js';
import { checkBody, crossRuleHolds, isObject, present } from '../../spec/evaluate.js';
import type { AcceptedDerivation, CrossRule, Field, Operation, Rule } from '../../spec/types.js';
import { acceptedValues, controlValue } from './accepted-values.js';
import { crossRuleBroken, fieldAt, itemsOf } from './cross-rules.js';
import { itemHint, itemRulesOf } from './over-limit.js';
import { presentBase } from './present-base.js';
import { type Hints, objectArbitrary, validValue } from './values.js';
import { sampleOne } from './violations.js';

type Body = Record<string, unknown>;

export interface AcceptingCase {
  body: Body;
  /** Where the value sits (`subnets[0].label`), or the field left out. */
  location: string;
  /** What the value is against its rule ("64 characters, the upper bound of ..."), or "left out". */
  why: string;
  /** The same case with another value of the same size, sent when the first is refused. */
  alternate?: Body;
  /**
   * The body without the case's change (the base; for a field left out, the case with the field
   * given): sent after a refusal, it tells a refusal of the change from a refusal for another reason.
   * None where the field has no other value to hold (an enum of one member).
   */
  control?: Body;
}

export interface AcceptingCases {
  cases: AcceptingCase[];
  /** What could not be sent, with why (no value of that size keeps every rule; the body cannot hold it). */
  left: string[];
}

/** The value at a dotted path of objects. */
function valueAt(body: unknown, path: string): unknown {
  let at = body;
  for (const key of path.split('.')) at = isObject(at) ? at[key] : undefined;
  return at;
}

/**
 * Whether a cross rule is broken, with what a case that must be accepted can judge beyond the body
 * alone: values keyed by a field the body holds (a US `state` among the US codes), and a month not in
 * the past by today's date (the server's clock may differ by the hours around a month's turn).
 */
function broken(rule: CrossRule, body: Body): boolean | undefined {
  if (rule.kind === 'conditional-values' && rule.params.keyField && rule.params.values) {
    const key = valueAt(body, rule.params.keyField);
    const value = valueAt(body, rule.fields.find((f) => f !== rule.params.keyField) ?? '');
    if (value === undefined) return false;
    // Without its key the target's stored one decides (a country stored by an earlier test): the
    // case is sure only with a value every keyed list allows, else the key is stated.
    if (key === undefined)
      return !Object.values(rule.params.values).every((list) => (list as unknown[]).includes(value));
    const allowed = typeof key === 'string' ? rule.params.values[key] : undefined;
    return allowed !== undefined && !allowed.includes(value as string);
  }
  if (rule.kind === 'not-in-past') {
    const year = valueAt(body, rule.params.year);
    const month = valueAt(body, rule.params.month);
    if (typeof year !== 'number' || typeof month !== 'number') return undefined;
    const now = new Date();
    return year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
  }
  return crossRuleBroken(rule, body) === true || crossRuleHolds(rule, body) === false ? true : undefined;
}

/** Whether a body breaks no rule of the encoding: no field rule, no cross rule the body (and today's date) decides. */
export function acceptable(op: Operation, body: Body): boolean {
  if (op.body?.kind !== 'json') return false;
  if (checkBody(op.body, body).length > 0) return false;
  return (op.body.rules ?? []).every((r) => broken(r, body) !== true);
}

const setMember = (at: Body, key: string, value: unknown) => {
  if (value === undefined) delete at[key];
  else at[key] = value;
};

/**
 * The body with `value` at a field path (`undefined` leaves the member out): missing parents are made
 * with their required members, a missing array item from the hint of a whole item (a VLAN interface
 * the target accepts) or its required members. Returns where the value sits, or undefined.
 */
function placed(op: Operation, base: Body, path: string, value: unknown, seed: number, hints: Hints) {
  const body = structuredClone(base);
  const segments = path.split('.');
  let at: Body = body;
  let fields = op.body?.fields ?? [];
  const where: string[] = [];
  for (const [i, name] of segments.entries()) {
    const field = fields.find((f) => f.name === name);
    if (!field) return undefined;
    const last = i === segments.length - 1;
    if (last) {
      setMember(at, name, value);
      where.push(name);
      break;
    }
    const soFar = segments.slice(0, i + 1).join('.');
    if (field.type === 'array' && field.items) {
      const list = Array.isArray(at[name]) ? (at[name] as unknown[]) : [];
      if (segments[i + 1] === 'item') {
        at[name] = value === undefined ? list.slice(1) : [value, ...list.slice(1)];
        where.push(`${name}[0]`);
        break;
      }
      const itemFields = field.items.fields ?? [];
      const hinted = hints[itemHint(soFar)];
      // A copy: a hint of a constant item hands out one object, which another case would change.
      const first = isObject(list[0])
        ? list[0]
        : structuredClone(sampleOne(hinted ?? objectArbitrary(requiredOf(itemFields), soFar, hints), seed) as Body);
      at[name] = [first, ...list.slice(1)];
      at = first;
      fields = itemFields;
      where.push(`${name}[0]`);
      continue;
    }
    if (!isObject(at[name]))
      at[name] = structuredClone(sampleOne(objectArbitrary(requiredOf(field.fields ?? []), soFar, hints), seed));
    at = at[name] as Body;
    fields = field.fields ?? [];
    where.push(name);
  }
  return { body, location: where.join('.') };
}

const requiredOf = (fields: readonly Field[]) => fields.filter((f) => f.required);

/** The members of the enum of the field at a path; none when it has no enum. */
function enumOf(op: Operation, path: string): readonly unknown[] {
  const rule = fieldAt(op.body?.fields ?? [], path)?.rules?.find((r) => r.kind === 'enum');
  return rule?.kind === 'enum' ? rule.values : [];
}

/** A valid value for a field path (not null), drawn with the hints; undefined when none can be drawn. */
function drawnValue(op: Operation, path: string, seed: number, hints: Hints): unknown {
  const field = fieldAt(op.body?.fields ?? [], path);
  if (!field) return undefined;
  const bare = path.split('.').at(-1) ?? path;
  const usable = (v: unknown) => v !== undefined && v !== null;
  const found =
    fc.sample(validValue(field, bare, hints), { seed, numRuns: 20 }).find(usable) ??
    fc.sample(validValue(field, bare), { seed, numRuns: 20 }).find(usable);
  // A copy: a constant hint hands out one object, which a later change to this body would reach.
  return found === undefined ? undefined : structuredClone(found);
}

/** Sets or removes a member at a dotted path of objects; false where the path runs through something else. */
function setPath(body: Body, path: string, value: unknown): boolean {
  const keys = path.split('.');
  const last = keys.pop() as string;
  let at = body;
  for (const key of keys) {
    if (!isObject(at[key])) {
      if (value === undefined) return true;
      at[key] = {};
    }
    at = at[key] as Body;
  }
  setMember(at, last, value);
  return true;
}

/** Whether `path` is the field a case is about or lies inside it (or it inside `path`). */
const touches = (path: string, own: string) => path === own || path.startsWith(`${own}.`) || own.startsWith(`${path}.`);

/**
 * Mends one broken rule over the items of an array: a member a purpose requires is filled, any other
 * member that breaks the rule left out; the case's own member is never changed.
 */
function mendItems(op: Operation, rule: CrossRule, body: Body, own: string, seed: number, hints: Hints): void {
  const each = itemsOf(rule) ?? '';
  const items = each ? body[each] : [body];
  const member = (rule.fields[0] ?? '').slice(each ? each.length + 1 : 0);
  if (!Array.isArray(items)) return;
  const objects = items.filter(isObject);
  const path = each ? `${each}.${member}` : member;
  for (const [i, item] of objects.entries()) {
    if (crossRuleBroken(rule, each ? { ...body, [each]: [item] } : item) !== true) continue;
    const required = rule.kind === 'required-if' && item.purpose === rule.params.purpose;
    if (!touches(path, own)) {
      setPath(item, member, required ? drawnValue(op, path, seed + i, hints) : undefined);
      continue;
    }
    // The case's own member is what the item's purpose requires, or what it forbids (a label on a
    // public interface): an item of a purpose the rule does not concern then.
    const purposePath = each ? `${each}.purpose` : 'purpose';
    if (touches(purposePath, own)) continue;
    const concerned: unknown[] = required
      ? [rule.params.purpose]
      : rule.kind === 'conditional-values'
        ? (rule.params.purposes ?? [])
        : [];
    item.purpose = enumOf(op, purposePath).find((v) => !concerned.includes(v)) ?? item.purpose;
  }
  // A rule over several items (one primary, unique labels): the member stays on the first item only.
  if (!touches(path, own) && crossRuleBroken(rule, body) === true)
    for (const item of objects.slice(1)) setPath(item, member, undefined);
}

/**
 * The case with every cross rule it breaks mended, its own field left as it is: what a rule requires
 * is filled (an image needs a root password), what it forbids or excludes is left out.
 */
function mended(op: Operation, body: Body, own: string, seed: number, hints: Hints): Body {
  const rules = op.body?.kind === 'json' ? (op.body.rules ?? []) : [];
  // Fields left as they are: the case's own, and those left out for its sake (which must stay out).
  const fixed = new Set([own]);
  const isFixed = (path: string) => [...fixed].some((f) => touches(path, f));
  const drop = (path: string) => {
    setPath(body, path, undefined);
    fixed.add(path);
  };
  for (let pass = 0; pass < 4; pass++) {
    for (const rule of rules) {
      if (broken(rule, body) !== true) continue;
      if (itemsOf(rule) !== undefined) {
        mendItems(op, rule, body, own, seed + pass, hints);
        continue;
      }
      const [first = ''] = rule.fields;
      switch (rule.kind) {
        case 'exclusive': {
          // Keep the case's own field, else the first given: the others go.
          const given = rule.fields.filter((f) => present(body, f));
          const kept = given.find(isFixed) ?? given[0];
          for (const f of given) if (f !== kept && !isFixed(f)) drop(f);
          break;
        }
        case 'required-if': {
          const p = rule.params;
          const required = String(p.required ?? first);
          if (!isFixed(required)) setPath(body, required, drawnValue(op, required, seed + pass, hints));
          else if (typeof p.ifPresent === 'string' && !isFixed(p.ifPresent)) drop(p.ifPresent);
          // Required when another is absent: given the other, it is not (a clone onto an existing instance).
          else if (typeof p.ifAbsent === 'string' && !isFixed(p.ifAbsent))
            setPath(body, p.ifAbsent, drawnValue(op, p.ifAbsent, seed + pass, hints));
          break;
        }
        case 'conditional-values': {
          // Values keyed by another field (a state by country): the case's own value keeps its key
          // unkeyed (a country without a list), else the value comes from its key's list.
          const p = rule.params;
          const key = p.keyField ?? '';
          const valueField = rule.fields.find((f) => f !== key) ?? '';
          const list = p.values?.[String(valueAt(body, key))];
          if (!isFixed(valueField) && list?.length) setPath(body, valueField, list[0]);
          else if (!isFixed(key)) {
            const free = enumOf(op, key).find((v) => typeof v === 'string' && !(v in (p.values ?? {})));
            setPath(body, key, free);
          }
          // The key left out for the case's sake (a body without a country): the value goes too.
          else if (!isFixed(valueField)) drop(valueField);
          break;
        }
        case 'forbidden-if': {
          const p = rule.params;
          const condition = [
            ...(typeof p.ifPresent === 'string' ? [p.ifPresent] : []),
            ...(isObject(p.ifMatches) ? Object.keys(p.ifMatches) : []),
            ...(typeof p.ifField === 'string' ? [p.ifField] : []),
            ...(isObject(p.when) ? Object.keys(p.when) : []),
          ];
          const forbidden = isObject(p.when) ? rule.fields.filter((f) => !(f in (p.when as Body))) : [first];
          if (!forbidden.some(isFixed)) for (const f of forbidden) drop(f);
          else for (const f of condition.filter((c) => !isFixed(c))) drop(f);
          break;
        }
        default:
          // A rule of the field named first (a region only with a private address): left out, else given.
          if (isFixed(first)) break;
          setPath(body, first, undefined);
          if (broken(rule, body) === true) setPath(body, first, drawnValue(op, first, seed + pass, hints));
      }
    }
  }
  return body;
}

/** Whether every rule over the items of an array holds for a list of them. */
function heldTogether(op: Operation, path: string): (items: unknown[]) => boolean {
  const rules = itemRulesOf(op, path);
  return (items) =>
    rules.every((r) => {
      const trial = { [path]: items };
      return crossRuleBroken(r, trial) !== true;
    });
}

/** Options of `acceptingCases`: the run's label prefix, given to fields that carry it (labels, usernames). */
export interface AcceptingOptions {
  prefix?: string;
  /** Fields the suite gives no value the target takes (one naming another entity): no control holds them. */
  unsendable?: (path: string) => boolean;
}

/** Members that carry the run's prefix where their value can hold it, so that cleanup finds what they name. */
const PREFIXED = new Set(['label', 'username']);

/**
 * The accepting cases of one requirement of a body (`<field>-<rule>-accepted`, `<field>-optional-accepted`),
 * built on `base`, the body the target accepts: one case per value the rule allows at its bounds (or per
 * enum member), or the body without the optional field; each mended and kept only when it breaks no rule.
 */
export function acceptingCases(
  op: Operation,
  d: AcceptedDerivation,
  base: Body,
  seed: number,
  hints: Hints = {},
  options: AcceptingOptions = {},
): AcceptingCases {
  if (op.body?.kind !== 'json' || d.in !== 'body') return { cases: [], left: [] };
  if (d.rule === OPTIONAL) return omitted(op, d.path, base, seed, hints, options.unsendable ?? (() => false));
  const field = walkFields(op.body.fields).find((w) => w.path === d.path)?.field;
  const rule = field?.rules?.find((r) => ruleId(r) === d.rule);
  if (!field || !rule) return { cases: [], left: [`the encoding has no rule ${d.rule} on ${d.path}`] };
  const bare = d.path.split('.').at(-1) ?? d.path;
  const valueOptions = {
    ...(options.prefix && PREFIXED.has(bare) ? { prefix: options.prefix } : {}),
    ...(rule.kind === 'items'
      ? {
          item: hints[itemHint(d.path)] ?? (field.items ? validValue(field.items, `${d.path}.item`, hints) : undefined),
          together: heldTogether(op, d.path),
        }
      : {}),
  };
  const { values, left } = acceptedValues(field, rule, seed, valueOptions);
  const build = (value: unknown) => {
    const at = placed(op, base, d.path, value, seed, hints);
    if (!at) return undefined;
    const body = mended(op, at.body, d.path, seed, hints);
    return acceptable(op, body) ? { body, location: at.location } : undefined;
  };
  const cases: AcceptingCase[] = [];
  for (const v of values) {
    const first = build(v.value);
    if (!first) {
      left.push(`${v.why}: no body holding it keeps every other rule`);
      continue;
    }
    const other = v.alternate === undefined ? undefined : build(v.alternate);
    const control = controlOf(base, d.path, rule, v.value, () => {
      const inside = controlValue(field, rule, seed, valueOptions, v.value);
      return inside === undefined ? undefined : build(inside)?.body;
    });
    cases.push({ ...first, why: v.why, ...(control ? { control } : {}), ...(other ? { alternate: other.body } : {}) });
  }
  return { cases, left };
}

/**
 * The control of a value's case, the request without the change: the base where it lacks the field
 * or holds another member of its enum; else the field well inside its bounds (the base's own value
 * may lie near one, where a stricter server would refuse it too). An enum of one member has no other
 * value to hold, and so no control.
 */
function controlOf(base: Body, path: string, rule: Rule, value: unknown, inside: () => Body | undefined) {
  const held = valueAt(base, path);
  if (held === undefined || held === null) return base;
  if (rule.kind === 'enum') return JSON.stringify(held) !== JSON.stringify(value) ? base : inside();
  return inside() ?? base;
}

/** The case of an optional field: the base without it (what a rule then requires mended), or the base when it lacks the field. */
function omitted(
  op: Operation,
  path: string,
  base: Body,
  seed: number,
  hints: Hints,
  unsendable: (path: string) => boolean,
): AcceptingCases {
  const field = walkFields(op.body?.fields ?? []).find((w) => w.path === path)?.field;
  if (!field) return { cases: [], left: [`the encoding has no field ${path}`] };
  const stated = (op.body?.rules ?? []).find(
    (r) => r.kind === 'required-if' && r.params.required === path && typeof r.params.when === 'string',
  );
  if (stated?.kind === 'required-if')
    return {
      cases: [],
      left: [
        `\`${path}\` is required when the ${stated.params.when} is ${JSON.stringify(stated.params.equals)}, which no body shows`,
      ],
    };
  const body = mended(op, (placed(op, base, path, undefined, seed, hints) ?? { body: base }).body, path, seed, hints);
  if (present(body, path) || !acceptable(op, body))
    return { cases: [], left: [`no body without \`${path}\` keeps every rule of the encoding`] };
  // The control holds the field: a server that refuses both refuses for another reason. Where the
  // suite cannot give a value the target takes (one naming another entity, the method to charge), there is none.
  const held = present(base, path)
    ? base
    : unsendable(path)
      ? undefined
      : presentBase(op, body, path, field, seed, hints);
  const control = held && acceptable(op, held) ? held : undefined;
  return { cases: [{ body, location: path, why: `\`${path}\` left out`, ...(control ? { control } : {}) }], left: [] };
}
