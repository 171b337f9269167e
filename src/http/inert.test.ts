// Self-test of inertLine: what a hostile target sends to rewrite a terminal (ANSI, OSC, bare CR, backspace, C1, bidi overrides) comes out escaped, ordinary text unchanged.

import { expect, test } from 'vitest';
import { inertLine, inertText } from './inert.js';

test('escape sequences, CR and bidi overrides are shown, not obeyed', () => {
  expect(inertLine('\u001b]8;;http://evil.test\u0007link\u001b]8;;\u0007')).toBe(
    '\\x1b]8;;http://evil.test\\x07link\\x1b]8;;\\x07',
  );
  expect(inertLine('ok\rFAKE PASS\b\u009b2J')).toBe('ok\\x0dFAKE PASS\\x08\\x9b2J');
  expect(inertLine('a\u202eb\nc')).toBe('a\\u202eb\\x0ac');
  expect(inertText('line one\nline\u001b[2J two')).toBe('line one\nline\\x1b[2J two');
});

test('ordinary text is left as it is', () => {
  const text = 'vpcs/create/label-length: expected 400; got 200 {"label":"été-ü"}';
  expect(inertLine(text)).toBe(text);
});
