// Procedures on promo credit conditions written from prose: the account's age and the code's validity; each runs on the throwaway account the harness gives Promo Credit Add.

import { PROMO_MAX_ACCOUNT_AGE_DAYS } from '../../../spec/part2/account.js';
import { rejectedWith4xx } from '../../../src/check/status.js';
import type { WrittenContext } from '../../../src/suite/procedures/request.js';
import { opOf } from './support.js';

const ADD = opOf('account/promo-codes/add');
const DAY_SECONDS = 24 * 60 * 60;

/**
 * An account cannot be made old, so the server's clock moves forward by exactly the age limit
 * (the least that shows the clause) after the account was made; then a valid code is refused.
 */
export async function promoAccountAge({ kit }: WrittenContext) {
  const code = await kit.session.promoCode();
  if (!code) return kit.skip('needs a promo code the target accepts, which only the control interface issues');
  if (!(await kit.session.advanceClock(PROMO_MAX_ACCOUNT_AGE_DAYS * DAY_SECONDS))) {
    return kit.skip(`needs the control interface to move the clock ${PROMO_MAX_ACCOUNT_AGE_DAYS} days forward`);
  }
  const e = await kit.send(ADD, { body: { promo_code: code } });
  kit.check(rejectedWith4xx(e), `a valid code on an account ${PROMO_MAX_ACCOUNT_AGE_DAYS} days old`);
}

/** A code the target never issued is refused; so is an issued one that has expired (when the target can issue one). */
export async function promoCodeValid({ kit }: WrittenContext) {
  const unknown = `cc-none-${kit.session.nextSeed().toString(36)}`.slice(0, 32);
  const e = await kit.send(ADD, { body: { promo_code: unknown } });
  kit.check(rejectedWith4xx(e), 'a promo code the target never issued');
  const expired = await kit.session.promoCode(0);
  if (!expired) return;
  const late = await kit.send(ADD, { body: { promo_code: expired } });
  kit.check(rejectedWith4xx(late), 'an issued promo code that has expired');
}
