// How a run's selection (spec/selection.ts) reaches vitest and messages: the test-name pattern, and the selection named in a line.

import { areasNamed, list, type SelectionFlags } from '../../spec/selection.js';
import type { Requirement } from '../../spec/types.js';

export {
  areasNamed,
  conventionAreas,
  type SelectionFlags,
  selectRequirements,
  underAny,
} from '../../spec/selection.js';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The vitest test-name pattern of exactly these requirements. */
export const exactPattern = (judged: readonly Requirement[]) =>
  `^(${judged.map((r) => escapeRegExp(r.id)).join('|')}) \\[`;

/**
 * The vitest test-name pattern of a selection. Titles start with `<id> [LEVEL]`: one --only prefix
 * alone stays a prefix pattern; anything more selects the exact ids judged.
 */
export function namePattern(flags: SelectionFlags, judged: readonly Requirement[]): string | undefined {
  const only = list(flags.only);
  const narrowed =
    flags.ids || only.length > 1 || flags.exclude?.length || flags.level !== undefined || areasNamed(flags).length;
  if (narrowed) return exactPattern(judged);
  return only[0] === undefined ? undefined : `^${escapeRegExp(only[0])}`;
}

/** How the selection is named in a message: `vpcs, tags less vpcs/delete at MUST`. */
export function describeSelection(flags: SelectionFlags): string {
  const only = list(flags.only);
  const parts = [
    only.length ? only.join(', ') : flags.part ? `part ${flags.part}` : 'the selection',
    ...(flags.exclude?.length ? [`less ${flags.exclude.join(', ')}`] : []),
    ...(flags.level ? [`at ${flags.level}`] : []),
  ];
  return parts.join(' ');
}
