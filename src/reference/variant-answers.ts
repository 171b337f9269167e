// How the conformant variants reshape what the API answers, after the model has answered: members the documents do not show, timestamps in another precision, error reasons worded otherwise.

import { errorCases } from '../../spec/index.js';
import type { World } from './model/world.js';

/** Members no document shows, added by `extra-members`: constant, so two reads of one record still agree. */
export const EXTRA_MEMBERS = Object.freeze({
  etag: 'W/"7"',
  revision: 1,
  legacy: null,
  _links: Object.freeze({ self: '/v4' }),
});

/** The form the reference server writes timestamps in (DECISIONS 5). */
const SERVER_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;

/** The same instant with six fraction digits and an explicit offset, as `timestamps-microseconds` writes it. */
export const microseconds = (at: string) => `${at}.000000+00:00`;

/** Texts the documents quote (the Errors tables' fixed reasons): `reasons-reworded` keeps them word for word. */
const QUOTED_REASONS: ReadonlySet<string> = new Set(errorCases.flatMap((c) => (c.reason ? [c.reason] : [])));

/** What `reasons-reworded` says instead of any reason the documents do not quote. */
export const REWORDED_REASON = 'The request cannot be processed.';

/** The item about no field that `reasons-reworded` puts first in every error body. */
export const EXTRA_ERROR_ITEM = Object.freeze({ reason: 'Request cc-7 failed; see the documentation.' });

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

interface ErrorItem {
  field?: string;
  reason: string;
}

/** The items of an error body as `reasons-reworded` writes them: an extra item first, each reason the documents do not quote reworded. */
export function reworded(world: World, items: readonly ErrorItem[]): ErrorItem[] {
  if (!world.variant('reasons-reworded')) return [...items];
  const said = items.map((i) => (QUOTED_REASONS.has(i.reason) ? i : { ...i, reason: REWORDED_REASON }));
  return [{ ...EXTRA_ERROR_ITEM }, ...said];
}

/** Every server timestamp in a JSON value, written with microseconds and an offset. */
function withMicroseconds(value: unknown): unknown {
  if (typeof value === 'string') return SERVER_TIMESTAMP.test(value) ? microseconds(value) : value;
  if (Array.isArray(value)) return value.map(withMicroseconds);
  if (isPlain(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withMicroseconds(v)]));
  return value;
}

const extended = (v: unknown) => (isPlain(v) && Object.keys(v).length > 0 ? { ...v, ...EXTRA_MEMBERS } : v);

/**
 * The answer's record, envelope or error body with members the documents do not show; so are the
 * records a list holds (an envelope's `data`, a bare array) and the items of an error body.
 */
function withExtraMembers(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(extended);
  // An empty object is what the documents show for deletes and actions: it stays empty.
  if (!isPlain(body) || Object.keys(body).length === 0) return body;
  const out: Record<string, unknown> = { ...body, ...EXTRA_MEMBERS };
  for (const list of ['data', 'errors'])
    if (Array.isArray(body[list])) out[list] = (body[list] as unknown[]).map(extended);
  return out;
}

/** A JSON answer as the variants switched on shape it; the answer itself when none reshapes answers. */
export function variantShaped(world: World, body: unknown): unknown {
  let out = body;
  if (world.variant('timestamps-microseconds')) out = withMicroseconds(out);
  if (world.variant('extra-members')) out = withExtraMembers(out);
  return out;
}
