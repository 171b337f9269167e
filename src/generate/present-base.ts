// A valid body in which one optional field is present and every cross rule still holds: the base for that field's negative cases when giving it at all breaks a cross rule of the drawn base (a region next to a public address).

import fc from 'fast-check';
import { checkBody, crossRuleHolds, isObject } from '../../spec/evaluate.js';
import type { CrossRule, Field, Operation } from '../../spec/types.js';
import { type Hints, validValue } from './values.js';

type Body = Record<string, unknown>;

/** The first address of an IPv4 range (`10.0.0.0/8` → `10.0.0.1`), or undefined for other ranges. */
function hostIn(cidr: string): string | undefined {
  const [net = '', bits] = cidr.split('/');
  const octets = net.split('.').map(Number);
  if (octets.length !== 4 || octets.some((o) => !Number.isInteger(o) || o < 0 || o > 255) || Number(bits) > 30)
    return undefined;
  octets[3] = (octets[3] ?? 0) + 1;
  return octets.join('.');
}

/**
 * Per custom cross check (customCrossChecks in spec/evaluate.ts): values of the rule's other fields
 * under which the rule holds while its first field is given, built from the rule's own fields and
 * parameters. Each candidate is re-checked against the whole encoding before use.
 */
const heldWithFirst: Record<string, (rule: CrossRule, fields: readonly Field[]) => Body[]> = {
  // The first field (region) is allowed exactly when the second (address) names a private IP.
  'region-iff-private-address': (rule, fields) => {
    const [, partner = ''] = rule.fields;
    const ranges = rule.kind === 'custom' ? (rule.params.privateRanges ?? []) : [];
    const url = fields.find((f) => f.name === partner)?.format === 'url';
    return ranges
      .map((r) => hostIn(String(r)))
      .filter((h): h is string => h !== undefined)
      .map((host) => ({ [partner]: url ? `http://${host}/` : host }));
  },
};

/** Sets a top-level or nested object member; false where the path runs through something that is not an object. */
function setAt(body: Body, path: string, value: unknown): boolean {
  const keys = path.split('.');
  const last = keys.pop() as string;
  let at = body;
  for (const key of keys) {
    if (at[key] === undefined) at[key] = {};
    if (!isObject(at[key])) return false;
    at = at[key] as Body;
  }
  at[last] = value;
  return true;
}

/**
 * The base with a valid value at `path` and, where that breaks a cross rule naming the field first,
 * the rule's other fields set so that it holds again; undefined when no such body passes every rule
 * (no witness is known for the rule, or the field lies inside an array).
 */
export function presentBase(
  op: Operation,
  base: Body,
  path: string,
  field: Field,
  seed: number,
  hints: Hints,
): Body | undefined {
  const body = op.body;
  if (body?.kind !== 'json' || path.endsWith('.item')) return undefined;
  const value = fc
    .sample(validValue(field, path, hints), { seed, numRuns: 20 })
    .find((v) => v !== null && v !== undefined);
  if (value === undefined) return undefined;
  const out = structuredClone(base);
  if (!setAt(out, path, value)) return undefined;
  for (const rule of body.rules ?? []) {
    if (rule.fields[0] !== path || crossRuleHolds(rule, out) !== false) continue;
    const check = rule.kind === 'custom' ? (rule.params.check ?? rule.id) : '';
    const held = (heldWithFirst[check]?.(rule, body.fields) ?? []).find((partners) => {
      const trial = structuredClone(out);
      return Object.entries(partners).every(([p, v]) => setAt(trial, p, v)) && crossRuleHolds(rule, trial) === true;
    });
    if (!held) return undefined;
    for (const [p, v] of Object.entries(held)) setAt(out, p, v);
  }
  return checkBody(body, out).length === 0 ? out : undefined;
}
