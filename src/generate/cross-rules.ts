// Negative cases of the cross rules a body alone decides (one field requires, forbids or excludes another; rules over the items of an array by purpose), built from a valid body and kept only when they break that rule and no other.

import fc from 'fast-check';
import { checkBody, checkField, crossRuleHolds, isObject, itemRuleBreach, present } from '../../spec/evaluate.js';
import type { CrossRule, Field, Json, Operation, PerItem } from '../../spec/types.js';
import { type Hints, objectArbitrary, validValue } from './values.js';
import { sampleOne } from './violations.js';

type Body = Record<string, unknown>;

export interface CrossCase {
  body: Body;
  /** Where the breach sits (`interfaces[1].primary`): what an error `field` should name. */
  location: string;
  why: string;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function valueAt(body: unknown, path: string): unknown {
  let at: unknown = body;
  for (const key of path.split('.')) at = isObject(at) ? at[key] : undefined;
  return at;
}

function setAt(body: Body, path: string, value: unknown): void {
  const keys = path.split('.');
  const last = keys.pop() as string;
  let at = body;
  for (const key of keys) {
    if (!isObject(at[key])) at[key] = {};
    at = at[key] as Body;
  }
  if (value === undefined) delete at[last];
  else at[last] = value;
}

const matches = (body: Body, path: string, regex: unknown) => {
  const v = valueAt(body, path);
  return typeof v === 'string' && new RegExp(String(regex), 'u').test(v);
};

/** Rules over items by purpose: the array they apply to (`interfaces`), or '' when the body is the item. */
export function itemsOf(rule: CrossRule): string | undefined {
  const p = itemParams(rule);
  if (!p) return undefined;
  if (typeof p.each === 'string') return p.each;
  return 'purpose' in p || 'purposes' in p ? '' : undefined;
}

/** The parameters of a rule that may judge items; none for the kinds that never do. */
const itemParams = (rule: CrossRule): (PerItem & { purposes?: Json[] }) | undefined =>
  rule.kind === 'exclusive' || rule.kind === 'forbidden-if' || rule.kind === 'not-in-past' ? undefined : rule.params;

const memberOf = (path: string, each: string) => (each ? path.slice(each.length + 1) : path);

/** Whether a body breaks a cross rule; undefined when the body alone cannot tell (a stored value, the server's date). */
export function crossRuleBroken(rule: CrossRule, body: Body): boolean | undefined {
  const each = itemsOf(rule);
  if (each !== undefined) {
    const items = each ? valueAt(body, each) : [body];
    if (!Array.isArray(items)) return false;
    const i = itemRuleBreach(rule, items.filter(isObject), memberOf(rule.fields[0] ?? '', each));
    return i === undefined ? undefined : i >= 0;
  }
  const [first = ''] = rule.fields;
  switch (rule.kind) {
    case 'exclusive':
      return crossRuleHolds(rule, body) === false;
    case 'required-if': {
      const p = rule.params;
      const required = String(p.required ?? first);
      if (typeof p.ifPresent === 'string') return present(body, p.ifPresent) && !present(body, required);
      if (typeof p.ifAbsent === 'string') return !present(body, p.ifAbsent) && !present(body, required);
      return undefined;
    }
    case 'forbidden-if': {
      const p = rule.params;
      if (typeof p.ifPresent === 'string') return present(body, p.ifPresent) && present(body, first);
      if (isObject(p.ifMatches))
        return Object.entries(p.ifMatches).some(([f, re]) => matches(body, f, re)) && present(body, first);
      if (typeof p.ifField === 'string') return matches(body, p.ifField, p.matches) && present(body, first);
      if (isObject(p.when)) {
        const when = p.when;
        const applies = Object.entries(when).every(([f, v]) => sameJson(valueAt(body, f), v));
        return applies && rule.fields.filter((f) => !(f in when)).some((f) => present(body, f));
      }
      return undefined;
    }
    default:
      return undefined;
  }
}

/** The encoded field at a dotted path (`devices.sda.disk_id`, `interfaces.label`: members of array items too). */
export function fieldAt(fields: readonly Field[], path: string): Field | undefined {
  const [name, ...rest] = path.split('.');
  const field = fields.find((f) => f.name === name);
  if (!field || rest.length === 0) return field;
  return fieldAt(field.fields ?? field.items?.fields ?? [], rest.join('.'));
}

/** Builds the bodies that break one rule, from a valid base; each is checked by `breaksOnly` afterwards. */
class Builder {
  private seed: number;

  constructor(
    private readonly op: Operation,
    private readonly hints: Hints,
    seed: number,
  ) {
    this.seed = seed;
  }

  private get fields(): readonly Field[] {
    return this.op.body?.fields ?? [];
  }

  /**
   * A valid value of the field at a path, other than null; `matching` narrows strings to a pattern (a
   * private image), `unlike` excludes values (those a rule allows).
   */
  value(path: string, matching?: string, unlike: readonly Json[] = []): unknown {
    const field = fieldAt(this.fields, path);
    if (!field) return undefined;
    const bare = path.split('.').at(-1) ?? path;
    const arb = matching
      ? fc.stringMatching(new RegExp(matching, 'u')).filter((v) => checkField(field, v, bare, bare).length === 0)
      : validValue(field, bare, this.hints);
    this.seed += 1;
    const usable = (v: unknown) => v !== null && v !== undefined && !unlike.some((a) => sameJson(a, v));
    // A hint may leave the field out (undefined): the encoding's own values then.
    const found = fc.sample(arb, { seed: this.seed, numRuns: 20 }).find(usable);
    return found ?? fc.sample(validValue(field, bare), { seed: this.seed, numRuns: 20 }).find(usable);
  }

  /** A valid item of the array `each` with the given purpose and what the rules by purpose require of it. */
  item(each: string, purpose: unknown, rules: readonly CrossRule[]): Body {
    const itemFields = each ? (fieldAt(this.fields, each)?.items?.fields ?? []) : this.fields;
    this.seed += 1;
    const required = each
      ? sampleOne(
          objectArbitrary(
            itemFields.filter((f) => f.required),
            each,
            {},
          ),
          this.seed,
        )
      : {};
    const item: Body = { ...required, purpose };
    for (const r of rules) {
      if (r.kind !== 'required-if' || itemsOf(r) !== each || r.params.purpose !== purpose) continue;
      const member = memberOf(r.fields[0] ?? '', each);
      setAt(item, member, this.value(each ? `${each}.${member}` : member));
    }
    return item;
  }
}

/** The purposes an item may have: the values of its `purpose` member's enum. */
function purposesOf(op: Operation, each: string): Json[] {
  const fields = each ? (fieldAt(op.body?.fields ?? [], each)?.items?.fields ?? []) : (op.body?.fields ?? []);
  return enumValues(fields.find((f) => f.name === 'purpose'));
}

/** The values a field's enum rule allows; none when it has no enum. */
function enumValues(field: Field | undefined): Json[] {
  const rule = field?.rules?.find((r) => r.kind === 'enum');
  return rule?.kind === 'enum' ? [...rule.values] : [];
}

/** Candidate bodies for a rule over items: one or more items, placed in the array or merged into the body. */
function itemCandidates(op: Operation, rule: CrossRule, base: Body, b: Builder): Body[] {
  const each = itemsOf(rule) ?? '';
  const p = itemParams(rule) ?? {};
  const rules = op.body?.rules ?? [];
  const member = memberOf(rule.fields[0] ?? '', each);
  const path = each ? `${each}.${member}` : member;
  const place = (items: Body[]): Body => {
    const body = structuredClone(base);
    if (each) setAt(body, each, items);
    else {
      // The body is the item: what the base drew for the members the rules by purpose govern goes.
      for (const r of rules.filter((x) => itemsOf(x) === '')) for (const f of r.fields) setAt(body, f, undefined);
      Object.assign(body, items[0]);
    }
    return body;
  };
  const all = purposesOf(op, each);
  const purposes = Array.isArray(p.purposes) ? p.purposes : p.purpose !== undefined ? [p.purpose] : all;
  switch (rule.kind) {
    case 'required-if':
      return purposes.map((purpose) => {
        const it = b.item(each, purpose, rules);
        setAt(it, member, undefined);
        return place([it]);
      });
    case 'conditional-values':
      return purposes.flatMap((purpose) => {
        const it = b.item(each, purpose, rules);
        const other = b.value(path, undefined, rule.params.allowed ?? []);
        if (other === undefined) return [];
        setAt(it, member, other);
        return [place([it])];
      });
    case 'custom': {
      const q = rule.params;
      const count = Number(q.maxTrue ?? q.max) + 1;
      if ('maxTrue' in q) {
        // Every pair of purposes, each item with the member true (one past a limit of one): the rules by purpose keep some.
        const mixes = count === 2 ? all.flatMap((x) => all.map((y) => [x, y])) : [];
        return mixes.map((mix) =>
          place(
            mix.map((purpose) => {
              const it = b.item(each, purpose, rules);
              setAt(it, member, true);
              return it;
            }),
          ),
        );
      }
      return [place(Array.from({ length: count }, () => b.item(each, q.purpose, rules)))];
    }
    case 'unique-among': {
      // Empty values share nothing: the shared value is a real one.
      const shared = b.value(path, undefined, ['']);
      const { purpose } = rule.params;
      const items = [b.item(each, purpose, rules), b.item(each, purpose, rules)];
      for (const it of items) setAt(it, member, shared);
      return [place(items)];
    }
    default:
      return [];
  }
}

const holdsSomething = (v: unknown): boolean =>
  v !== null && v !== undefined && !(isObject(v) && Object.values(v).every((x) => x === null || x === undefined));

/** Candidate bodies for a rule between fields of the body. */
function fieldCandidates(rule: CrossRule, base: Body, b: Builder): Body[] {
  const body = structuredClone(base);
  const [first = ''] = rule.fields;
  const fill = (path: string, matching?: string) => {
    if (present(body, path) && !matching) return;
    // A value that holds nothing (null, `{}`) does not make a field present in the rule's sense: a
    // fullvirt slot given `{}` holds no device. Draw again until one holds something.
    let value = b.value(path, matching);
    for (let tries = 0; tries < 10 && !holdsSomething(value); tries++) value = b.value(path, matching);
    setAt(body, path, value);
  };
  switch (rule.kind) {
    case 'exclusive':
      for (const f of rule.fields) fill(f);
      return [body];
    case 'required-if': {
      const p = rule.params;
      const required = String(p.required ?? first);
      if (typeof p.ifPresent === 'string') fill(p.ifPresent);
      else if (typeof p.ifAbsent === 'string') setAt(body, p.ifAbsent, undefined);
      else return [];
      setAt(body, required, undefined);
      return [body];
    }
    case 'forbidden-if': {
      const p = rule.params;
      if (typeof p.ifPresent === 'string') fill(p.ifPresent);
      else if (isObject(p.ifMatches)) for (const [f, re] of Object.entries(p.ifMatches)) fill(f, String(re));
      else if (typeof p.ifField === 'string') fill(p.ifField, String(p.matches));
      else if (isObject(p.when)) {
        for (const [f, v] of Object.entries(p.when)) setAt(body, f, v);
        const slot = rule.fields.find((f) => !(f in (p.when as Body)));
        if (slot) fill(slot);
        return [body];
      } else return [];
      fill(first);
      return [body];
    }
    default:
      return [];
  }
}

/**
 * What to change so that another rule holds again, none of it touching the case's own rule: fill
 * what it requires (an image needs a root password), or drop what it forbids or excludes (a mode
 * that forbids a slot, the second of an exclusive pair, an array whose items break it).
 */
function mend(other: CrossRule, rule: CrossRule): { fill: string[]; drop: string[] } {
  const each = itemsOf(other);
  const [first = ''] = other.fields;
  if (each !== undefined) return { fill: [], drop: each ? [each] : [] };
  switch (other.kind) {
    case 'required-if': {
      // Fill what it requires, or when that is the case's own field, drop what makes it required.
      const p = other.params;
      const required = String(p.required ?? first);
      if (!rule.fields.includes(required)) return { fill: [required], drop: [] };
      return { fill: [], drop: typeof p.ifPresent === 'string' ? [p.ifPresent] : [] };
    }
    case 'exclusive':
      return { fill: [], drop: other.fields.slice(1) };
    case 'forbidden-if':
      if (isObject(other.params.when)) return { fill: [], drop: Object.keys(other.params.when) };
      return { fill: [], drop: rule.fields.includes(first) ? other.fields.slice(1) : [first] };
    default:
      return { fill: [], drop: [] };
  }
}

/** The case with every other rule the change (or the base) broke mended, where that leaves the case's own rule alone. */
function repaired(op: Operation, rule: CrossRule, body: Body, b: Builder): Body {
  const own = new Set([...rule.fields, ...(itemsOf(rule) ? [itemsOf(rule) as string] : [])]);
  const touchesOwn = (path: string) => [...own].some((f) => f === path || f.startsWith(`${path}.`));
  for (let pass = 0; pass < 3; pass++) {
    for (const other of op.body?.rules ?? []) {
      if (other.id === rule.id || crossRuleBroken(other, body) !== true) continue;
      const { fill, drop } = mend(other, rule);
      if ([...fill, ...drop].some(touchesOwn)) continue;
      for (const f of fill) setAt(body, f, b.value(f));
      for (const f of drop) setAt(body, f, undefined);
    }
  }
  pinAbsentConditions(op, rule, body, touchesOwn);
  return body;
}

/**
 * A condition an update leaves out keeps its stored value, which no body shows: where the body
 * holds what a `forbidden-if` rule forbids under a condition, the condition's field is sent with a
 * value that does not meet it (a profile stored as fullvirt refuses slot `sde` for that reason).
 */
function pinAbsentConditions(op: Operation, rule: CrossRule, body: Body, touchesOwn: (path: string) => boolean) {
  for (const other of op.body?.rules ?? []) {
    if (other.id === rule.id || other.kind !== 'forbidden-if') continue;
    const when = other.params.when;
    if (!isObject(when)) continue;
    if (!other.fields.some((f) => !(f in when) && present(body, f))) continue;
    for (const [field, trigger] of Object.entries(when)) {
      if (present(body, field) || touchesOwn(field)) continue;
      const safe = enumValues(fieldAt(op.body?.fields ?? [], field)).find((v) => !sameJson(v, trigger));
      if (safe !== undefined) setAt(body, field, safe);
    }
  }
}

/** Whether a body breaks the rule and nothing else: no field rule, no other cross rule the body decides. */
export function breaksOnly(op: Operation, rule: CrossRule, body: Body): boolean {
  if (!op.body || crossRuleBroken(rule, body) !== true) return false;
  const others = (op.body.rules ?? []).filter((r) => r.id !== rule.id);
  if (others.some((r) => crossRuleBroken(r, body) === true)) return false;
  return checkBody(op.body, body).every((v) => v.suffix === rule.id);
}

function locationOf(rule: CrossRule, body: Body): string {
  const each = itemsOf(rule);
  const member = memberOf(rule.fields[0] ?? '', each ?? '');
  if (!each) return each === '' ? member : (rule.fields[0] ?? '');
  const items = (valueAt(body, each) as Body[]).filter(isObject);
  return `${each}[${Math.max(0, itemRuleBreach(rule, items, member) ?? 0)}].${member}`;
}

const ROUNDS = 8;

/** The bodies breaking exactly one cross rule of an operation, from a valid base body; none for a rule a body cannot show. */
export function crossRuleCases(op: Operation, ruleId: string, base: Body, hints: Hints, seed: number): CrossCase[] {
  const rule = op.body?.rules?.find((r) => r.id === ruleId);
  if (!rule) return [];
  const b = new Builder(op, hints, seed);
  // Drawn values may break another rule (a device slot given both ids): a few rounds, until one case holds.
  for (let round = 0; round < ROUNDS; round++) {
    const candidates = itemsOf(rule) !== undefined ? itemCandidates(op, rule, base, b) : fieldCandidates(rule, base, b);
    const cases = candidates
      .map((body) => repaired(op, rule, body, b))
      .filter((body) => breaksOnly(op, rule, body))
      .map((body) => ({ body, location: locationOf(rule, body), why: `breaks ${rule.id}: ${rule.text}` }));
    if (cases.length > 0) return cases;
  }
  return [];
}
