// Self-tests of the compute-state checks: each passes on a good answer and fails on a bad one.

import { describe, expect, test } from 'vitest';
import type { Exchange } from '../http/exchange.js';
import {
  addressKind,
  carriesNullableString,
  gone,
  includesAll,
  includesNone,
  isPrivateIpv4,
  nonEmptyString,
  stillThere,
} from './compute.js';

const answer = (json: unknown, status = 200): Exchange => ({
  request: { method: 'GET', url: 'http://127.0.0.1/v4/x', headers: {} },
  response: { status, headers: {}, text: JSON.stringify(json), json, truncated: false },
  startedAt: new Date(0).toISOString(),
  durationMs: 1,
});

describe('compute-state checks', () => {
  test('gone and still there', () => {
    expect(gone(answer({ errors: [] }, 404), 'x', 'why').ok).toBe(true);
    expect(gone(answer({ id: 1 }), 'x', 'why')).toMatchObject({ ok: false, check: 'gone' });
    expect(stillThere(answer({ id: 1 }), 'x', 'why').ok).toBe(true);
    expect(stillThere(answer({ errors: [] }, 404), 'x', 'why')).toMatchObject({ ok: false, check: 'still-there' });
  });
  test('private ranges and the kind of a new address', () => {
    expect(['10.0.0.1', '172.16.0.1', '172.31.9.9', '192.168.128.1'].every(isPrivateIpv4)).toBe(true);
    expect(['172.104.0.2', '172.32.0.1', '8.8.8.8'].some(isPrivateIpv4)).toBe(false);
    expect(addressKind(['192.168.128.1'], false).ok).toBe(true);
    expect(addressKind(['172.104.0.2'], true).ok).toBe(true);
    expect(addressKind(['172.104.0.2'], false)).toMatchObject({ ok: false, check: 'address-kind' });
    expect(addressKind([], true)).toMatchObject({ ok: false, check: 'address-kind' });
  });
  test('includes all and includes none', () => {
    expect(includesAll([1, 2, 3], [1, 3], 'x', 'why').ok).toBe(true);
    expect(includesAll([1], [1, 3], 'x', 'why')).toMatchObject({ ok: false, check: 'includes-all' });
    expect(includesNone([1, 2], [3], 'x', 'why').ok).toBe(true);
    expect(includesNone([1, 2], [2], 'x', 'why')).toMatchObject({ ok: false, check: 'includes-none' });
  });
  test('non-empty string, nullable string field', () => {
    expect(nonEmptyString('a.example', 'x', 'why').ok).toBe(true);
    expect(nonEmptyString(null, 'x', 'why')).toMatchObject({ ok: false, check: 'non-empty-string' });
    expect(carriesNullableString(answer({ rdns: null }), 'rdns', 'why').ok).toBe(true);
    expect(carriesNullableString(answer({ address: 'a' }), 'rdns', 'why')).toMatchObject({ ok: false });
  });
});
