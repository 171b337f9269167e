// Parses the `--scopes` option of audit and proxy: the scopes of the token that recorded requests carry.

import { scopeAreas, scopeLevels } from '../../spec/conventions.js';

/** `vpc:read_only,account:read_write` (commas or spaces) or `*`; throws with the scope it does not know. */
export function parseScopes(text: string): string[] {
  const scopes = text.split(/[\s,]+/).filter(Boolean);
  const known = new Set<string>(['*', ...scopeAreas.flatMap((a) => scopeLevels.map((l) => `${a}:${l}`))]);
  const unknown = scopes.filter((s) => !known.has(s));
  if (unknown.length)
    throw new Error(
      `unknown scope ${unknown.join(', ')}: scopes are * or <area>:read_only|read_write, areas ${scopeAreas.join(', ')}`,
    );
  return scopes;
}
