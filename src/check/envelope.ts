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

/** What disagrees between an envelope and the page it answers, were the list paged `size` at a time. */
function countProblems(env: Envelope, requestedPage: number, size: number): string[] {
  const expectedPages = Math.max(1, Math.ceil(env.results / size));
  const problems: string[] = [];
  if (env.page !== requestedPage) problems.push(`page ${env.page} for page ${requestedPage}`);
  if (env.pages !== expectedPages && !(env.results === 0 && env.pages === 0)) {
    problems.push(`pages ${env.pages} for ${env.results} results at ${size} per page (expected ${expectedPages})`);
  }
  if (env.data.length > size) problems.push(`${env.data.length} items on a page of ${size}`);
  const last = requestedPage === expectedPages;
  const expectedLength = last ? env.results - size * (requestedPage - 1) : size;
  if (requestedPage <= expectedPages && env.data.length !== expectedLength) {
    problems.push(`${env.data.length} items where ${expectedLength} belong on page ${requestedPage}`);
  }
  return problems;
}

/**
 * The page sizes a target may have served instead of the one asked for, on a list whose page bounds
 * the documents do not show (DECISIONS 8): a smaller maximum of its own, which a full page shows, or
 * which the last page and `pages` imply.
 */
function ownPageSizes(env: Envelope, pageSize: number): number[] {
  const sizes = [env.data.length];
  if (env.pages > 1) sizes.push((env.results - env.data.length) / (env.pages - 1));
  return sizes.filter((s) => Number.isInteger(s) && s >= 1 && s < pageSize);
}

/**
 * `page` is the page asked for, `pages` fits `results` at this page size, and `data` is no longer
 * than a page. With `ownMaximum` (a list whose page bounds the documents do not show) a target may
 * page at a smaller size of its own, as long as every count agrees with that size.
 */
export function envelopeCounts(e: Exchange, requestedPage: number, pageSize: number, ownMaximum = false): CheckResult {
  const env = asEnvelope(e);
  if (!env) return { ok: 'n/a', check: 'envelope-counts', why: 'no envelope' };
  const problems = countProblems(env, requestedPage, pageSize);
  if (problems.length === 0) return pass;
  if (ownMaximum && ownPageSizes(env, pageSize).some((s) => countProblems(env, requestedPage, s).length === 0))
    return pass;
  return failed(
    'envelope-counts',
    'page, pages, results and data in agreement',
    problems.join('; '),
    ownMaximum
      ? 'results is the total, pages = ceil(results / page size), the page size being the one asked for or a smaller one of the server, the same on every page.'
      : 'results is the total, pages = ceil(results / page_size).',
    e,
  );
}
