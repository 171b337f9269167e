// Self-test of the page scripts' text: what the report pages show of a target's text has its invisible and reordering characters as escapes, by the same set the terminal and Markdown use.

import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { expect, test } from 'vitest';
import { INVISIBLE } from '../http/inert.js';

const DOM_JS = readFileSync(new URL('./assets/dom.js', import.meta.url), 'utf8');

/** dom.js run against a stand-in document that records the text nodes made. */
function pageText(text: string): string[] {
  const made: string[] = [];
  const element = { append: () => {}, setAttribute: () => {}, addEventListener: () => {} };
  const document = {
    createElement: () => element,
    createTextNode: (t: string) => {
      made.push(t);
      return t;
    },
  };
  runInNewContext(`${DOM_JS}\nh('pre', {}, text);`, { document, text });
  return made;
}

test('a text node shows zero-width, bidirectional and tag characters as escapes, keeping line breaks', () => {
  expect(pageText('a\u200bb\u202ec\u2066d\u{e0041}e\n\tf')).toEqual(['a\\u200bb\\u202ec\\u2066d\\u{e0041}e\n\tf']);
});

test('the page scripts use the set of characters the terminal and Markdown escape', () => {
  expect(DOM_JS).toContain(INVISIBLE.source);
});
