// Values the run guessed from cloudconf's built-in catalogue (regions, images, instance types) and the target refused: then what rests on them is no verdict on the target.

import { isObject } from '../../spec/evaluate.js';
import type { Exchange } from '../http/exchange.js';
import type { RunConfig } from '../target/config.js';

/** A guessed value the target refused, by the member it was sent in. */
export interface GuessRefused {
  member: string;
  value: string;
}

/** The members that carry catalogue values, and the values of each the run guessed. */
function guessedValues(config: RunConfig): Map<string, readonly string[]> {
  const guessed = new Map<string, readonly string[]>();
  if (config.guessed?.regions) guessed.set('region', config.regions);
  if (config.guessed?.images) guessed.set('image', config.images);
  if (config.guessed?.types) guessed.set('type', config.types);
  return guessed;
}

/** The member names error items of a refusal point at (`region`, `interfaces[0].region` → `region`). */
function fieldsNamed(e: Exchange): string[] {
  const errors = (e.response?.json as { errors?: unknown } | undefined)?.errors;
  if (!Array.isArray(errors)) return [];
  return errors.flatMap((item) =>
    isObject(item) && typeof item.field === 'string'
      ? [
          item.field
            .split(/[.[\]]/)
            .filter(Boolean)
            .at(-1) ?? '',
        ]
      : [],
  );
}

/** Whether a JSON value holds `member: value` at any depth. */
function holds(body: unknown, member: string, values: readonly string[], depth = 0): string | undefined {
  if (depth > 8) return undefined;
  if (Array.isArray(body)) {
    for (const item of body) {
      const found = holds(item, member, values, depth + 1);
      if (found) return found;
    }
    return undefined;
  }
  if (!isObject(body)) return undefined;
  const own = body[member];
  if (typeof own === 'string' && values.includes(own)) return own;
  for (const v of Object.values(body)) {
    const found = holds(v, member, values, depth + 1);
    if (found) return found;
  }
  return undefined;
}

/**
 * A guessed catalogue value this answer refused: a 4xx whose error names a member that carried a
 * guessed value in the request. Undefined when nothing was guessed, or the refusal is about
 * something else (a rule case's own wrong value is no guess).
 */
export function refusedGuess(config: RunConfig, e: Exchange): GuessRefused | undefined {
  const status = e.response?.status ?? 0;
  if (status < 400 || status >= 500 || !e.request.body) return undefined;
  const guessed = guessedValues(config);
  if (guessed.size === 0) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(e.request.body);
  } catch {
    return undefined;
  }
  for (const member of fieldsNamed(e)) {
    const values = guessed.get(member);
    const value = values && holds(body, member, values);
    if (value) return { member, value };
  }
  return undefined;
}

/** Why a requirement resting on a refused guess is `error`. */
export const guessReason = (g: GuessRefused): string =>
  `the target refused ${g.member} ${JSON.stringify(g.value)}, which cloudconf guessed from its built-in catalogue: give --${g.member} with values your server accepts`;
