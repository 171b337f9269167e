// Self-tests of the visibility, secrecy and stored-value checks: each passes on a good answer and fails on a bad one.

import { describe, expect, test } from 'vitest';
import type { Exchange } from '../http/exchange.js';
import { noPlaintextSecret } from './client-secret.js';
import { secretNotReturned } from './secrecy.js';
import { fieldEquals, sameAnswer, stringFieldSatisfies } from './stored.js';
import { everyListedFlagged, listed, listedOnce, notListed } from './visibility.js';

const answer = (json: unknown, status = 200): Exchange => ({
  request: { method: 'GET', url: 'http://127.0.0.1/v4/x', headers: {} },
  response: { status, headers: {}, text: JSON.stringify(json), json, truncated: false },
  startedAt: new Date(0).toISOString(),
  durationMs: 1,
});

const items = [{ id: 1, is_public: true }, { id: 2, is_public: false }, { id: 2 }];

describe('visibility checks', () => {
  test('listed and not listed', () => {
    expect(listed(items, 1, 'x').ok).toBe(true);
    expect(listed(items, 3, 'x')).toMatchObject({ ok: false, check: 'listed' });
    expect(notListed(items, 3, 'x').ok).toBe(true);
    expect(notListed(items, 1, 'x')).toMatchObject({ ok: false, check: 'not-listed' });
  });
  test('listed once', () => {
    expect(listedOnce(items, 1, 'x').ok).toBe(true);
    expect(listedOnce(items, 2, 'x')).toMatchObject({ ok: false, check: 'listed-once' });
    expect(listedOnce(items, 3, 'x')).toMatchObject({ ok: false, check: 'listed-once' });
  });
  test('every listed item flagged', () => {
    expect(everyListedFlagged(items.slice(0, 1), 'is_public').ok).toBe(true);
    expect(everyListedFlagged(items, 'is_public')).toMatchObject({ ok: false, check: 'every-listed-flagged' });
  });
});

describe('secrecy check', () => {
  test('a secret anywhere in the response text fails', () => {
    expect(secretNotReturned(answer({ id: 1, label: 'a' }), 's3cret-value', 'password').ok).toBe(true);
    const leak = answer({ id: 1, nested: { password: 's3cret-value' } });
    expect(secretNotReturned(leak, 's3cret-value', 'password')).toMatchObject({ ok: false });
  });

  const secret = 'Aa9!/Pass+word=42';
  /** An answer whose text is written as given, parsed as a server's JSON would be. */
  const written = (text: string): Exchange => {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { ...answer(null), response: { status: 200, headers: {}, text, json, truncated: false } };
  };

  test.each([
    ['as it was sent', JSON.stringify({ root_pass: secret })],
    [
      'with every character a JSON \\u escape',
      `{"a":"${[...secret].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"}`,
    ],
    ['with `/` written `\\/` and some letters escaped', `{"a":"Aa9!\\/P\\u0061ss+word=42"}`],
    ['inside a longer text', JSON.stringify({ log: `set password to ${secret} ok` })],
    ['percent-encoded', JSON.stringify({ next: `https://x.example/?p=${encodeURIComponent(secret)}` })],
    ['in base64', JSON.stringify({ blob: Buffer.from(`user:${secret}`).toString('base64') })],
    ['as a member name', JSON.stringify({ [secret]: true })],
    ['in a body that is not JSON', `password=${secret}`],
  ])('a secret given back %s fails, and names where without showing it', (_how, text) => {
    const result = secretNotReturned(written(text), secret, 'root password');
    expect(result).toMatchObject({ ok: false, check: 'secret-not-returned' });
    expect(JSON.stringify(result.ok === false ? [result.expected, result.actual, result.hint] : [])).not.toContain(
      secret,
    );
  });

  test('a client secret shown escaped is shown: found as the secrecy check finds it; a masked one is not', () => {
    const clientSecret = 'cs_9f8e7d6c5b4a3210';
    const escaped = written(
      `{"id":"c1","secret":"${[...clientSecret].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"}`,
    );
    expect(noPlaintextSecret(escaped, clientSecret, undefined)).toMatchObject({
      ok: false,
      check: 'no-plaintext-secret',
    });
    expect(noPlaintextSecret(answer({ id: 'c1', secret: '********' }), clientSecret, 'secret').ok).toBe(true);
  });

  test('a short secret (a CVV) counts only as a whole value: by chance it sits inside ids, dates and last digits', () => {
    expect(secretNotReturned(answer({ id: 41234, last_four: '1234', at: '2026-12-34' }), '123', 'cvv').ok).toBe(true);
    expect(secretNotReturned(answer({ id: 123 }), '123', 'cvv').ok).toBe(true);
    expect(secretNotReturned(answer({ data: { cvv: '123' } }), '123', 'cvv')).toMatchObject({ ok: false });
  });
});

describe('stored-value checks', () => {
  test('field equals, deeply', () => {
    const e = answer({ ssh: { access: true, ip: 'any', port: null } });
    expect(fieldEquals(e, 'ssh', { access: true, ip: 'any', port: null }, 'why').ok).toBe(true);
    expect(fieldEquals(e, 'ssh', { access: true, ip: 'any', port: 22 }, 'why')).toMatchObject({ ok: false });
    expect(fieldEquals(e, 'missing', 1, 'why')).toMatchObject({ ok: false, check: 'field-equals' });
  });
  test('string field condition', () => {
    const e = answer({ address: 'https://example.com/?a=1' });
    expect(stringFieldSatisfies(e, 'address', (a) => !a.includes('#'), 'no #', 'why').ok).toBe(true);
    expect(stringFieldSatisfies(e, 'address', (a) => a.includes('#'), 'a #', 'why')).toMatchObject({ ok: false });
    expect(stringFieldSatisfies(answer({}), 'address', () => true, 'any', 'why')).toMatchObject({ ok: false });
  });
  test('same answer', () => {
    expect(sameAnswer(answer({ k: 'a' }), answer({ k: 'a' }), 'why').ok).toBe(true);
    expect(sameAnswer(answer({ k: 'a' }), answer({ k: 'b' }), 'why')).toMatchObject({
      ok: false,
      check: 'same-answer',
    });
  });
});
