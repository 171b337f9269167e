// Finds what carries a run's label prefix on the target (the litter of an interrupted run), reading every labelled collection the encoding lists.

import type { Operation } from '../../spec/types.js';
import { labelledCollections } from '../target/removal.js';
import type { Session } from '../target/session.js';
import type { Litter } from './delete.js';

/** A bound on pages per list, so a target that always claims more pages cannot keep the sweep going. */
const MAX_PAGES = 40;
const PAGE_SIZE = 500;

/** Shorter prefixes would match labels the run did not make. */
export const MIN_PREFIX_LENGTH = 4;

type Json = Record<string, unknown>;

async function allItems(session: Session, list: Operation): Promise<{ items: Json[]; unread?: string }> {
  const paged = list.query.some((p) => p.name === 'page');
  const items: Json[] = [];
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
      return { items, unread: `${list.path}: ${e.transportError?.message ?? `answered ${e.response?.status}`}` };
    }
    items.push(...(data as Json[]));
    const pages = Array.isArray(json) ? 1 : json?.pages;
    if (!paged || typeof pages !== 'number' || page >= pages) break;
  }
  return { items };
}

/**
 * Every entity whose label (a username, for users) starts with the prefix, children-free lists
 * first in reverse order of the encoding (instances before the VPCs they use); lists that could
 * not be read are named in `unread`.
 */
export async function findByPrefix(session: Session, prefix: string): Promise<{ litter: Litter[]; unread: string[] }> {
  if (prefix.length < MIN_PREFIX_LENGTH) throw new Error(`a prefix of at least ${MIN_PREFIX_LENGTH} characters`);
  const litter: Litter[] = [];
  const unread: string[] = [];
  const collections = labelledCollections().reverse();
  // Read at once: against a target that stopped answering, the sweep then waits one timeout, not one per list.
  const read = await Promise.all(collections.map(({ list }) => allItems(session, list)));
  for (const [i, { removal, labelField }] of collections.entries()) {
    const { items, unread: why } = read[i] as Awaited<ReturnType<typeof allItems>>;
    if (why) unread.push(why);
    for (const item of items) {
      const label = item[labelField];
      const id = item[removal.idField];
      if (typeof label !== 'string' || !label.startsWith(prefix)) continue;
      // Public StackScripts of other accounts are listed too, and are not ours to delete.
      if (item.mine === false) continue;
      if (typeof id !== 'string' && typeof id !== 'number') continue;
      litter.push({
        remove: removal.remove,
        params: { [removal.param]: id },
        label,
        ...(removal.view ? { view: removal.view } : {}),
      });
    }
  }
  return { litter, unread };
}
