// Makes target text inert where the cleanup shows it: control characters (ANSI and OSC escapes, CR) written as visible escapes for the terminal, and Markdown and HTML escaped for summary.md.

/** C0 and C1 controls and DEL, lone UTF-16 surrogates, and the line and paragraph separators. */
const UNSAFE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what it is for.
  /[\u0000-\u001f\u007f-\u009f\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const visible = (c: string) => {
  const code = c.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
};

/** A line that cannot move the cursor, recolour, retitle the terminal or start a new line: every control character shown as `\xNN`. */
export function inertLine(text: string): string {
  return text.replace(UNSAFE, visible);
}

const MARKDOWN = /[\\`*_{}[\]()<>#+\-.!|~&"']/g;

const ENTITIES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' };

/** Text for Markdown that renders as the same characters: no heading, link, image, emphasis, code or raw HTML can start in it. */
export function inertMarkdown(text: string): string {
  return inertLine(text).replace(MARKDOWN, (c) => ENTITIES[c] ?? `\\${c}`);
}
