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
