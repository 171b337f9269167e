// Procedures of the monthly statistics and transfer reads: a month after the server's current month is refused.

import { opOf } from '../../conventions/sample.js';
import { type Kit, rejectedWith4xx, type WrittenContext } from '../../support/author.js';

const parsed = (value: unknown): number | undefined => {
  if (typeof value !== 'string') return undefined;
  const ms = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(value) ? value : `${value}Z`);
  return Number.isNaN(ms) ? undefined : ms;
};

/**
 * The target's current time: the latest of this machine's clock and the `updated` time an
 * instance update writes, since the target's clock may run ahead of ours (a reference server
 * whose clock other tests moved).
 */
async function targetNow(kit: Kit, nodeId: number): Promise<Date> {
  const e = await kit.send(opOf('instances/update'), { params: { nodeId }, body: {} });
  const record = e.response?.json as Record<string, unknown> | undefined;
  const seen = [parsed(record?.updated), parsed(record?.created)].filter((x): x is number => x !== undefined);
  return new Date(Math.max(Date.now(), ...seen));
}

/** The month after the target's current one. */
function nextMonth(now: Date): { year: number; month: number } {
  const month = now.getUTCMonth() + 2;
  return month > 12 ? { year: now.getUTCFullYear() + 1, month: 1 } : { year: now.getUTCFullYear(), month };
}

async function futureMonthRefused(ctx: WrittenContext, opId: string) {
  const { kit, fixtures } = ctx;
  const op = opOf(opId);
  const params = await fixtures.paramsFor(kit, op);
  if (!params) return kit.skip('needs an instance, which this target could not make');
  const nodeId = Number(params.nodeId);
  const { year, month } = nextMonth(await targetNow(kit, nodeId));
  const e = await kit.send(op, { params: { nodeId, year, month } });
  kit.check(rejectedWith4xx(e), `${year}-${String(month).padStart(2, '0')}, the month after the current one`);
}

export const statsFutureMonth = (ctx: WrittenContext) => futureMonthRefused(ctx, 'stats/view-month');
export const transferFutureMonth = (ctx: WrittenContext) => futureMonthRefused(ctx, 'stats/transfer-month');
