// A valid request for an operation: fixtures for its path parameters and a generated body that breaks no rule.

import type { Operation } from '../../../spec/types.js';
import { validBody } from '../../generate/bodies.js';
import { sampleOne } from '../../generate/violations.js';
import type { SendOptions } from '../../target/session.js';
import { type Fixtures, hintsFor } from '../fixtures.js';
import type { Kit } from '../kit.js';

export interface ProcedureContext {
  kit: Kit;
  op: Operation;
  fixtures: Fixtures;
}

/** Valid parameters and body; skips the requirement when an entity it needs cannot be made. */
export async function validRequest(ctx: ProcedureContext, fresh = false): Promise<SendOptions> {
  const { kit, op, fixtures } = ctx;
  const params = await fixtures.paramsFor(kit, op, fresh);
  if (!params) return kit.skip(`an entity ${op.method} ${op.path} needs could not be created on this target`);
  const body = op.body?.kind === 'json' ? sampleOne(validBody(op, hintsFor(kit.session, op)), kit.seed) : undefined;
  return { params, ...(body === undefined ? {} : { body }) };
}

export const changesState = (op: Operation) => op.method !== 'GET';
