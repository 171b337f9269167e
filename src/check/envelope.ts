// Checks on the collection envelope: its shape, and counts that agree with the page returned.

import type { Exchange } from '../http/exchange.js';
import { type CheckResult, described, failed, pass } from './result.js';

export interface Envelope {
  data: unknown[];
  page: number;
  pages: number;
  results: number;
}

export function asEnvelope(e: Exchange): Envelope | undefined {
  const b = e.response?.json as Partial<Envelope> | undefined;
  const isInt = (n: unknown) => Number.isInteger(n);
  return b && Array.isArray(b.data) && isInt(b.page) && isInt(b.pages) && isInt(b.results)
    ? (b as Envelope)
    : undefined;
}

/** `data` (array), `page`, `pages`, `results` (integers). */
export function envelopeShape(e: Exchange): CheckResult {
  if (asEnvelope(e)) return pass;
  return failed(
    'envelope-shape',
    '{data: [...], page, pages, results}',
    described(e),
    'Every paginated list answers the collection envelope.',
    e,
  );
}

/** `page` is the page asked for, `pages` fits `results` at this page size, and `data` is no longer than a page. */
export function envelopeCounts(e: Exchange, requestedPage: number, pageSize: number): CheckResult {
  const env = asEnvelope(e);
  if (!env) return { ok: 'n/a', check: 'envelope-counts', why: 'no envelope' };
  const expectedPages = Math.max(1, Math.ceil(env.results / pageSize));
  const problems: string[] = [];
  if (env.page !== requestedPage) problems.push(`page ${env.page} for page ${requestedPage}`);
  if (env.pages !== expectedPages && !(env.results === 0 && env.pages === 0)) {
    problems.push(`pages ${env.pages} for ${env.results} results at ${pageSize} per page (expected ${expectedPages})`);
  }
  if (env.data.length > pageSize) problems.push(`${env.data.length} items on a page of ${pageSize}`);
  const last = requestedPage === expectedPages;
  const expectedLength = last ? env.results - pageSize * (requestedPage - 1) : pageSize;
  if (requestedPage <= expectedPages && env.data.length !== expectedLength) {
    problems.push(`${env.data.length} items where ${expectedLength} belong on page ${requestedPage}`);
  }
  if (problems.length === 0) return pass;
  return failed(
    'envelope-counts',
    'page, pages, results and data in agreement',
    problems.join('; '),
    'results is the total, pages = ceil(results / page_size).',
    e,
  );
}
