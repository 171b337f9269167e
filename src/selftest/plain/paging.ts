// The paging convention of the plain server (Part 1, Shared shapes and Limits): `page` and `page_size` read from a query, and the collection envelope of one page.

import type { PlainLimits, Problem } from './rules.js';

export interface Paging {
  page: number;
  pageSize: number;
}

/** A positive decimal integer as a query writes it; anything else (`-1`, `1.5`, `1e3`, `abc`) is not one. */
const INTEGER = /^[0-9]+$/;

/** The page asked for, or the problems of its parameters (each naming its parameter). */
export function pagingOf(query: URLSearchParams, limits: PlainLimits): Paging | Problem[] {
  const problems: Problem[] = [];
  const page = query.get('page') ?? '1';
  const size = query.get('page_size') ?? String(limits.pageSizeDefault);
  if (!INTEGER.test(page) || Number(page) < 1)
    problems.push({ field: 'page', reason: 'Must be an integer of 1 or more' });
  const { pageSizeMin: min, pageSizeMax: max } = limits;
  if (!INTEGER.test(size) || Number(size) < min || Number(size) > max)
    problems.push({ field: 'page_size', reason: `Must be an integer from ${min} to ${max}` });
  return problems.length ? problems : { page: Number(page), pageSize: Number(size) };
}

/** The envelope of one page of a list; a page past the last holds no items. */
export function envelope(items: readonly unknown[], { page, pageSize }: Paging) {
  const start = (page - 1) * pageSize;
  return {
    data: start < items.length ? items.slice(start, start + pageSize) : [],
    page,
    pages: Math.max(1, Math.ceil(items.length / pageSize)),
    results: items.length,
  };
}
