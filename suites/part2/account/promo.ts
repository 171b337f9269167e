// Procedures on promo credit conditions written from prose: the account's age and the code's validity; each runs on the throwaway account the harness gives Promo Credit Add.

import { PROMO_MAX_ACCOUNT_AGE_DAYS } from '../../../spec/part2/account.js';
import { rejectedWith4xx, type WrittenContext } from '../../support/author.js';
import { opOf } from './support.js';

const ADD = opOf('account/promo-codes/add');

/**
 * An account opened exactly the age limit ago (the least that shows the clause), made through the
 * control interface without moving the server's clock; a valid code is refused there.
 */
export async function promoAccountAge({ kit }: WrittenContext) {
  const code = await kit.session.promoCode();
  if (!code) return kit.skip('needs a promo code the target accepts, which only the control interface issues');
  const old = await kit.session.throwaway({ ageDays: PROMO_MAX_ACCOUNT_AGE_DAYS });
  if (!old)
    return kit.skip(`needs an account ${PROMO_MAX_ACCOUNT_AGE_DAYS} days old, which only the control interface makes`);
  const e = await kit.send(ADD, { body: { promo_code: code }, token: old.config.token });
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
