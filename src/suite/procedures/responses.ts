// Procedures for what a valid request gets back: the documented response, paging bounds, unknown ids, disabled operations.

import { PAGE, PAGE_SIZE } from '../../../spec/conventions.js';
import { envelopeCounts, envelopeShape } from '../../check/envelope.js';
import { responseMatchesSchema } from '../../check/schema.js';
import { acceptedWith2xx, conventionalStatus, rejectedWith4xx } from '../../check/status.js';
import { destroys, type ProcedureContext, validRequest } from './request.js';

export async function responseShape(ctx: ProcedureContext) {
  const request = await validRequest(ctx, destroys(ctx.op));
  const e = await ctx.kit.send(ctx.op, request);
  if (!ctx.kit.check(acceptedWith2xx(e))) return;
  ctx.kit.check(responseMatchesSchema(ctx.op, e));
  if (ctx.op.response.kind === 'envelope') {
    ctx.kit.check(envelopeShape(e));
    ctx.kit.check(envelopeCounts(e, PAGE.default, PAGE_SIZE.default));
  }
}

/** One past each bound of a paging parameter is refused. */
export async function pagingBound(ctx: ProcedureContext, param: 'page' | 'page_size') {
  const request = await validRequest(ctx);
  const values = param === 'page' ? [PAGE.min - 1] : [PAGE_SIZE.min - 1, PAGE_SIZE.max + 1];
  for (const value of values) {
    const e = await ctx.kit.send(ctx.op, { ...request, query: { [param]: value } });
    ctx.kit.check(rejectedWith4xx(e), `${param}=${value}`);
  }
}

/** An id that names nothing gets 404 (a convention: SHOULD). */
export async function unknownId(ctx: ProcedureContext) {
  const request = await validRequest(ctx);
  // An id names an entity; a bounded integer such as a month is judged by its range rule instead.
  const ids = ctx.op.pathParams.filter((p) => p.type === 'integer' && /Id$/.test(p.name));
  const last = ids.at(-1);
  if (!last) return ctx.kit.skip('no integer id in the path');
  const params = { ...request.params, [last.name]: 2_147_483_000 };
  ctx.kit.check(
    conventionalStatus(await ctx.kit.send(ctx.op, { ...request, params }), 404),
    `${last.name} that does not exist`,
  );
}

export async function disabled(ctx: ProcedureContext) {
  const request = await validRequest(ctx);
  ctx.kit.check(rejectedWith4xx(await ctx.kit.send(ctx.op, request)));
}
