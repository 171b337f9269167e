// Checks on a grants structure as a grants view answers it: the level held on one entity, the global grants, nothing held at all.

import type { Exchange } from '../http/exchange.js';
import { type CheckResult, described, failed, pass } from './result.js';

type Json = Record<string, unknown>;

const structure = (e: Exchange) => e.response?.json as Json | undefined;

const itemsOf = (e: Exchange, kind: string): Json[] => {
  const items = structure(e)?.[kind];
  return Array.isArray(items) ? (items as Json[]) : [];
};

const globalOf = (e: Exchange): Json | undefined => {
  const g = structure(e)?.global;
  return typeof g === 'object' && g !== null ? (g as Json) : undefined;
};

/** The structure lists entity `id` of `kind` with permissions `expected` (null: listed, with no access). */
export function entityPermission(
  e: Exchange,
  kind: string,
  id: number,
  expected: string | null,
  why: string,
): CheckResult {
  const item = itemsOf(e, kind).find((i) => i.id === id);
  const want = `${kind} ${id} listed with permissions ${JSON.stringify(expected)}`;
  if (!item) return failed('entity-permission', want, `${kind} ${id} not listed (${described(e)})`, why, e);
  if (item.permissions === expected) return pass;
  return failed('entity-permission', want, `permissions ${JSON.stringify(item.permissions)}`, why, e);
}

/** The structure's `global` member `flag` holds `expected`. */
export function globalGrantEquals(e: Exchange, flag: string, expected: unknown, why: string): CheckResult {
  const actual = globalOf(e)?.[flag];
  if (actual === expected) return pass;
  return failed(
    'global-grant',
    `global.${flag}: ${JSON.stringify(expected)}`,
    actual === undefined ? `no global.${flag} (${described(e)})` : `global.${flag}: ${JSON.stringify(actual)}`,
    why,
    e,
  );
}

/** No entity of the listed kinds carries a permission, `account_access` is null and every global flag is false. */
export function nothingGranted(
  e: Exchange,
  kinds: readonly string[],
  flags: readonly string[],
  why: string,
): CheckResult {
  const held = kinds.flatMap((kind) =>
    itemsOf(e, kind)
      .filter((i) => i.permissions !== null && i.permissions !== undefined)
      .map((i) => `${kind} ${String(i.id)}: ${String(i.permissions)}`),
  );
  const global = globalOf(e);
  if (!global) return failed('nothing-granted', 'a grants structure with `global`', described(e), why, e);
  if (global.account_access !== null && global.account_access !== undefined)
    held.push(`account_access: ${String(global.account_access)}`);
  held.push(...flags.filter((f) => global[f] === true).map((f) => `${f}: true`));
  if (held.length === 0) return pass;
  return failed('nothing-granted', 'no entity permission and no global grant', `held: ${held.join(', ')}`, why, e);
}
