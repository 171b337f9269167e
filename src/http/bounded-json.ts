// JSON parsing with a nesting limit: a body nested deeper than any answer of the API is judged as not JSON, before JSON.parse and every recursive walker after it could stall or overflow the stack.

/** Deepest nesting of arrays and objects taken as JSON; the API's records nest a handful of levels. */
export const MAX_JSON_DEPTH = 64;

/** How deep the arrays and objects of a JSON text nest (brackets inside strings do not count). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i += 1;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return deepest;
}

/** The parsed value of a JSON text, or undefined when it is not JSON or nests deeper than `maxDepth`. */
export function parseJsonBounded(text: string, maxDepth = MAX_JSON_DEPTH): unknown {
  if (jsonDepth(text) > maxDepth) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
