// Requests every conforming server rejects, sent across the sample: generated bodies that break one rule, bad queries, unknown ids, missing tokens.

import { checkBody } from '../../spec/evaluate.js';
import type { Operation } from '../../spec/types.js';
import {
  type Exchange,
  hintsFor,
  negativeCases,
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

export async function bodyRejections(ctx: WrittenContext, ops: string[] = BODIES): Promise<Rejection[]> {
  const out: Rejection[] = [];
  for (const id of ops) {
    const op = opOf(id);
    const request = await requestFor(ctx, op);
    await sendRequests(
      ctx.kit,
      staticCases(ctx, op),
      (c) => ctx.kit.send(op, { ...request, body: c.body }),
      (c, exchange) =>
        out.push({ why: `${op.id}: ${c.location}: ${c.why}`, kind: 'body', location: c.location, exchange }),
    );
  }
  return out;
}

/** `page` below its bound on the lists whose bounds the document shows. */
export async function queryRejections(ctx: WrittenContext): Promise<Rejection[]> {
  const out: Rejection[] = [];
  for (const op of LISTS.map(opOf).filter((o) => o.paging === 'bounded')) {
    const request = await requestFor(ctx, op);
    const exchange = await ctx.kit.send(op, { ...request, query: { page: 0 } });
    out.push({ why: `${op.id}: page=0`, kind: 'query', exchange });
  }
  return out;
}

async function unknownIdRejections(ctx: WrittenContext): Promise<Rejection[]> {
  const out: Rejection[] = [];
  for (const id of ['vpcs/view', 'vpcs/subnets/view', 'stackscripts/view', 'managed/contacts/view', 'events/view']) {
    const op = opOf(id);
    const last = op.pathParams.at(-1)?.name ?? '';
    // An id the target handed out for the kind tells where ids that name nothing are.
    const { params } = await requestFor(ctx, op);
    const unknown = unknownIdFrom(params?.[last]);
    const exchange = await ctx.kit.send(op, { params: { ...params, [last]: unknown } });
    out.push({ why: `${op.id}: ${last} ${unknown} names nothing`, kind: 'unknown-id', exchange });
  }
  return out;
}

async function noTokenRejections(ctx: WrittenContext): Promise<Rejection[]> {
  const out: Rejection[] = [];
  for (const id of ['vpcs/list', 'tags/list', 'account/view', 'events/list']) {
    const op = opOf(id);
    const exchange = await ctx.kit.send(op, { ...(await requestFor(ctx, op)), token: null });
    out.push({ why: `${op.id} without a token`, kind: 'no-token', exchange });
  }
  return out;
}

/** Every kind of rejected request across the sample. */
export async function allRejections(ctx: WrittenContext): Promise<Rejection[]> {
  return [
    ...(await bodyRejections(ctx)),
    ...(await queryRejections(ctx)),
    ...(await unknownIdRejections(ctx)),
    ...(await noTokenRejections(ctx)),
  ];
}

/** Whether the target refused the request (the status is another requirement's business). */
export const refused = (e: Exchange): boolean => (e.response?.status ?? 0) >= 400;
