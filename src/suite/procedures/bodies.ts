// Procedures for body rules: every negative case of the requirement is refused, and a not-accepted field keeps its stored value.

import fc from 'fast-check';
import { operationById } from '../../../spec/index.js';
import { failed } from '../../check/result.js';
import { rejectedWith4xx } from '../../check/status.js';
import { negativeCasesOf } from '../../generate/bodies.js';
import { hintsFor } from '../fixtures.js';
import { type ProcedureContext, validRequest } from './request.js';

/** Sends each generated body that breaks exactly this requirement's rule; each must be refused. */
export async function bodyRule(ctx: ProcedureContext) {
  const { kit, op } = ctx;
  const cases = negativeCasesOf(op, kit.requirement.id, kit.seed, kit.session.config.runs, hintsFor(kit.session, op));
  if (cases.length === 0) return kit.skip('no request breaking only this rule can be generated from the encoding');
  const request = await validRequest(ctx);
  for (const c of cases) {
    const e = await kit.send(op, { ...request, body: c.body });
    kit.check(rejectedWith4xx(e), `${c.location}: ${c.why}`);
  }
}

const readBack = (opId: string) => operationById.get(opId.replace(/\/update$/, '/view'));

/** An update that sends a field the update does not accept leaves the stored value as it was (DECISIONS 2). */
export async function notAccepted(ctx: ProcedureContext, field: string) {
  const { kit, op } = ctx;
  const view = readBack(op.id);
  if (!view) return kit.skip(`no view operation to read ${field} back`);
  const request = await validRequest(ctx);
  const before = (await kit.send(view, { params: request.params ?? {} })).response?.json as
    | Record<string, unknown>
    | undefined;
  if (!before || !(field in before)) return kit.skip(`the record does not show ${field}`);
  const other = fc.sample(fc.string({ minLength: 3, maxLength: 8 }), { seed: kit.seed, numRuns: 1 })[0];
  const changed = Array.isArray(before[field])
    ? []
    : typeof before[field] === 'string'
      ? `${before[field]}-${other}`
      : other;
  await kit.send(op, { ...request, body: { ...(request.body as object), [field]: changed } });
  const after = (await kit.send(view, { params: request.params ?? {} })).response?.json as
    | Record<string, unknown>
    | undefined;
  if (JSON.stringify(after?.[field]) !== JSON.stringify(before[field])) {
    kit.check(
      failed(
        'not-accepted-unchanged',
        `${field} stays ${JSON.stringify(before[field])}`,
        `${field} is ${JSON.stringify(after?.[field])}`,
        'A field the update does not accept must not change.',
        kit.exchanges.at(-1),
      ),
    );
  }
}
