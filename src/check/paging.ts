// Checks on paging across several answers of one list: the default page and page size, every item exactly once, stable order, pages beyond the last.

import { PAGE_SIZE } from '../../spec/conventions.js';
import type { Exchange } from '../http/exchange.js';
import { asEnvelope } from './envelope.js';
import { type CheckResult, described, failed, pass } from './result.js';

const idsOf = (e: Exchange): string[] =>
  (asEnvelope(e)?.data ?? []).map((x) => String((x as { id?: unknown } | null)?.id ?? JSON.stringify(x)));

const noEnvelope = (check: string): CheckResult => ({ ok: 'n/a', check, why: 'no envelope to read' });

/** Without `page`, the answer is page 1: `page` says 1 and, when given, the items are those of `page=1`. */
export function defaultPageIsFirst(withoutPage: Exchange, firstPage?: Exchange): CheckResult {
  const env = asEnvelope(withoutPage);
  if (!env || (firstPage && !asEnvelope(firstPage))) return noEnvelope('default-page');
  const same = !firstPage || JSON.stringify(idsOf(withoutPage)) === JSON.stringify(idsOf(firstPage));
  if (env.page === 1 && same) return pass;
  return failed(
    'default-page',
    firstPage ? 'page 1, with the items of page=1' : 'page 1',
    `page ${env.page}${same ? '' : '; items differ from those of page=1'}`,
    'A list called without `page` returns page 1.',
    withoutPage,
  );
}

/** Without `page_size`, page 1 holds min(100, results) items. */
export function defaultPageSize(e: Exchange): CheckResult {
  const env = asEnvelope(e);
  if (!env) return noEnvelope('default-page-size');
  const expected = Math.min(PAGE_SIZE.default, env.results);
  if (env.data.length === expected) return pass;
  return failed(
    'default-page-size',
    `${expected} items (default page size ${PAGE_SIZE.default}, ${env.results} results)`,
    `${env.data.length} items`,
    'A list called without `page_size` returns 100 items per page when more exist.',
    e,
  );
}

/** `results` counts exactly the items a list is known to hold (a list whose every item the suite made). */
export function resultsTotal(e: Exchange, expected: number): CheckResult {
  const env = asEnvelope(e);
  if (!env) return noEnvelope('envelope-results');
  if (env.results === expected) return pass;
  return failed(
    'envelope-results',
    `results ${expected}`,
    `results ${env.results}`,
    '`results` is the total number of items of the list.',
    e,
  );
}

/** The ids read over all pages hold each expected id exactly once and no id twice. */
export function eachItemOnce(seen: string[], expected: string[], last?: Exchange): CheckResult {
  const counts = new Map<string, number>();
  for (const id of seen) counts.set(id, (counts.get(id) ?? 0) + 1);
  const missing = expected.filter((id) => !counts.has(id));
  const repeated = [...counts].filter(([, n]) => n > 1).map(([id]) => id);
  if (missing.length === 0 && repeated.length === 0) return pass;
  return failed(
    'paging-partition',
    `each of ${expected.length} items exactly once over the pages`,
    [
      missing.length ? `missing ${missing.slice(0, 10).join(', ')}` : '',
      repeated.length ? `repeated ${repeated.slice(0, 10).join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('; '),
    'The pages of an unchanged list partition it: no item lost, none repeated.',
    last,
  );
}

/** Two walks over an unchanged list see the items in the same order. */
export function stableOrder(first: string[], second: string[], last?: Exchange): CheckResult {
  if (JSON.stringify(first) === JSON.stringify(second)) return pass;
  return failed(
    'paging-stable-order',
    'the same order on both walks',
    `first ${first.slice(0, 10).join(',')}...; then ${second.slice(0, 10).join(',')}...`,
    'Items keep a stable order across pages while nothing changes.',
    last,
  );
}

/** A page past the last is empty or refused, and repeats no item of the earlier pages. */
export function beyondLastPage(e: Exchange, earlier: string[]): CheckResult {
  const status = e.response?.status ?? 0;
  if (status >= 400 && status < 500) return pass;
  const env = asEnvelope(e);
  if (env && env.data.length === 0) return pass;
  const repeated = idsOf(e).filter((id) => earlier.includes(id));
  return failed(
    'paging-beyond-last',
    'an empty `data` or a 4xx',
    env
      ? `${env.data.length} items${repeated.length ? `, repeating ${repeated.slice(0, 10).join(', ')}` : ''}`
      : described(e),
    'A page beyond the last answers no items and never repeats earlier ones.',
    e,
  );
}

/** The ids of a page, for walking a list. */
export const pageIds = idsOf;
