// Requests every conforming server rejects, sent across the sample: generated bodies that break one rule, bad queries, unknown ids, missing tokens.

import { checkBody } from '../../spec/evaluate.js';
import type { Operation } from '../../spec/types.js';
import {
  type Exchange,
  hintsFor,
  negativeCases,
  type OfferedSteps,
  sendRequests,
  unknownIdFrom,
  type WrittenContext,
} from '../support/author.js';
import { BODIES, LISTS, opOf, requestFor } from './sample.js';

export interface Rejection {
  /** What is wrong with the request, for the failure's case. */
  why: string;
  /** The kind of rejection, to pick the conventional status. */
  kind: 'body' | 'query' | 'unknown-id' | 'no-token';
  /** Where a body violation sits (`subnets[0].label`). */
  location?: string;
  exchange: Exchange;
}

/** At most this many negative bodies per operation: enough to meet every family of rule. */
const CASES_PER_OPERATION = 12;

/** Negative bodies the encoding itself judges invalid (stateful rules such as uniqueness need state a body cannot show). */
function staticCases(ctx: WrittenContext, op: Operation) {
  const body = op.body;
  if (!body) return [];
  const cases = negativeCases(op, ctx.kit.seed, hintsFor(ctx.kit.session, op)).filter(
    (c) => checkBody(body, c.body).length > 0,
  );
  // Spread over the operation's fields rather than the first few rules of one field.
  const step = Math.max(1, Math.ceil(cases.length / CASES_PER_OPERATION));
  return cases.filter((_c, i) => i % step === 0);
}

/**
 * The rejections each operation of a sample gets, as steps: those of an operation the target
 * showed it does not offer are left out (they judge nothing of the conventions).
 */
async function stepwise(
  steps: OfferedSteps,
  ids: readonly string[],
  reject: (op: Operation, out: Rejection[]) => Promise<void>,
): Promise<Rejection[]> {
  const out: Rejection[] = [];
  for (const id of ids) {
    const mine: Rejection[] = [];
    if (await steps.one(id, (op) => reject(op, mine))) out.push(...mine);
  }
  return out;
}

export function bodyRejections(ctx: WrittenContext, steps: OfferedSteps, ops: string[] = BODIES): Promise<Rejection[]> {
  return stepwise(steps, ops, async (op, out) => {
    const request = await requestFor(ctx, op);
    await sendRequests(
      ctx.kit,
      staticCases(ctx, op),
      (c) => ctx.kit.send(op, { ...request, body: c.body }),
      (c, exchange) =>
        out.push({ why: `${op.id}: ${c.location}: ${c.why}`, kind: 'body', location: c.location, exchange }),
    );
  });
}

/** `page` below its bound on the lists whose bounds the document shows. */
export function queryRejections(ctx: WrittenContext, steps: OfferedSteps): Promise<Rejection[]> {
  const bounded = LISTS.filter((id) => opOf(id).paging === 'bounded');
  return stepwise(steps, bounded, async (op, out) => {
    const request = await requestFor(ctx, op);
    const exchange = await ctx.kit.send(op, { ...request, query: { page: 0 } });
    out.push({ why: `${op.id}: page=0`, kind: 'query', exchange });
  });
}

/** Unknown ids of entities the target offers: a valid request first, so that a route it does not serve shows as such. */
function unknownIdRejections(ctx: WrittenContext, steps: OfferedSteps): Promise<Rejection[]> {
  const views = ['vpcs/view', 'vpcs/subnets/view', 'stackscripts/view', 'managed/contacts/view', 'events/view'];
  return stepwise(steps, views, async (op, out) => {
    const request = await requestFor(ctx, op);
    await ctx.kit.send(op, request);
    const last = op.pathParams.at(-1)?.name ?? '';
    // An id the target handed out for the kind tells where ids that name nothing are.
    const unknown = unknownIdFrom(request.params?.[last]);
    const exchange = await ctx.kit.send(op, { params: { ...request.params, [last]: unknown } });
    out.push({ why: `${op.id}: ${last} ${unknown} names nothing`, kind: 'unknown-id', exchange });
  });
}

function noTokenRejections(ctx: WrittenContext, steps: OfferedSteps): Promise<Rejection[]> {
  return stepwise(steps, ['vpcs/list', 'tags/list', 'account/view', 'events/list'], async (op, out) => {
    const exchange = await ctx.kit.send(op, { ...(await requestFor(ctx, op)), token: null });
    out.push({ why: `${op.id} without a token`, kind: 'no-token', exchange });
  });
}

/** Every kind of rejected request across the sample, through the operations the target offers. */
export async function allRejections(ctx: WrittenContext, steps: OfferedSteps): Promise<Rejection[]> {
  return [
    ...(await bodyRejections(ctx, steps)),
    ...(await queryRejections(ctx, steps)),
    ...(await unknownIdRejections(ctx, steps)),
    ...(await noTokenRejections(ctx, steps)),
  ];
}

/** Whether the target refused the request (the status is another requirement's business). */
export const refused = (e: Exchange): boolean => (e.response?.status ?? 0) >= 400;
