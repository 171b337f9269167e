// The card verification value a payment needs when the method it charges is a credit card, on the throwaway account the harness gives Payment Make (whose default method is a card).

import { derivedCrossRule } from '../../../spec/index.js';
import { rejectedWith4xx, validRequest, type WrittenContext } from '../../support/author.js';
import { opOf } from '../account/support.js';

type Json = Record<string, unknown>;

const LIST = opOf('billing/payment-methods/list');

/** A payment without `cvv`, charging the default method and then naming it, when that method is of the rule's type. */
export async function cvvRequired(ctx: WrittenContext) {
  const { kit, op, fixtures } = ctx;
  const rule = derivedCrossRule(kit.requirement);
  const params = rule?.kind === 'required-if' ? rule.params : undefined;
  const required = params?.required ?? '';
  const type = params?.equals;
  if (!op || !rule || !required) throw new Error(`${kit.requirement.id} names no required-if rule`);
  const listed = (await kit.send(LIST, { query: { page_size: 500 } })).response?.json as { data?: Json[] } | undefined;
  const method = listed?.data?.find((m) => m.is_default === true);
  if (!method || method.type !== type) {
    return kit.skip(`the account's default payment method is not shown to be a ${String(type)}`);
  }
  const request = await validRequest({ kit, op, fixtures });
  const { [required]: _left, payment_method_id: _named, ...body } = request.body as Json;
  const byDefault = await kit.send(op, { ...request, body });
  kit.check(rejectedWith4xx(byDefault), `no ${required}, charging the default ${String(type)}`);
  const named = await kit.send(op, { ...request, body: { ...body, payment_method_id: method.id } });
  kit.check(rejectedWith4xx(named), `no ${required}, naming ${String(type)} ${String(method.id)}`);
}
