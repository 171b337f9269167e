// Self-tests of the envelope counts: a page as asked, and on a list whose page bounds the documents do not show, a smaller page size of the server's own, as long as every count agrees with it.

import { describe, expect, test } from 'vitest';
import type { Exchange } from '../http/exchange.js';
import { envelopeCounts } from './envelope.js';

const page = (data: number, pageNumber: number, pages: number, results: number): Exchange => {
  const json = { data: Array.from({ length: data }, (_, i) => ({ id: i })), page: pageNumber, pages, results };
  return {
    request: { method: 'GET', url: 'http://127.0.0.1:9/v4/vpcs', headers: {} },
    response: { status: 200, headers: {}, text: JSON.stringify(json), json, truncated: false },
    startedAt: '',
    durationMs: 0,
  };
};

describe('envelope counts', () => {
  test('a page as asked passes; a short page fails where the documents show the bounds', () => {
    expect(envelopeCounts(page(100, 1, 2, 158), 1, 100).ok).toBe(true);
    expect(envelopeCounts(page(58, 2, 2, 158), 2, 100).ok).toBe(true);
    expect(envelopeCounts(page(40, 1, 4, 158), 1, 100)).toMatchObject({ ok: false, check: 'envelope-counts' });
  });

  test('where they do not, a server may page at a maximum of its own, seen on a full page or the last one', () => {
    expect(envelopeCounts(page(40, 1, 4, 158), 1, 100, true).ok).toBe(true);
    expect(envelopeCounts(page(38, 4, 4, 158), 4, 100, true).ok).toBe(true);
  });

  test('its counts must still agree with the size it pages at', () => {
    expect(envelopeCounts(page(40, 1, 2, 158), 1, 100, true)).toMatchObject({ ok: false });
    expect(envelopeCounts(page(40, 1, 4, 170), 1, 100, true)).toMatchObject({ ok: false });
    expect(envelopeCounts(page(120, 1, 2, 158), 1, 100, true)).toMatchObject({ ok: false });
  });
});
