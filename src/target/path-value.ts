// Which values may stand in a URL path: a value from a target or a file goes into a path only as a valid, non-empty segment of its parameter's documented type.

import { operations } from '../../spec/index.js';
import type { Param } from '../../spec/types.js';

/** What an integer parameter takes: digits, signed for the ids no target hands out (`-1`). */
const INTEGER = /^-?\d+$/;

/** Longer values are no id of this API: a target answering megabytes as an id would make every URL that long. */
export const MAX_SEGMENT_LENGTH = 2048;

/** Thrown instead of building a URL whose path would hold a value its parameter cannot take; the request is not sent. */
export class UnusablePathValue extends Error {}

/** A value as a message shows it: quoted, and cut when long. */
const shown = (value: unknown) => {
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
};

/**
 * Why a value cannot be the segment of its path parameter, or undefined when it can: nothing but a
 * string or a number, never empty, `.` or `..` (a URL resolves them to the parent: `DELETE /v4/vpcs/..`
 * is `DELETE /v4/`), and digits alone where the documents type the parameter integer (unless
 * `anyType`: a test sends a word there on purpose, to see how the target treats it).
 */
export function pathValueProblem(
  param: Pick<Param, 'name' | 'type'>,
  value: unknown,
  { anyType = false }: { anyType?: boolean } = {},
): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number')
    return `{${param.name}} would be ${value === undefined ? 'missing' : shown(value)}, not a ${param.type}`;
  const text = String(value);
  if (text === '' || text === '.' || text === '..')
    return `{${param.name}} would be ${shown(value)}, which no path segment can be`;
  if (text.length > MAX_SEGMENT_LENGTH)
    return `{${param.name}} would be ${text.length} characters long, past the ${MAX_SEGMENT_LENGTH} any id of this API has`;
  if (param.type === 'integer' && !anyType && !INTEGER.test(text))
    return `{${param.name}} would be ${shown(value)}, and the documents make it an integer`;
  return undefined;
}

/** Path parameters by name: a name means one kind of value wherever it appears (`vpcId`, `tagLabel`). */
const byName = new Map(operations.flatMap((o) => o.pathParams.map((p): [string, Param] => [p.name, p])));

/** The parameter a name stands for in the encoding, or an untyped one (string) for a name it does not know. */
export const paramNamed = (name: string): Pick<Param, 'name' | 'type'> => byName.get(name) ?? { name, type: 'string' };
