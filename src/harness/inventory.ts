// What each suite file hands to `conformance` (its area and written procedures), collected as data for the catalogue instead of registering tests, and the names wrappers give the procedures they wrap.

import type { WrittenProcedure } from './procedures/derived.js';

export interface Registration {
  area: string;
  written: Readonly<Record<string, WrittenProcedure>>;
}

let collecting: Registration[] | undefined;

/** The registrations made while `load` runs (it imports suite files); no test is registered meanwhile. */
export async function registrationsOf(load: () => Promise<unknown>): Promise<Registration[]> {
  const out: Registration[] = [];
  collecting = out;
  try {
    await load();
  } finally {
    collecting = undefined;
  }
  return out;
}

/** Records a suite file's registration when the catalogue collects them; false when tests are to be registered. */
export function collected(area: string, written: Readonly<Record<string, WrittenProcedure>>): boolean {
  collecting?.push({ area, written });
  return collecting !== undefined;
}

const wrapped = new WeakMap<WrittenProcedure, { inner: string; condition: string }>();

/** Records that `outer` runs `inner` under a condition ("while busy"), so the catalogue names `inner`. */
export function wraps(outer: WrittenProcedure, inner: WrittenProcedure, condition: string): WrittenProcedure {
  wrapped.set(outer, { inner: functionName(inner), condition });
  return outer;
}

/** A function's own name; none for an arrow function written inline, which takes the name of its key (a requirement id). */
const functionName = (f: WrittenProcedure): string => (/^[A-Za-z_$][\w$]*$/.test(f.name) ? f.name : '');

/** How the catalogue names a written procedure: `name`, with the condition a wrapper adds; '' for an inline one. */
export function procedureName(p: WrittenProcedure): string {
  const w = wrapped.get(p);
  const name = w ? w.inner : functionName(p);
  const shown = name ? `\`${name}\`` : '';
  return w ? `${shown} (${w.condition})`.trim() : shown;
}
