// Commander argument parsers for option values: each checks a value and throws commander's InvalidArgumentError with one clear sentence (exit 2), so no command runs on a value it cannot use.

import { type Command, InvalidArgumentError, Option } from 'commander';
import { processRedactor } from '../http/redact.js';
import { baseUrlProblem } from '../target/config-file.js';
import { parseScopes } from './scopes-option.js';

const INTEGER = /^[+-]?\d+$/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** An integer in [min, max]; the text is kept as given (the run configuration reads it with Number). */
export const integerIn =
  (min: number, max: number) =>
  (value: string): string => {
    const n = Number(value);
    if (!INTEGER.test(value.trim()) || !Number.isSafeInteger(n) || n < min || n > max)
      throw new InvalidArgumentError(
        `takes an integer${max === Number.MAX_SAFE_INTEGER ? ` of at least ${min}` : ` from ${min} to ${max}`}.`,
      );
    return value.trim();
  };

/** A positive finite number (decimals allowed). */
export function positiveNumber(value: string): string {
  const n = Number(value);
  if (!NUMBER.test(value.trim()) || !Number.isFinite(n) || n <= 0)
    throw new InvalidArgumentError('takes a positive number.');
  return value.trim();
}

export const seed = integerIn(-(2 ** 31), 2 ** 32 - 1);
export const positiveInteger = integerIn(1, Number.MAX_SAFE_INTEGER);
export const nonNegativeInteger = integerIn(0, Number.MAX_SAFE_INTEGER);
export const port = integerIn(0, 65535);

/** `--port <n>` of a command that listens, with the port it takes when none is given. */
export const portOption = (fallback: string) =>
  new Option('--port <n>', 'port to listen on (0 picks a free one)').argParser(port).default(fallback);

/** A repeatable option whose every value is one of `known` (a fault name, an area): the values so far, plus this one. */
export const repeatableChoice =
  (known: readonly string[], what: string) =>
  (value: string, previous: string[] = []): string[] => {
    if (!known.includes(value))
      throw new InvalidArgumentError(
        `is not a known ${what} (${known.length <= 30 ? known.join(', ') : '`cloudconf faults` lists them'}).`,
      );
    return [...previous, value];
  };

/**
 * Checks the values of a repeatable option against data the action loads (the fault catalogue) before anything
 * runs, failing as commander's own parser would: one line naming the option and the value, exit 2.
 */
export function checkChoices(
  command: Command,
  flag: string,
  values: readonly string[],
  known: readonly string[],
  what: string,
): void {
  const check = repeatableChoice(known, what);
  for (const value of values) {
    try {
      check(value);
    } catch (error) {
      if (!(error instanceof InvalidArgumentError)) throw error;
      const option = command.options.find((o) => o.long === flag);
      command.error(`error: option '${option?.flags ?? flag}' argument '${value}' is invalid. ${error.message}`, {
        exitCode: error.exitCode,
        code: error.code,
      });
    }
  }
}

/** A repeatable option: the values so far, plus this one. */
export const repeatable = (value: string, previous: string[] = []): string[] => {
  // Appended in place: copying the list for each value made a long command line quadratic.
  previous.push(value);
  return previous;
};

/** What a run id may hold: it goes into results.json, summary.md and a CI's output files, so no line break, space or markup. */
export const RUN_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** A run's id (`--run-id`): letters, digits, `.`, `_` and `-`, at most 64. */
export function runId(value: string): string {
  if (!RUN_ID.test(value)) throw new InvalidArgumentError('takes 1 to 64 letters, digits, ".", "_" or "-".');
  return value;
}

/** An http or https base URL without user-info (commander quotes the value: see `withoutUserInfo`). */
export function baseUrl(value: string): string {
  const problem = baseUrlProblem(value);
  if (problem) throw new InvalidArgumentError(`The URL ${problem}.`);
  return value;
}

/**
 * A text with the user-info of every URL in it hidden, for commander's messages that quote a refused
 * value: after `//`, and at the start of a quoted value written without a scheme (`'user:pw@host/v4'`).
 */
export const withoutUserInfo = (text: string): string => text.replace(/(\/\/|')[^/?#@\s']*@/g, '$1[redacted]@');

/** An HTTP field name (RFC 9110 token). */
const FIELD_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/**
 * `NAME:VALUE` of a repeatable `--header`: the headers so far, plus this one. The value is a secret
 * (a gateway key): it is registered with the process redactor before anything can quote it.
 */
export function header(text: string, previous: Record<string, string> = {}): Record<string, string> {
  const colon = text.indexOf(':');
  const value = colon < 0 ? '' : text.slice(colon + 1).trim();
  if (value) processRedactor.add(value);
  const name = text.slice(0, Math.max(colon, 0)).trim();
  if (!FIELD_NAME.test(name) || value === '' || /[\r\n\0]/.test(value))
    throw new InvalidArgumentError('takes NAME:VALUE, a header name and a non-empty value.');
  previous[name.toLowerCase()] = value;
  return previous;
}

/** A scope list of audit and proxy (`vpc:read_only,account:read_write` or `*`), kept as given once every scope is known. */
export function scopes(value: string): string {
  try {
    parseScopes(value);
  } catch (error) {
    throw new InvalidArgumentError(`${(error as Error).message}.`);
  }
  return value;
}

/** A repeatable option whose values may also be comma-separated (`--offer vpcs,tags`): the values so far, plus these. */
export const commaList = (value: string, previous: string[] = []): string[] => [
  ...previous,
  ...value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean),
];
