// Markdown that holds target text inertly: plain text that cannot open a heading, link, image, tag, emphasis or block, and inline code of any content.

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;
const LINE_BREAKS = /\s*[\r\n\u2028\u2029\u0085]+\s*/g;

/**
 * Text from a target (an answer's values, an error message, a label) as plain Markdown: every
 * character that can start emphasis, a link or image, inline HTML, an entity, code or a table cell
 * is escaped, bare URLs cannot autolink, control characters are shown as escapes, and line breaks
 * cannot open a block (target text never starts a line: the renderers put their own text before it).
 */
export const plain = (s: string): string =>
  s
    .replace(/[\\`*_[\]<>~|&]/g, '\\$&')
    .replace(/\b(https?|ftp|mailto|www)([:.])/gi, '$1\\$2')
    .replace(LINE_BREAKS, ' ')
    .replace(CONTROL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** Markdown inline code that holds any text: the fence is longer than any run of backticks inside, and line breaks become spaces. */
export const code = (raw: string): string => {
  const s = raw.replace(LINE_BREAKS, ' ').replace(CONTROL, ' ');
  const longest = Math.max(0, ...[...s.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(longest + 1);
  const pad = longest || s.startsWith(' ') || s.endsWith(' ') ? ' ' : '';
  return `${fence}${pad}${s}${pad}${fence}`;
};
