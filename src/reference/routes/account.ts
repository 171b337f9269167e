// HTTP binding of the account area: read the parsed request, call the account model, shape the records.

import type { AccountSummary, Availability, Promotion, Settings } from '../model/account.js';
import * as account from '../model/account.js';
import { caller, type Handlers } from './context.js';

const promotionRecord = (x: Promotion) => ({
  summary: x.summary,
  description: `A promo credit of $${x.credit} on all services, until it expires`,
  credit_monthly_cap: x.credit,
  credit_remaining: x.credit,
  this_month_credit_remaining: x.credit,
  expire_dt: x.expires,
  service_type: 'all',
  image_url: null,
});

/**
 * The documents do not show the account record: the reference server answers the fields of the
 * Account table (under their update names, so an update shows on view), plus `balance` (a number,
 * the amount due in dollars; negative is a credit), `active_since`, `capabilities` and
 * `active_promotions` (the unexpired promo credits).
 */
const accountRecord = (a: AccountSummary) => ({
  ...a.contact,
  balance: a.balance,
  active_since: a.activeSince,
  capabilities: [...a.capabilities],
  active_promotions: a.promotions.map(promotionRecord),
});

/** The documents name the managed and longview subscriptions without their field names; these are the server's. */
const settingsRecord = (s: Settings) => ({
  backups_enabled: s.backups_enabled,
  network_helper: s.network_helper,
  managed: s.managed,
  longview_subscription: s.longview_subscription,
});

const availabilityRecord = (a: Availability) => ({ region: a.region, unavailable: [...a.unavailable] });

export const handlers: Handlers = {
  'account/view': (ctx) => accountRecord(account.getAccount(caller(ctx))),
  'account/update': (ctx) => accountRecord(account.updateAccount(caller(ctx), ctx.body as account.ContactInput)),
  // Paging is not encoded for this list; it answers every region in one collection envelope.
  'account/availability/list': (ctx) => {
    const data = account.listAvailability(caller(ctx)).map(availabilityRecord);
    return { data, page: 1, pages: 1, results: data.length };
  },
  'account/availability/view': (ctx) => availabilityRecord(account.getAvailability(caller(ctx), String(ctx.params.id))),
  'account/cancel': (ctx) => {
    account.cancelAccount(caller(ctx));
    return {};
  },
  'account/transfer': (ctx) => account.networkTransfer(caller(ctx)),
  'account/settings/view': (ctx) => settingsRecord(account.getSettings(caller(ctx))),
  'account/settings/update': (ctx) => settingsRecord(account.updateSettings(caller(ctx), ctx.body)),
  'account/settings/managed-enable': (ctx) => {
    account.enableManaged(caller(ctx));
    return {};
  },
  'account/promo-codes/add': (ctx) =>
    promotionRecord(account.addPromoCredit(caller(ctx), ctx.body.promo_code as string)),
};
