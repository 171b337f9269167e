// Groups the failures of one requirement that fail alike (same check, same expectation, same answer up to numbers and quoted values), so a report shows one case in full and the others one line each.

import type { Failure } from '../vocabulary/outcome.js';

export interface FailureGroup {
  /** The first failure of the group, shown in full. */
  first: Failure;
  /** The other failures like it, in their order. */
  like: Failure[];
}

/** The answer with what varies from case to case (numbers, quoted values) blanked out. */
const shapeOf = (actual: string) =>
  actual
    .replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
    .replace(/'(?:[^'\\]|\\.)*'/g, "'…'")
    .replace(/\d+(?:\.\d+)?/g, '#');

const keyOf = (f: Failure) => `${f.check}\u0000${f.expected}\u0000${shapeOf(f.actual)}`;

/** The failures grouped by likeness, groups in the order of their first failure. */
export function groupFailures(failures: readonly Failure[]): FailureGroup[] {
  const groups = new Map<string, FailureGroup>();
  for (const f of failures) {
    const key = keyOf(f);
    const group = groups.get(key);
    if (group) group.like.push(f);
    else groups.set(key, { first: f, like: [] });
  }
  return [...groups.values()];
}

/** One line for a failure like another: its case, what came, and the request that showed it. */
export function oneLine(f: Failure): string {
  const e = f.exchanges[0];
  const request = e ? `${e.request.method} ${e.request.url}` : '';
  const status = e?.response ? ` → ${e.response.status}` : e?.transportError ? ` → ${e.transportError.code}` : '';
  return [f.case ? `case ${f.case}` : '', `got ${f.actual}`, request ? `${request}${status}` : '']
    .filter(Boolean)
    .join(' · ');
}
