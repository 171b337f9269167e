// Procedures of the error conventions: the error body of every rejection, the offending field named, and the rejection statuses.

import {
  conventionalStatus,
  errorBodyShape,
  OfferedSteps,
  offendingFieldNamed,
  rejectedWith4xx,
  type WrittenContext,
} from '../support/author.js';
import { allRejections, bodyRejections, queryRejections, refused } from './rejections.js';

export async function errorBodyShapeEverywhere(ctx: WrittenContext) {
  const steps = new OfferedSteps(ctx.kit);
  for (const r of await allRejections(ctx, steps)) {
    if (refused(r.exchange)) ctx.kit.check(errorBodyShape(r.exchange), r.why);
  }
  steps.done();
}

export async function fieldNamed(ctx: WrittenContext) {
  const steps = new OfferedSteps(ctx.kit);
  for (const r of await bodyRejections(ctx, steps)) {
    if (refused(r.exchange) && r.location) ctx.kit.check(offendingFieldNamed(r.exchange, r.location), r.why);
  }
  steps.done();
}

/** A rejection is a 4xx carrying the error body. */
export async function rejected4xx(ctx: WrittenContext) {
  const steps = new OfferedSteps(ctx.kit);
  for (const r of await allRejections(ctx, steps)) {
    if (ctx.kit.check(rejectedWith4xx(r.exchange), r.why)) ctx.kit.check(errorBodyShape(r.exchange), r.why);
  }
  steps.done();
}

/** Invalid bodies and queries get 400 (path values that name nothing are 404's business). */
export async function validation400(ctx: WrittenContext) {
  const steps = new OfferedSteps(ctx.kit);
  const rejections = [...(await bodyRejections(ctx, steps)), ...(await queryRejections(ctx, steps))];
  for (const r of rejections) ctx.kit.check(conventionalStatus(r.exchange, 400), r.why);
  steps.done();
}
