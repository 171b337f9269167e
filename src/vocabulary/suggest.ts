// "Did you mean" for an id the command line does not know: the closest requirement ids, areas or operations (id prefixes), by edit distance.

import leven from 'leven';

/** How many suggestions a message names at most. */
const SHOWN = 3;

const segments = (id: string) => id.split('/').length;

/** Every id and every prefix of one at a segment boundary: areas (`vpcs`), operations (`vpcs/create`), requirement ids. */
export function idPrefixes(ids: readonly string[]): string[] {
  const all = new Set<string>();
  for (const id of ids) {
    const parts = id.split('/');
    for (let i = 1; i <= parts.length; i += 1) all.add(parts.slice(0, i).join('/'));
  }
  return [...all];
}

/**
 * The known names closest to a value: at the same depth, those it begins (`stack` for `stackscripts`)
 * or within a few edits of it (`vpc` for `vpcs`, a letter swapped in `label-lenght`); for a
 * single word, ids with a segment spelled that way (`label-length`). Best first, at most three.
 */
export function closest(value: string, known: readonly string[]): string[] {
  const wanted = value.replace(/\/+$/, '');
  if (wanted === '') return [];
  const depth = segments(wanted);
  const peers = known.filter((k) => segments(k) === depth);
  const begun = peers.filter((k) => k.startsWith(wanted));
  if (begun.length) return begun.sort((a, b) => a.length - b.length || a.localeCompare(b)).slice(0, SHOWN);
  const budget = Math.max(2, Math.floor(wanted.length / 3));
  const scored = peers
    .map((k) => ({ k, d: leven(wanted, k, { maxDistance: budget + 1 }) }))
    .filter((s) => s.d <= budget)
    .sort((a, b) => a.d - b.d || a.k.localeCompare(b.k));
  if (scored.length) {
    const best = scored[0]?.d as number;
    return scored
      .filter((s) => s.d === best)
      .slice(0, SHOWN)
      .map((s) => s.k);
  }
  if (depth > 1) return [];
  return known
    .filter((k) => k.split('/').slice(1).includes(wanted))
    .sort((a, b) => a.length - b.length || a.localeCompare(b))
    .slice(0, SHOWN);
}

/** ` did you mean a, b or c?`, or nothing when no name is close. */
export function didYouMean(value: string, known: readonly string[]): string {
  const names = closest(value, known);
  if (names.length === 0) return '';
  const last = names.pop() as string;
  return ` Did you mean ${names.length ? `${names.join(', ')} or ${last}` : last}?`;
}
