// Makes target text inert on a terminal: control characters (ANSI and OSC escapes, bare CR, backspace, C1 codes), and every character that is invisible or reorders what follows (zero-width spaces and joiners, bidirectional controls, soft hyphens, tag characters, fillers), are shown escaped, never obeyed.

/**
 * Characters that make a text read differently than it is: controls (C0, DEL, C1), Unicode format
 * characters (zero-width space and joiners, bidirectional marks, embeddings, overrides and isolates,
 * the soft hyphen, the byte-order mark, tag characters), the line and paragraph separators, the
 * blank fillers and the combining grapheme joiner that print as nothing, variation selectors, and
 * lone UTF-16 surrogates.
 */
export const INVISIBLE =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: each mark is matched alone on purpose, to be shown escaped wherever it stands
  /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\u034f\u115f\u1160\u17b4\u17b5\u180b-\u180d\u180f\u3164\uffa0\ufe00-\ufe0f\u{e0100}-\u{e01ef}]/gu;

/** A character as the escape that shows it: `\x1b`, `\u200b`, `\u{e0041}`. */
export const escapedCharacter = (c: string): string => {
  const code = c.codePointAt(0) as number;
  if (code < 0x100) return `\\x${code.toString(16).padStart(2, '0')}`;
  return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, '0')}`;
};

/** One line of text from a target, safe to print: every invisible or control character escaped, line breaks included. */
export const inertLine = (text: string): string => text.replace(INVISIBLE, escapedCharacter);

/** Like inertLine, but keeps line breaks (`\n`) of a multi-line text; a CR is escaped everywhere. */
export const inertText = (text: string): string => text.split('\n').map(inertLine).join('\n');
