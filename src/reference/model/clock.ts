// Time as the reference server writes it: the length of a day and the timestamp format, below the world so every model can use them.

/** A day of the server's clock, in milliseconds. */
export const DAY_MS = 24 * 60 * 60 * 1000;

let lastSecond = Number.NaN;
let lastText = '';

/**
 * Timestamps as the reference server writes them: ISO 8601 in UTC without offset (DECISIONS 5).
 * Records made in the same second share one string: formatting was a fair part of a create.
 */
export function timestamp(d: Date): string {
  const second = Math.floor(d.getTime() / 1000);
  if (second !== lastSecond) {
    lastText = d.toISOString().slice(0, 19);
    lastSecond = second;
  }
  return lastText;
}
