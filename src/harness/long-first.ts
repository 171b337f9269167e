// Which tests of a file start first: those whose cases go one character or one value at a time (hundreds of requests in a row), then the written ones (several steps, often waiting for a state), then the derived checks, so a file's longest chains run alongside its short tests and not after them.

import { ruleId, walkFields } from '../../spec/derive.js';
import { operationById } from '../../spec/index.js';
import type { Requirement, Rule } from '../../spec/types.js';

/** Rules broken one probe at a time: a character outside the pattern or in the forbidden set, a value beside the allowed ones. */
const PROBED_ONE_BY_ONE: ReadonlySet<Rule['kind']> = new Set(['pattern', 'forbidden-characters', 'enum']);

/** The kind of rule the requirement's test probes one case at a time (a long chain of requests in a row), if it does. */
export function probedRule(r: Requirement): Rule['kind'] | undefined {
  // Asked for every test of every file, per mutant in a mutation run: found once per requirement.
  if (!probed.has(r)) probed.set(r, findProbedRule(r));
  return probed.get(r);
}

const probed = new WeakMap<Requirement, Rule['kind'] | undefined>();

function findProbedRule(r: Requirement): Rule['kind'] | undefined {
  const d = r.derivation;
  if (d?.kind !== 'field-rule') return undefined;
  const fields = operationById.get(d.operation)?.body?.fields ?? [];
  const field = walkFields(fields).find((w) => w.path === d.path)?.field;
  const kind = field?.rules?.find((x) => ruleId(x) === d.rule)?.kind;
  return kind !== undefined && PROBED_ONE_BY_ONE.has(kind) ? kind : undefined;
}

/** Whether the requirement's test sends a case per probe of its rule. */
export const probesOneByOne = (r: Requirement): boolean => probedRule(r) !== undefined;

/**
 * The requirements in the order their tests start: rules probed one at a time, then those with a
 * written procedure (`written`), then the rest; each group as given.
 */
export function longFirst(judged: readonly Requirement[], written: (r: Requirement) => boolean): Requirement[] {
  const probed = judged.filter(probesOneByOne);
  const rest = judged.filter((r) => !probesOneByOne(r));
  return [...probed, ...rest.filter(written), ...rest.filter((r) => !written(r))];
}
