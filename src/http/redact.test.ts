// Self-test of the redactor against a target that echoes a secret encoded: JSON escapes, percent-encoding and base64 of a token with `/ + =` are hidden too.

import { describe, expect, test } from 'vitest';
import { REDACTED, Redactor } from './redact.js';

const TOKEN = 'tok/9f+Qx=Zr7/K2+pW==';

/** How a hostile target may echo the token back: every form must be hidden. */
const echoes: [string, string][] = [
  ['as is', TOKEN],
  ['JSON with \\/', JSON.stringify(TOKEN).replace(/\//g, '\\/')],
  ['JSON \\u escapes (lower case)', TOKEN.replace(/[^A-Za-z0-9]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`)],
  [
    'JSON \\u escapes (upper case)',
    TOKEN.replace(/[^A-Za-z0-9]/g, (c) => `\\u00${c.charCodeAt(0).toString(16).toUpperCase()}`),
  ],
  ['JSON \\u escapes of every character', TOKEN.replace(/./g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`)],
  ['percent-encoded', encodeURIComponent(TOKEN)],
  ['percent-encoded, lower-case hex', encodeURIComponent(TOKEN).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase())],
  ['percent-encoded except /', encodeURIComponent(TOKEN).replace(/%2F/g, '/')],
  ['base64', Buffer.from(TOKEN).toString('base64')],
  ['base64url', Buffer.from(TOKEN).toString('base64url')],
  ['base64 of Basic credentials', Buffer.from(`alice:${TOKEN}`).toString('base64')],
  ['base64 of Basic credentials, other alignment', Buffer.from(`al:${TOKEN}`).toString('base64')],
];

describe('the redactor hides a secret in every encoded form a target may echo', () => {
  for (const [how, echoed] of echoes) {
    test(how, () => {
      const r = new Redactor();
      r.add(TOKEN);
      const shown = r.text(`{"errors":[{"reason":"bad token ${echoed}"}]}`);
      expect(shown).toContain(REDACTED);
      // What is left of a base64 form is at most the partial groups at either end: under 3 bytes of the secret.
      const core = echoed.length > 12 ? echoed.slice(4, -4) : echoed;
      expect(shown).not.toContain(core);
    });
  }

  test('a lone surrogate in a secret is no error', () => {
    const r = new Redactor();
    r.add('abc\uD800defghijk');
    expect(r.text('x abc\uD800defghijk y')).toBe(`x ${REDACTED} y`);
  });

  test('each form is listed once and the secret comes first', () => {
    const forms = [TOKEN];
    expect(forms[0]).toBe(TOKEN);
    expect(new Set(forms).size).toBe(forms.length);
  });

  test('the process-wide redactor hides what is registered in any line', () => {
    const processRedactor = new Redactor();
    const redactLine = (t: string) => processRedactor.text(t);
    processRedactor.add(`process-${TOKEN}`);
    expect(redactLine(`cleanup: DELETE refused: process-${encodeURIComponent(TOKEN)}`)).not.toContain('process-');
  });
});

describe('the redactor hides a secret written with any mix of escaped and literal characters', () => {
  const SECRET = 'SECRETtok3n/Zq+8w';
  const u = (c: string, upper = false) => {
    const h = c.charCodeAt(0).toString(16).padStart(4, '0');
    return `\\u${upper ? h.toUpperCase() : h}`;
  };
  const pct = (c: string) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
  const mixes: [string, string][] = [
    ['its first character a JSON \\u escape', `${u('S')}${SECRET.slice(1)}`],
    ['one character in the middle escaped', `${SECRET.slice(0, 6)}${u('t')}${SECRET.slice(7)}`],
    // Members of the class the issue does not name.
    ['escapes with upper- and lower-case hex mixed', `${u('S', true)}E${u('C')}R${u('E', true)}${SECRET.slice(5)}`],
    ['percent-encoded letters among literal ones', `${pct('S')}EC${pct('R')}ET${SECRET.slice(6)}`],
    ['JSON escapes and percent-encoding in one echo', `${u('S')}${pct('E')}CRET${SECRET.slice(6).replace('/', '\\/')}`],
  ];
  for (const [how, echoed] of mixes) {
    test(how, () => {
      const r = new Redactor();
      r.add(SECRET);
      const shown = r.text(`{"errors":[{"reason":"bad token ${echoed} here"}]}`);
      expect(shown).toBe(`{"errors":[{"reason":"bad token ${REDACTED} here"}]}`);
    });
  }

  test('a non-ASCII password echoed with some characters escaped, and a percent-encoded UTF-8 one', () => {
    const password = 'Pässwörd-🔑-2024!';
    const r = new Redactor();
    r.add(password);
    const escaped = password.replace('ä', '\\u00e4').replace('🔑', '\\ud83d\\udd11');
    const percent = password.replace('ö', encodeURIComponent('ö'));
    expect(r.text(`{"password":"${escaped}"}`)).toBe(`{"password":"${REDACTED}"}`);
    expect(r.text(`?p=${percent}&x=1`)).toBe(`?p=${REDACTED}&x=1`);
  });

  test('text without the secret keeps its escapes as they are', () => {
    const r = new Redactor();
    r.add(SECRET);
    const text = 'a \\u0041 b %41 c \\/ d %zz \\u12';
    expect(r.text(text)).toBe(text);
  });
});

test('a cleared redactor hides nothing it knew, and learns again', () => {
  const r = new Redactor();
  r.add('first-secret-1234');
  expect(r.text('x first-secret-1234 y')).toBe(`x ${REDACTED} y`);
  r.clear();
  expect(r.text('x first-secret-1234 y')).toBe('x first-secret-1234 y');
  r.add('second-secret-5678');
  expect(r.text('first-secret-1234 second-secret-5678')).toBe(`first-secret-1234 ${REDACTED}`);
});
