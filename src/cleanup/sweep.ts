// Finds what carries a run's label prefix on the target (the litter of an interrupted run), reading every labelled collection the encoding lists.

import type { Operation } from '../../spec/types.js';
import { paramNamed, pathValueProblem } from '../target/path-value.js';
import { labelledCollections } from '../target/removal.js';
import type { Session } from '../target/session.js';
import type { Leftover, Litter } from './delete.js';

/** A bound on pages per list, so a target that always claims more pages cannot keep the sweep going. */
const MAX_PAGES = 40;
const PAGE_SIZE = 500;

/** Shorter prefixes would match labels the run did not make. */
export const MIN_PREFIX_LENGTH = 4;

type Json = Record<string, unknown>;

/**
 * What a list holds that carries the prefix, page after page: items are looked at as they come and
 * never spread into a call's arguments (a page of 150,000 items overflowed the stack), so a page is
 * bounded by the client's size cap alone.
 */
async function prefixed(session: Session, list: Operation, keep: (item: Json) => void): Promise<{ unread?: string }> {
  const paged = list.query.some((p) => p.name === 'page');
  for (let page = 1; page <= MAX_PAGES; page++) {
    const query: Record<string, number> = paged ? { page, page_size: PAGE_SIZE } : {};
    const e = await session.client.send({
      method: 'GET',
      url: session.url(list, {}, query),
      token: session.config.token,
    });
    const json = e.response?.json as Json | Json[] | undefined;
    const data = Array.isArray(json) ? json : json?.data;
    if (e.response?.status !== 200 || !Array.isArray(data)) {
      return { unread: `${list.path}: ${e.transportError?.message ?? `answered ${e.response?.status}`}` };
    }
    for (const item of data) if (item && typeof item === 'object' && !Array.isArray(item)) keep(item as Json);
    const pages = Array.isArray(json) ? 1 : json?.pages;
    if (!paged || typeof pages !== 'number' || page >= pages) break;
  }
  return {};
}

export interface Found {
  litter: Litter[];
  /** Lists that could not be read. */
  unread: string[];
  /** Items with the prefix whose id no path can hold (`""`, `..`, a word for an integer): never deleted. */
  unusable: Leftover[];
}

/**
 * Every entity whose label (a username, for users) starts with the prefix, children-free lists
 * first in reverse order of the encoding (instances before the VPCs they use); lists that could
 * not be read are named in `unread`, items no path can name in `unusable`.
 */
export async function findByPrefix(session: Session, prefix: string): Promise<Found> {
  if (prefix.length < MIN_PREFIX_LENGTH) throw new Error(`a prefix of at least ${MIN_PREFIX_LENGTH} characters`);
  const collections = labelledCollections().reverse();
  const found = collections.map((): { litter: Litter[]; unusable: Leftover[] } => ({ litter: [], unusable: [] }));
  // Read at once: against a target that stopped answering, the sweep then waits one timeout, not one per list.
  const read = await Promise.all(
    collections.map(({ list, removal, labelField }, i) => {
      const mine = found[i] as (typeof found)[number];
      const param = removal.remove.pathParams.find((p) => p.name === removal.param) ?? paramNamed(removal.param);
      return prefixed(session, list, (item) => {
        const label = item[labelField];
        if (typeof label !== 'string' || !label.startsWith(prefix)) return;
        // Public StackScripts of other accounts are listed too, and are not ours to delete.
        if (item.mine === false) return;
        const id = item[removal.idField];
        const unusable = pathValueProblem(param, id);
        if (unusable) {
          const request = `${removal.remove.method} ${removal.remove.path}`;
          mine.unusable.push({ request, label, reason: `listed with an id no path can hold: ${unusable}` });
          return;
        }
        mine.litter.push({
          remove: removal.remove,
          params: { [removal.param]: id as string | number },
          label,
          ...(removal.view ? { view: removal.view } : {}),
        });
      });
    }),
  );
  return {
    litter: found.flatMap((f) => f.litter),
    unread: read.flatMap((r) => (r.unread ? [r.unread] : [])),
    unusable: found.flatMap((f) => f.unusable),
  };
}
