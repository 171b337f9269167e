// A valid request for an operation: fixtures for its path parameters and a generated body that breaks no rule.

import type { Operation } from '../../../spec/types.js';
import { SAMPLE_IMAGE, SAMPLE_IMAGE_TYPE } from '../../generate/files.js';
import type { SendOptions } from '../../target/session.js';
import { createdFixtures, freshParentFor } from '../fixture-specs.js';
import type { Fixtures } from '../fixtures.js';
import type { Kit } from '../kit.js';
import { targetBody } from '../target-body.js';

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
  const params = await fixtures.paramsFor(kit, op, fresh || renames(op) || freshParentFor.has(op.id));
  if (!params) {
    const missing = fixtures.missing(op);
    return kit.skip(
      missing
        ? `no operation of this suite can create the {${missing}} ${op.method} ${op.path} needs yet`
        : `an entity ${op.method} ${op.path} needs could not be created on this target`,
    );
  }
  if (op.body?.kind === 'file') return { params, rawBody: SAMPLE_IMAGE, contentType: SAMPLE_IMAGE_TYPE };
  if (op.body?.kind !== 'json') return { params };
  const made = await targetBody(kit, op, params);
  if ('missing' in made)
    return kit.skip(`needs a \`${made.missing}\` value the target accepts, which it could not supply`);
  return { params, body: made.body };
}

/** An update that can rename its entity (a user's username) would pull a shared fixture from under other tests. */
export function renames(op: Operation): boolean {
  const last = op.pathParams.at(-1)?.name;
  const idField = createdFixtures.find((f) => f.param === last)?.idField;
  return idField !== undefined && (op.body?.fields.some((f) => f.name === idField) ?? false);
}

/** Whether an operation destroys its entity (deletes, revokes): such tests get an entity of their own. */
export const destroys = (op: Operation) => op.method === 'DELETE' || op.effects.includes('destructive');
