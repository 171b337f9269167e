// A valid request for an operation: fixtures for its path parameters and a generated body that breaks no rule.

import type { Operation } from '../../../spec/types.js';
import { validBody } from '../../generate/bodies.js';
import { SAMPLE_IMAGE, SAMPLE_IMAGE_TYPE } from '../../generate/files.js';
import { sampleOne } from '../../generate/violations.js';
import type { SendOptions } from '../../target/session.js';
import { createdFixtures } from '../fixture-specs.js';
import { type Fixtures, hintsFor } from '../fixtures.js';
import type { Kit } from '../kit.js';

export interface ProcedureContext {
  kit: Kit;
  op: Operation;
  fixtures: Fixtures;
}

/**
 * What a procedure written for a prose requirement receives: the operation when the requirement
 * is about one, else none (state tables, resources, conventions name the operations they use).
 */
export interface WrittenContext {
  kit: Kit;
  op?: Operation;
  fixtures: Fixtures;
}

/** Valid parameters and body; skips the requirement when an entity it needs cannot be made. */
export async function validRequest(ctx: ProcedureContext, fresh = false): Promise<SendOptions> {
  const { kit, op, fixtures } = ctx;
  const params = await fixtures.paramsFor(kit, op, fresh || renames(op));
  if (!params) {
    const missing = fixtures.missing(op);
    return kit.skip(
      missing
        ? `no operation of this suite can create the {${missing}} ${op.method} ${op.path} needs yet`
        : `an entity ${op.method} ${op.path} needs could not be created on this target`,
    );
  }
  const body =
    op.body?.kind === 'json' ? sampleOne(validBody(op, hintsFor(kit.session, op)), kit.session.nextSeed()) : undefined;
  if (op.body?.kind === 'file') return { params, rawBody: SAMPLE_IMAGE, contentType: SAMPLE_IMAGE_TYPE };
  if (body) {
    await fillTargetValues(kit, op, body);
    for (const field of op.body?.fields ?? [])
      if (field.name in SENT_ALWAYS) body[field.name] ??= SENT_ALWAYS[field.name];
  }
  return { params, ...(body === undefined ? {} : { body }) };
}

/** An update that can rename its entity (a user's username) would pull a shared fixture from under other tests. */
function renames(op: Operation): boolean {
  const last = op.pathParams.at(-1)?.name;
  const idField = createdFixtures.find((f) => f.param === last)?.idField;
  return idField !== undefined && (op.body?.fields.some((f) => f.name === idField) ?? false);
}

/** Optional fields that the target's state can make required (a card's `cvv` when the default method is a card). */
const SENT_ALWAYS: Record<string, unknown> = { cvv: '123' };

/** Body fields whose valid values only the target knows, and how to get one from it. */
const TARGET_VALUES: Record<string, (kit: Kit) => Promise<unknown>> = {
  promo_code: (kit) => kit.session.promoCode(),
};

async function fillTargetValues(kit: Kit, op: Operation, body: Record<string, unknown>): Promise<void> {
  for (const field of op.body?.fields ?? []) {
    const get = TARGET_VALUES[field.name];
    if (!get) continue;
    const value = await get(kit);
    if (value === undefined)
      kit.skip(`needs a \`${field.name}\` the target accepts, which only the control interface can issue`);
    body[field.name] = value;
  }
}

/** Whether an operation destroys its entity (deletes, revokes): such tests get an entity of their own. */
export const destroys = (op: Operation) => op.method === 'DELETE' || op.effects.includes('destructive');
