// Procedure for derived secrecy requirements: a secret a body takes (a password, a card number, a CVV) is in no answer, neither the operation's nor that of the entity read back.

import { walkFields } from '../../../spec/derive.js';
import { checkBody, isObject, memberValue } from '../../../spec/evaluate.js';
import { operations } from '../../../spec/index.js';
import { entityViewOf } from '../../../spec/paths.js';
import type { Field } from '../../../spec/types.js';
import { secretNotReturned } from '../../check/secrecy.js';
import { targetFailed } from '../../check/status.js';
import { validValue } from '../../generate/values.js';
import { sampleOne } from '../../generate/violations.js';
import { hintsFor } from '../hints.js';
import { type ProcedureContext, validRequest } from './request.js';

type Body = Record<string, unknown>;

/** Draws for a short secret that is no part of another value of the body (a CVV that is not the card's last digits). */
const MAX_DRAWS = 20;

/** A secret at least this long is mixed enough to find by no chance. */
const LONG_SECRET = 16;

function withValueAt(body: Body, [name, ...rest]: string[], value: unknown): Body {
  if (name === undefined) return body;
  const inner = body[name];
  return { ...body, [name]: rest.length === 0 ? value : withValueAt(isObject(inner) ? inner : {}, rest, value) };
}

/** Every string of a body but the one at `path`, for telling a drawn secret from the rest. */
function otherStrings(value: unknown, skip: unknown): string[] {
  if (value === skip) return [];
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap((v) => otherStrings(v, skip));
  return isObject(value) ? Object.values(value).flatMap((v) => otherStrings(v, skip)) : [];
}

/**
 * The body with a secret no other value of it contains: a short one drawn again while it is part
 * of another (a card number ending in the CVV, which a server may show as its last four digits).
 */
function distinctSecret(ctx: ProcedureContext, body: Body, path: string, field: Field): Body {
  const { kit, op } = ctx;
  let out = body;
  // A field without a length of its own (a credential password) takes a long, mixed secret: found
  // by no chance, and redacted in every report like any password the run sends.
  const current = memberValue(out, path);
  if (typeof current !== 'string' || current.length < LONG_SECRET) {
    const long = withValueAt(out, path.split('.'), `cc-${kit.session.nextSeed().toString(36)}-Vq7#Lp2!zR9x`);
    if (op.body?.kind === 'json' && checkBody(op.body, long).length === 0) out = long;
  }
  for (let draw = 0; draw < MAX_DRAWS; draw++) {
    const value = memberValue(out, path);
    const others = otherStrings(out, value);
    if (typeof value === 'string' && !others.some((s) => s.includes(value))) return out;
    const next = sampleOne(validValue(field, path, hintsFor(kit.session, op)), kit.session.nextSeed());
    const candidate = withValueAt(out, path.split('.'), next);
    if (op.body?.kind === 'json' && checkBody(op.body, candidate).length === 0) out = candidate;
  }
  return out;
}

/**
 * The body with what makes the secret needed (an `image` for a `root_pass`, by a `required-if`
 * rule), so the secret travels where the documents use it; unchanged where that breaks a rule.
 */
function inItsContext(ctx: ProcedureContext, body: Body, path: string): Body {
  const { kit, op } = ctx;
  if (op.body?.kind !== 'json') return body;
  let out = body;
  for (const rule of op.body.rules ?? []) {
    const needs = rule.kind === 'required-if' && rule.fields[0] === path ? rule.params.ifPresent : undefined;
    if (!needs || memberValue(out, needs) !== undefined) continue;
    const hint = hintsFor(kit.session, op, { plain: false })[needs];
    if (!hint) continue;
    const candidate = withValueAt(out, needs.split('.'), sampleOne(hint, kit.session.nextSeed()));
    if (checkBody(op.body, candidate).length === 0) out = candidate;
  }
  return out;
}

/**
 * Sends a valid body with the secret at `path`, distinct from every other value of it, and looks
 * for that secret in the answer and in the entity read back, decoded and in every encoding.
 */
export async function notReturned(ctx: ProcedureContext, path: string) {
  const { kit, op } = ctx;
  const field = walkFields(op.body?.fields ?? []).find((w) => w.path === path)?.field;
  if (!field?.secret) throw new Error(`${kit.requirement.id} names no secret field of ${op.id}`);
  const what = field.secret.what;
  const request = await validRequest(ctx);
  const given = (request.body ?? {}) as Body;
  const placed = withValueAt(given, path.split('.'), memberValue(given, path) ?? '');
  const body = inItsContext(ctx, distinctSecret(ctx, placed, path, field), path);
  const secret = memberValue(body, path);
  if (typeof secret !== 'string' || secret === '') return kit.skip(`no valid ${what} could be made for ${path}`);
  const e = await kit.send(op, { ...request, body });
  if (!kit.check(secretNotReturned(e, secret, what), `the answer of ${op.method} ${op.path}`)) return;
  const status = e.response?.status ?? 0;
  const failed = targetFailed(e);
  if (failed) return kit.unjudged(`the operation itself: ${failed}`);
  if (status < 200 || status >= 300)
    return kit.skip(
      `the operation refused a valid request (${status}); its answer holds no ${what}, and nothing was stored to read back`,
    );
  const back = entityViewOf(op, operations);
  if (!back) return;
  const answer = e.response?.json;
  const id = isObject(answer) ? answer.id : undefined;
  if (back.createdParam && typeof id !== 'number' && typeof id !== 'string') return;
  const params = { ...request.params, ...(back.createdParam ? { [back.createdParam]: id as string | number } : {}) };
  const read = await kit.send(back.view, { params });
  kit.check(secretNotReturned(read, secret, what), `the entity read back: GET ${back.view.path}`);
}
