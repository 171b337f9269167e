// Which requirements a run judges: the union of `--only` prefixes, less every `--exclude` prefix, at one `--level`, in one `--part`, or exact ids.

import { exclusions, requirements } from '../../spec/index.js';
import type { Level, Requirement } from '../../spec/types.js';

export interface SelectionFlags {
  /** Ids or id prefixes (`vpcs/create`); the union of all. A string is one prefix. */
  only?: string | string[];
  /** Ids or id prefixes left out of the selection. */
  exclude?: string[];
  level?: Level;
  /** Only the requirements of one part of the documents (1, 2 or 3). */
  part?: string;
  /** Exact requirement ids, instead of `only`. */
  ids?: string[];
}

const list = (value: string | string[] | undefined) => (value === undefined ? [] : [value].flat());

/** Whether an id is one of the prefixes or under one (`vpcs/create` holds `vpcs/create/label-length`). */
export const underAny = (id: string, prefixes: readonly string[]) =>
  prefixes.some((p) => id === p || id.startsWith(p.endsWith('/') ? p : `${p}/`));

/** All requirements selected, and those judged (the selection less the exclusions of spec/). */
export function selectRequirements(flags: SelectionFlags): { all: Requirement[]; judged: Requirement[] } {
  const excluded = new Set(exclusions.map((x) => x.requirement));
  const only = list(flags.only);
  const exclude = flags.exclude ?? [];
  const all = requirements.filter(
    (r) =>
      (flags.ids ? flags.ids.includes(r.id) : only.length === 0 || underAny(r.id, only)) &&
      !underAny(r.id, exclude) &&
      (flags.level === undefined || r.level === flags.level) &&
      (flags.part === undefined || String(r.source.part) === flags.part),
  );
  return { all, judged: all.filter((r) => !excluded.has(r.id)) };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The vitest test-name pattern of a selection. Titles start with `<id> [LEVEL]`: one --only prefix
 * alone stays a prefix pattern; anything more selects the exact ids judged.
 */
export function namePattern(flags: SelectionFlags, judged: readonly Requirement[]): string | undefined {
  const only = list(flags.only);
  const narrowed = flags.ids || only.length > 1 || flags.exclude?.length || flags.level !== undefined;
  if (narrowed) return `^(${judged.map((r) => escapeRegExp(r.id)).join('|')}) \\[`;
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
