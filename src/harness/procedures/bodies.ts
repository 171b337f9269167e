// Procedures for body and path parameter rules: every negative case of the requirement is refused, and a not-accepted field keeps its stored value.

import fc from 'fast-check';
import { operationById } from '../../../spec/index.js';
import { failed } from '../../check/result.js';
import { allowedValueAccepted } from '../../check/status.js';
import { allowedEdgeCount, allowedEdgesOf } from '../../generate/allowed-edges.js';
import {
  crossRuleCasesOf,
  crossRuleOf,
  negativeCasesOf,
  paramCasesOf,
  withNearMissesOn,
} from '../../generate/bodies.js';
import { breaksOnly } from '../../generate/cross-rules.js';
import { sendRequests } from '../cases-at-once.js';
import { withReferences } from '../cross-rule-entities.js';
import { hintsFor } from '../hints.js';
import { type ProcedureContext, validRequest } from './request.js';
import { judgeRuleCase } from './rule-rejection.js';

const NO_CASE = 'no request breaking only this rule can be generated from the encoding';

/**
 * Sends each generated body that breaks exactly this requirement's rule, a few at a time; each must be refused. A
 * cross rule's cases and the near misses are built from the body the target accepts (its own disks
 * and images), and what a cross rule's case names (a backup, a subnet, a StackScript) is made real,
 * so the case is refused for its breach and not for naming what the target does not have.
 */
export async function bodyRule(ctx: ProcedureContext) {
  const { kit, op } = ctx;
  const { runs } = kit.session.config;
  const id = kit.requirement.id;
  const hints = hintsFor(kit.session, op);
  const fieldCases = negativeCasesOf(op, id, kit.seed, runs, hints);
  const cross = fieldCases.length === 0 ? crossRuleOf(op, id) : undefined;
  if (fieldCases.length === 0 && !cross) return kit.skip(NO_CASE);
  const valid = await validRequest(ctx);
  const base = (valid.body ?? {}) as Record<string, unknown>;
  const crossHints = hintsFor(kit.session, op, { plain: false });
  const generated = cross
    ? crossRuleCasesOf(op, id, base, kit.seed, runs, crossHints)
    : withNearMissesOn(op, id, fieldCases, base, kit.seed, runs, hints);
  const { request, cases, unresolved } = cross
    ? await withReferences(ctx, valid, generated, (b) => breaksOnly(op, cross, b))
    : { request: valid, cases: generated, unresolved: [] };
  if (cases.length === 0) return kit.skip(unresolved[0] ?? NO_CASE);
  await sendRequests(
    kit,
    cases,
    (c) => kit.send(op, { ...request, body: c.body }),
    (c, e) => judgeRuleCase(kit, e, `${c.location}: ${c.why}`),
  );
  await allowedEdges(ctx);
}

/**
 * The accepting side where a stricter reading than the documents' refuses (an email domain of one
 * label, a `null` member of free JSON): each case on a body of its own, one after another, since each
 * may create (a user's username is taken once).
 */
async function allowedEdges(ctx: ProcedureContext) {
  const { kit, op } = ctx;
  const count = allowedEdgeCount(op, kit.requirement.id);
  for (let i = 0; i < count; i++) {
    const request = await validRequest(ctx);
    const c = allowedEdgesOf(op, kit.requirement.id, (request.body ?? {}) as Record<string, unknown>)[i];
    if (!c) continue;
    const e = await kit.send(op, { ...request, body: c.body });
    kit.check(allowedValueAccepted(e, c.why), `${c.location} ${JSON.stringify(c.value)}: a value the documents allow`);
  }
}

/**
 * A path parameter value that breaks exactly this requirement's rule (a month of 13) is refused,
 * each value re-checked against the encoding; more runs send more values past the bound.
 */
export async function pathParamRule(ctx: ProcedureContext) {
  const { kit, op } = ctx;
  const d = kit.requirement.derivation;
  const param = d?.kind === 'param-rule' ? op.pathParams.find((p) => p.name === d.path) : undefined;
  if (!param || d?.kind !== 'param-rule') throw new Error(`${kit.requirement.id} names no path parameter of ${op.id}`);
  const values = paramCasesOf(param, d.rule, kit.seed, kit.session.config.runs);
  if (values.size === 0) return kit.skip('no path parameter value breaking only this rule can be generated');
  const request = await validRequest(ctx);
  await sendRequests(
    kit,
    [...values],
    ([value]) => kit.send(op, { ...request, params: { ...request.params, [param.name]: value } }),
    ([value, why], e) => judgeRuleCase(kit, e, `${param.name} ${value}: ${why}`, true),
  );
}

const readBack = (opId: string) => operationById.get(opId.replace(/\/update$/, '/view'));

/** An update that sends a field the update does not accept leaves the stored value as it was (DECISIONS 2). */
export async function notAccepted(ctx: ProcedureContext, field: string) {
  const { kit, op } = ctx;
  const view = readBack(op.id);
  if (!view) return kit.skip(`no view operation to read ${field} back`);
  // An entity of its own: on a shared one, another test (adding a subnet to the VPC) changes the field meanwhile.
  const request = await validRequest(ctx, true);
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
