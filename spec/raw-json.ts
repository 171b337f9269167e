// A number as its JSON text (`5.0`), which JSON.stringify writes verbatim and JSON.parse would read as `5`: how a body says "a whole number written with a fraction", which an integer field does not take (issue 17).

/** The typed face of JSON.rawJSON and JSON.isRawJSON (Node 22+), which the ES2023 library does not declare. */
const json = JSON as unknown as {
  rawJSON(text: string): object;
  isRawJSON(value: unknown): value is { readonly rawJSON: string };
};

/** A JSON number written exactly as `text` when the value is stringified. */
export const rawNumber = (text: string): object => json.rawJSON(text);

/** The number a raw JSON number stands for; undefined for any other value. */
export function rawNumberValue(value: unknown): number | undefined {
  if (!json.isRawJSON(value)) return undefined;
  const n = Number(value.rawJSON);
  return Number.isFinite(n) ? n : undefined;
}

/** A whole number written with a fraction or an exponent (`5.0`, `5e0`): what JSON.parse reads as an integer. */
const WHOLE_WITH_FRACTION = /[.eE]/;

/** A cheap look for a digit followed by a fraction or an exponent: without one, the plain parse (no reviver) is enough. */
const MAYBE_WHOLE_FLOAT = /\d[.eE]/;

/** Whether a JSON text may hold a whole number written with a fraction: if not, its parse holds no raw number. */
export const mayHoldWholeFloats = (text: string): boolean => MAYBE_WHOLE_FLOAT.test(text);

/**
 * JSON.parse keeping what it would lose: a whole number written with a fraction or an exponent stays
 * a raw JSON number, so the evaluator can tell `5.0` from `5`. Other numbers read as usual.
 */
export function parseKeepingWholeFloats(text: string): unknown {
  if (!mayHoldWholeFloats(text)) return JSON.parse(text);
  return JSON.parse(text, (_key, value: unknown, context?: { source?: string }) =>
    typeof value === 'number' &&
    Number.isInteger(value) &&
    context?.source !== undefined &&
    WHOLE_WITH_FRACTION.test(context.source)
      ? json.rawJSON(context.source)
      : value,
  );
}

/** A copy of a parsed value with each raw JSON number read as its number: what a handler reads once the body is valid. */
export function withRawNumbersRead(value: unknown): unknown {
  const whole = rawNumberValue(value);
  if (whole !== undefined) return whole;
  if (Array.isArray(value)) return value.map(withRawNumbersRead);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withRawNumbersRead(v)]));
}
