// Procedures for what a valid request gets back: the documented response, paging bounds, unknown ids, disabled operations.

import fc from 'fast-check';
import { PAGE, PAGE_SIZE, pageParam, pageSizeParam } from '../../../spec/conventions.js';
import { envelopeCounts, envelopeShape } from '../../check/envelope.js';
import { responseMatchesSchema } from '../../check/schema.js';
import { acceptedWith2xx, conventionalStatus, rejectedWith4xx } from '../../check/status.js';
import { paramCasesOf } from '../../generate/bodies.js';
import { sendRequests } from '../cases-at-once.js';
import { UNKNOWN_ID_MARGIN, unknownIdFrom } from '../unknown-ids.js';
import { extraSamples, RUNS_PER_ALIKE_SAMPLE } from './generated.js';
import { destroys, type ProcedureContext, validRequest } from './request.js';
import { judgeRuleCase } from './rule-rejection.js';

export async function responseShape(ctx: ProcedureContext) {
  const request = await validRequest(ctx, destroys(ctx.op));
  const e = await ctx.kit.send(ctx.op, request);
  if (!ctx.kit.check(acceptedWith2xx(e))) return;
  ctx.kit.check(responseMatchesSchema(ctx.op, e));
  if (ctx.op.response.kind !== 'envelope') return;
  ctx.kit.check(envelopeShape(e));
  // Where the documents show no page bounds, a target may page at a smaller maximum of its own.
  const ownMaximum = ctx.op.paging === 'bounds-not-shown';
  ctx.kit.check(envelopeCounts(e, PAGE.default, PAGE_SIZE.default, ownMaximum));
  // The envelope's counts must hold for any page size in bounds, not only the default.
  await sendRequests(
    ctx.kit,
    extraSamples(ctx.kit, fc.integer({ min: PAGE_SIZE.min, max: PAGE_SIZE.max })),
    (size) => ctx.kit.send(ctx.op, { ...request, query: { ...request.query, page_size: size } }),
    (size, sized) => {
      if (ctx.kit.check(acceptedWith2xx(sized), `page_size=${size}`))
        ctx.kit.check(envelopeCounts(sized, PAGE.default, size, ownMaximum), `page_size=${size}`);
    },
  );
}

/** One past each bound of a paging parameter is refused, and so are generated values further out. */
export async function pagingBound(ctx: ProcedureContext, param: 'page' | 'page_size') {
  const request = await validRequest(ctx);
  const values = paramCasesOf(
    param === 'page' ? pageParam : pageSizeParam,
    'range',
    ctx.kit.seed,
    ctx.kit.session.config.runs,
  ).keys();
  await sendRequests(
    ctx.kit,
    [...values],
    (value) => ctx.kit.send(ctx.op, { ...request, query: { [param]: value } }),
    (value, e) => judgeRuleCase(ctx.kit, e, `${param}=${value}`),
  );
}

/** An id that names nothing gets 404 (a convention: SHOULD). */
export async function unknownId(ctx: ProcedureContext) {
  const request = await validRequest(ctx);
  // An id names an entity; a bounded integer such as a month is judged by its range rule instead.
  const ids = ctx.op.pathParams.filter((p) => p.type === 'integer' && /Id$/.test(p.name));
  const last = ids.at(-1);
  if (!last) return ctx.kit.skip('no integer id in the path');
  // Past twice the id the target handed out for this kind, not in a range of ours (DECISIONS 20);
  // generated offsets vary the digits a lookup sees.
  const known = request.params?.[last.name];
  const unknown = [
    unknownIdFrom(known),
    ...extraSamples(ctx.kit, fc.integer({ min: 1, max: UNKNOWN_ID_MARGIN - 1 }), RUNS_PER_ALIKE_SAMPLE).map((offset) =>
      unknownIdFrom(known, offset),
    ),
  ];
  await sendRequests(
    ctx.kit,
    [...new Set(unknown)],
    (id) => ctx.kit.send(ctx.op, { ...request, params: { ...request.params, [last.name]: id } }),
    (id, e) => ctx.kit.check(conventionalStatus(e, 404), `${last.name} ${id}, which does not exist`),
  );
}

export async function disabled(ctx: ProcedureContext) {
  const request = await validRequest(ctx);
  ctx.kit.check(rejectedWith4xx(await ctx.kit.send(ctx.op, request)));
}
