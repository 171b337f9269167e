// Makes target text inert on a terminal: control characters (ANSI and OSC escapes, bare CR, backspace, C1 codes) and bidirectional overrides are shown escaped, never obeyed.

/** C0 controls and DEL, C1 controls, the line and paragraph separators, the Unicode marks that reorder or hide what follows, and lone UTF-16 surrogates. */
const CONTROL =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what this is for
  /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const escaped = (c: string) => {
  const code = c.charCodeAt(0);
  return code < 0x100 ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
};

/** One line of text from a target, safe to print: every control character escaped, line breaks included. */
export const inertLine = (text: string): string => text.replace(CONTROL, escaped);

/** Like inertLine, but keeps line breaks (`\n`) of a multi-line text; a CR is escaped everywhere. */
export const inertText = (text: string): string => text.split('\n').map(inertLine).join('\n');
