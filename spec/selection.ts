// Which requirements a selection holds: the union of `--only` prefixes (with the conventions, when whole areas are named), less every `--exclude` prefix, at one `--level`, in one `--part`, or exact ids.

import { areas, exclusions, requirements } from './index.js';
import { ALWAYS_REQUIRED } from './profile.js';
import type { Level, Requirement } from './types.js';

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

export const list = (value: string | string[] | undefined) => (value === undefined ? [] : [value].flat());

/** Whether an id is one of the prefixes or under one (`vpcs/create` holds `vpcs/create/label-length`). */
export const underAny = (id: string, prefixes: readonly string[]) =>
  prefixes.some((p) => id === p || id.startsWith(p.endsWith('/') ? p : `${p}/`));

/**
 * The areas a selection names whole (`--only vpcs`): the conventions come with them, judged through
 * their operations, since an implementation of an area answers by the conventions too.
 */
export function areasNamed(flags: SelectionFlags): string[] {
  if (flags.ids) return [];
  const names = new Set(areas.map((a) => a.name));
  return list(flags.only).filter((p) => names.has(p.replace(/\/$/, '')));
}

/**
 * The areas the conventions are judged through: those a selection names whole, unless it names the
 * conventions themselves (then through every operation, as a whole run does); none means every area.
 */
export function conventionAreas(flags: SelectionFlags): string[] {
  return list(flags.only).some((p) => p.replace(/\/$/, '') === ALWAYS_REQUIRED) ? [] : areasNamed(flags);
}

/** All requirements selected, and those judged (the selection less the exclusions of spec/). */
export function selectRequirements(flags: SelectionFlags): { all: Requirement[]; judged: Requirement[] } {
  const excluded = new Set(exclusions.map((x) => x.requirement));
  const only = list(flags.only);
  const withConventions = areasNamed(flags).length ? [...only, ALWAYS_REQUIRED] : only;
  const exclude = flags.exclude ?? [];
  const all = requirements.filter(
    (r) =>
      (flags.ids ? flags.ids.includes(r.id) : only.length === 0 || underAny(r.id, withConventions)) &&
      !underAny(r.id, exclude) &&
      (flags.level === undefined || r.level === flags.level) &&
      (flags.part === undefined || String(r.source.part) === flags.part),
  );
  return { all, judged: all.filter((r) => !excluded.has(r.id)) };
}
