// The expiry rule of a card (payment method add, deprecated credit card add): a card that expired in an earlier year, or earlier this year, is refused.

import { derivedCrossRule } from '../../../spec/index.js';
import { rejectedWith4xx, validRequest, type WrittenContext } from '../../support/author.js';

type Json = Record<string, unknown>;

/** Sets a member at a dotted path (`data.expiry_year`) of a body whose parents exist. */
function setAt(body: Json, path: string, value: unknown): void {
  const segments = path.split('.');
  const last = segments.pop() as string;
  let at = body;
  for (const s of segments) at = at[s] as Json;
  at[last] = value;
}

/**
 * A valid card with its expiry moved into the past: a year ago, then an earlier month of this year.
 * Dates are ours, not the target's: its clock may run ahead of ours (a test may move it), never a
 * month behind. In January no month of this year is past, so that case cannot be made.
 */
export async function expiryNotInPast(ctx: WrittenContext) {
  const { kit, op, fixtures } = ctx;
  const rule = derivedCrossRule(kit.requirement);
  const yearPath = rule?.kind === 'not-in-past' ? rule.params.year : '';
  const monthPath = rule?.kind === 'not-in-past' ? rule.params.month : '';
  if (!op || !yearPath || !monthPath) throw new Error(`${kit.requirement.id} names no expiry rule with its fields`);
  const request = await validRequest({ kit, op, fixtures });
  const now = new Date();
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  const expired = async (expiryYear: number, expiryMonth: number, what: string) => {
    const body = structuredClone(request.body) as Json;
    setAt(body, yearPath, expiryYear);
    setAt(body, monthPath, expiryMonth);
    kit.check(rejectedWith4xx(await kit.send(op, { ...request, body })), what);
  };
  await expired(year - 1, month, `a card that expired in ${month}/${year - 1}`);
  if (month === 1) {
    return kit.skip(
      'in January no earlier month of this year exists, so a card expired this year cannot be made (only the year was judged)',
    );
  }
  await expired(year, month - 1, `a card that expired last month, ${month - 1}/${year}`);
}
