// Checks of the values the control interface takes: each out-of-range or mistyped value is refused with a reason, so nothing it accepts can make the API answer 5xx (dates stay within what ISO 8601 and the timestamps can write).

import { scopeAreas } from '../../spec/conventions.js';
import { globalGrantFlags, grantEntityKinds, USERNAME_LENGTH } from '../../spec/part2/users.js';
import { DAY_MS } from './model/world.js';

/** The farthest any date of the server may be moved, either way: a century. */
export const MAX_SHIFT_DAYS = 36_500;
export const MAX_SHIFT_MS = MAX_SHIFT_DAYS * DAY_MS;
/** The latest the clock may show: far from year 9999, so dates computed from it (expiries, card years) stay writable. */
export const LATEST_CLOCK_MS = Date.UTC(2500, 0, 1);
/** The largest balance, in US dollars, either way. */
export const MAX_USD = 1_000_000_000;

/** A reason when the value is wrong, undefined when it is right. */
export type Problem = string | undefined;

/** A finite number from `min` to `max`; undefined passes when `optional`. */
export function numberIn(name: string, value: unknown, min: number, max: number, optional = false): Problem {
  if (value === undefined && optional) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    return `${name} must be a number from ${min} to ${max}`;
  }
  return undefined;
}

export function integerIn(name: string, value: unknown, min: number, max: number, optional = false): Problem {
  if (value === undefined && optional) return undefined;
  if (!Number.isInteger(value) || (value as number) < min || (value as number) > max) {
    return `${name} must be an integer from ${min} to ${max}`;
  }
  return undefined;
}

export function booleanOrAbsent(name: string, value: unknown): Problem {
  return value === undefined || typeof value === 'boolean' ? undefined : `${name} must be a boolean`;
}

export function stringOrAbsent(name: string, value: unknown, min = 1, max = 64): Problem {
  if (value === undefined) return undefined;
  return typeof value === 'string' && value.length >= min && value.length <= max
    ? undefined
    : `${name} must be a string of ${min} to ${max} characters`;
}

const SCOPES = new Set(['*', ...scopeAreas.flatMap((a) => [`${a}:read_only`, `${a}:read_write`])]);

export function scopesProblem(value: unknown): Problem {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((s) => typeof s === 'string' && SCOPES.has(s))) {
    return `scopes must be an array of ${[...SCOPES].join(', ')}`;
  }
  return undefined;
}

export const usernameProblem = (value: unknown): Problem =>
  stringOrAbsent('username', value, USERNAME_LENGTH.min, USERNAME_LENGTH.max);

const PERMISSIONS = new Set(['read_only', 'read_write', null]);
const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Grants in the shape of the grants PUT body: known `global` flags, and per-kind `[{id, permissions}]`. */
export function grantsProblem(value: unknown): Problem {
  if (value === undefined) return undefined;
  if (!isRecord(value)) return 'grants must be an object';
  for (const key of Object.keys(value)) {
    if (key !== 'global' && !(grantEntityKinds as readonly string[]).includes(key))
      return `grants has no member ${key}`;
  }
  const global = value.global;
  if (global !== undefined) {
    if (!isRecord(global)) return 'grants.global must be an object';
    for (const [flag, v] of Object.entries(global)) {
      if (flag === 'account_access') {
        if (!PERMISSIONS.has(v as string | null))
          return 'grants.global.account_access must be read_only, read_write or null';
      } else if (!(globalGrantFlags as readonly string[]).includes(flag)) return `grants.global has no flag ${flag}`;
      else if (typeof v !== 'boolean') return `grants.global.${flag} must be a boolean`;
    }
  }
  for (const kind of grantEntityKinds) {
    const entries = value[kind];
    if (entries === undefined) continue;
    if (!Array.isArray(entries)) return `grants.${kind} must be an array`;
    for (const e of entries) {
      if (!isRecord(e) || !Number.isSafeInteger(e.id) || !PERMISSIONS.has(e.permissions as string | null)) {
        return `grants.${kind} takes {id: integer, permissions: read_only, read_write or null}`;
      }
    }
  }
  return undefined;
}

/** The first problem among several checks. */
export const firstProblem = (...problems: Problem[]): Problem => problems.find((p) => p !== undefined);
