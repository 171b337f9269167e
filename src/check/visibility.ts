// Checks on who sees an entity: listed or not in a list, and lists that hold only what the caller may see.

import type { Exchange } from '../http/exchange.js';
import { type CheckResult, failed, pass } from './result.js';

/** A list item as the suite reads it: only its `id` matters here. */
export type Listed = Record<string, unknown>;

const ids = (items: Listed[]) => items.map((i) => i.id);

/** The entity `id` is among the items of a list (gathered over all its pages). */
export function listed(items: Listed[], id: unknown, what: string, exchange?: Exchange): CheckResult {
  if (ids(items).includes(id)) return pass;
  return failed(
    'listed',
    `${what} ${String(id)} in the list`,
    `${items.length} item(s), none with id ${String(id)}`,
    `The list leaves out ${what} that it must show.`,
    exchange,
  );
}

/** The entity `id` is not among the items of a list (gathered over all its pages). */
export function notListed(items: Listed[], id: unknown, what: string, exchange?: Exchange): CheckResult {
  if (!ids(items).includes(id)) return pass;
  return failed(
    'not-listed',
    `no item with id ${String(id)}`,
    `${what} ${String(id)} is listed`,
    `The list shows ${what} that it must not show.`,
    exchange,
  );
}

/** Every item of a list has `field` true (e.g. only public StackScripts); names the items that do not. */
export function everyListedFlagged(items: Listed[], field: string, exchange?: Exchange): CheckResult {
  const others = items.filter((i) => i[field] !== true);
  if (others.length === 0) return pass;
  const shown = others
    .slice(0, 10)
    .map((i) => `${String(i.id)} (${field}: ${JSON.stringify(i[field])})`)
    .join(', ');
  return failed(
    'every-listed-flagged',
    `every item with ${field} true`,
    `${others.length} item(s) without it: ${shown}`,
    `The list shows items it must hold back from this caller.`,
    exchange,
  );
}

/** The entity `id` appears exactly once among the items of a list (one entry per entity). */
export function listedOnce(items: Listed[], id: unknown, what: string, exchange?: Exchange): CheckResult {
  const count = ids(items).filter((x) => x === id).length;
  if (count === 1) return pass;
  return failed(
    'listed-once',
    `exactly one item with id ${String(id)}`,
    `${count} item(s) with id ${String(id)} among ${items.length}`,
    `The list must hold exactly one entry for ${what}.`,
    exchange,
  );
}
