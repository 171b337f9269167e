// Reads every page of a list so that tests find their own items among the target's other data.

import { operationById } from '../../../spec/index.js';
import type { Operation } from '../../../spec/types.js';
import {
  acceptedWith2xx,
  asEnvelope,
  type Exchange,
  envelopeShape,
  type Kit,
  type Listed,
} from '../../support/author.js';

/** Lists of this API are small enough on a test target; a bound keeps a runaway `pages` finite. */
const MAX_PAGES = 40;
const PAGE_SIZE = 500;

export interface Listing {
  items: Listed[];
  /** The first page, shown with a failure about the list. */
  exchange: Exchange;
}

/** An operation of the encoding by id; a missing one is a suite bug. */
export function operation(id: string): Operation {
  const op = operationById.get(id);
  if (!op) throw new Error(`no operation ${id} in the encoding`);
  return op;
}

/**
 * Every item of a list, page after page; `token` as in kit.send (null: anonymous). Records a
 * failure and answers undefined when a page is refused or is no envelope.
 */
export async function listAll(
  kit: Kit,
  op: Operation,
  token?: string | null,
  label = op.id,
): Promise<Listing | undefined> {
  const paged = op.query.some((p) => p.name === 'page');
  const items: Listed[] = [];
  let first: Exchange | undefined;
  for (let page = 1; page <= MAX_PAGES; page += 1) {
    const e = await kit.send(op, {
      ...(paged ? { query: { page, page_size: PAGE_SIZE } } : {}),
      ...(token === undefined ? {} : { token }),
    });
    first ??= e;
    if (!kit.check(acceptedWith2xx(e), `${label}, page ${page}`)) return undefined;
    const envelope = asEnvelope(e);
    if (!envelope) {
      kit.check(envelopeShape(e), `${label}, page ${page}`);
      return undefined;
    }
    for (const item of envelope.data as Listed[]) items.push(item);
    if (!paged || page >= envelope.pages) break;
  }
  return first ? { items, exchange: first } : undefined;
}
