// The limits on adding payment methods (active methods per account, additions per day), reached on the throwaway account the harness gives Payment Method Add.

import { derivedCrossRule } from '../../../spec/index.js';
import {
  type Exchange,
  type Kit,
  refusedBeside,
  rejectedWith4xx,
  validRequest,
  type WrittenContext,
} from '../../support/author.js';
import { opOf } from '../account/support.js';

type Json = Record<string, unknown>;

const LIST = opOf('billing/payment-methods/list');
const DELETE = opOf('billing/payment-methods/delete');

/** The limit of the rule the requirement names (`<operation>/<rule id>`), and a valid request of the operation. */
async function limited(ctx: WrittenContext): Promise<{ max: number; add: () => Promise<Exchange> }> {
  const { kit, op, fixtures } = ctx;
  const rule = derivedCrossRule(kit.requirement);
  const max = Number(rule?.kind === 'custom' ? rule.params.max : undefined);
  if (!op || !Number.isInteger(max)) throw new Error(`${kit.requirement.id} names no rule with a max`);
  const request = await validRequest({ kit, op, fixtures });
  return { max, add: () => kit.send(op, request) };
}

async function activeCount(kit: Kit): Promise<number> {
  const json = (await kit.send(LIST, { query: { page_size: 500 } })).response?.json as Json | undefined;
  const results = json?.results ?? (Array.isArray(json?.data) ? json.data.length : undefined);
  return typeof results === 'number' ? results : kit.skip('the payment methods list shows no count');
}

const added = (e: Exchange) => (e.response?.status ?? 0) >= 200 && (e.response?.status ?? 0) < 300;

/** Methods are added up to the limit (each must be taken: the account holds fewer), then one more is refused. */
export async function activeMethodsLimit(ctx: WrittenContext) {
  const { kit } = ctx;
  const { max, add } = await limited(ctx);
  let last: unknown;
  for (let held = await activeCount(kit); held < max; held++) {
    const e = await add();
    if (!added(e)) {
      return kit.skip(`a payment method was refused with ${held} active, before the limit of ${max}`);
    }
    last = (e.response?.json as Json | undefined)?.id;
  }
  await refusedBeside(kit, await add(), `a method added to an account with ${max} active`, {
    what: `the same method added once one of the ${max} is deleted`,
    send: async () => {
      await kit.send(DELETE, { params: { paymentMethodId: Number(last) } });
      return add();
    },
  });
}

/** The UTC day of a record's `created` timestamp, when it shows one. */
const dayOf = (e: Exchange) => {
  const created = (e.response?.json as Json | undefined)?.created;
  return typeof created === 'string' ? created.slice(0, 10) : undefined;
};

/**
 * Methods are added and deleted again (so the active limit never binds) up to the daily limit; one
 * more is refused. Another test may move the target's clock meanwhile: when the accepted addition
 * is dated another day than the first, the day turned and the count started again.
 */
export async function dailyAdditionsLimit(ctx: WrittenContext) {
  const { kit } = ctx;
  const { max, add } = await limited(ctx);
  let firstDay: string | undefined;
  for (let count = 0; count < max; count++) {
    const e = await add();
    const id = (e.response?.json as Json | undefined)?.id;
    if (!added(e)) return kit.skip(`addition ${count + 1} was refused, before the daily limit of ${max}`);
    if (typeof id !== 'number') return kit.skip('the added payment method shows no id, to delete it again');
    firstDay ??= dayOf(e);
    await kit.send(DELETE, { params: { paymentMethodId: id } });
  }
  const over = await add();
  if (added(over) && dayOf(over) !== firstDay) {
    return kit.skip(`the target's day turned during the test (${firstDay} to ${dayOf(over)}), resetting the count`);
  }
  kit.check(rejectedWith4xx(over), `addition ${max + 1} on one day`);
}
