// Markdown that holds target text inertly: plain text that cannot open a heading, link, image, tag, emphasis or block, and inline code of any content; neither shows a character that is invisible or reorders the text (zero-width, bidirectional controls) but as its escape.

import { escapedCharacter, INVISIBLE } from './inert.js';

const LINE_BREAKS = /\s*[\r\n\u2028\u2029\u0085]+\s*/g;

/** Invisible and control characters shown as escapes; a tab stays, as Markdown shows it as a space. */
const shown = (s: string) => s.replace(INVISIBLE, (c) => (c === '\t' ? c : escapedCharacter(c)));

/**
 * Text from a target (an answer's values, an error message, a label) as plain Markdown: every
 * character that can start emphasis, a link or image, inline HTML, an entity, code or a table cell
 * is escaped, bare URLs cannot autolink, control and invisible characters are shown as escapes, and
 * line breaks cannot open a block (target text never starts a line: the renderers put their own text before it).
 */
export const plain = (s: string): string =>
  shown(
    s
      .replace(/[\\`*_[\]<>~|&]/g, '\\$&')
      .replace(/\b(https?|ftp|mailto|www)([:.])/gi, '$1\\$2')
      .replace(LINE_BREAKS, ' '),
  );

/** Markdown inline code that holds any text: the fence is longer than any run of backticks inside, line breaks become spaces, invisible characters escapes. */
export const code = (raw: string): string => {
  const s = shown(raw.replace(LINE_BREAKS, ' '));
  let longest = 0;
  for (const m of s.matchAll(/`+/g)) longest = Math.max(longest, m[0].length);
  const fence = '`'.repeat(longest + 1);
  const pad = longest || s.startsWith(' ') || s.endsWith(' ') ? ' ' : '';
  return `${fence}${pad}${s}${pad}${fence}`;
};
