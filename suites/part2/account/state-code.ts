// The state code rule of Account Update for each country it names, with the country in the body and with the country only stored (a state-only update), on an account of the test's own.

import { derivedCrossRule } from '../../../spec/index.js';
import type { CrossRule } from '../../../spec/types.js';
import { acceptedWith2xx, fieldEquals, rejectedWith4xx, type WrittenContext } from '../../support/author.js';
import { as, opOf, ownAccount } from './support.js';

const VIEW = opOf('account/view');

/** The rule the requirement names: the cross rule of the operation's body it is derived from. */
function ruleOf(ctx: WrittenContext): CrossRule | undefined {
  return derivedCrossRule(ctx.kit.requirement);
}

/** A code another country of the rule accepts and this one does not (a Canadian province for a US address). */
const foreignCode = (codes: Record<string, string[]>, country: string) =>
  Object.entries(codes)
    .filter(([other]) => other !== country)
    .flatMap(([, list]) => list)
    .find((code) => !codes[country]?.includes(code));

/**
 * For each country the rule lists: a state it does not accept is refused with that country in the
 * body, and again in a body of `state` alone once the country is stored. A throwaway account keeps
 * the run's address as it was (without one the session puts the run's back when the test ends).
 */
export async function stateCodeByCountry(ctx: WrittenContext) {
  const { kit, op } = ctx;
  const rule = ruleOf(ctx);
  const params = rule?.kind === 'conditional-values' ? rule.params : undefined;
  const keyField = params?.keyField ?? '';
  const codes = params?.values ?? {};
  const valueField = rule?.fields.find((f) => f !== keyField);
  if (!op || !rule || !valueField) throw new Error(`${kit.requirement.id} names no conditional-values rule`);
  const token = await ownAccount(kit);
  for (const [country, accepted] of Object.entries(codes)) {
    const bad = foreignCode(codes, country);
    const good = accepted[0];
    if (!bad || !good) continue;
    const sent = await kit.send(op, { body: { [keyField]: country, [valueField]: bad }, ...as(token) });
    kit.check(rejectedWith4xx(sent), `${keyField} ${country} and ${valueField} ${bad} in one body`);
    const stored = await kit.send(op, { body: { [keyField]: country, [valueField]: good }, ...as(token) });
    const view = await kit.send(VIEW, as(token));
    const why = `The ${keyField} ${country} must be stored for a ${valueField}-only update to be judged against it.`;
    if (acceptedWith2xx(stored).ok !== true || fieldEquals(view, keyField, country, why).ok === false) {
      return kit.skip(`the account's ${keyField} could not be set to ${country} with ${valueField} ${good}`);
    }
    const alone = await kit.send(op, { body: { [valueField]: bad }, ...as(token) });
    kit.check(rejectedWith4xx(alone), `${valueField} ${bad} alone while the stored ${keyField} is ${country}`);
  }
}
