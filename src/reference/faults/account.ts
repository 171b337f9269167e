// Faults of the account and its settings: each a defect the reference server can switch on, with the requirements that must fail.

import { faultsOf } from './define.js';

const f = faultsOf('account');

export const accountFaults = [
  f('account-state-stored-country-ignored', 'cross-field', 'judges state only against a country in the body', [
    'account/update/state-code-us-ca',
  ]),
  f('account-tax-id-empty-rejected', 'behaviour', 'rejects an empty tax_id', ['account/update/tax-id-empty-accepted']),
  f('account-settings-omitted-reset', 'persistence', 'resets omitted settings', [
    'account/settings/update/omitted-unchanged',
  ]),
  f('managed-enable-ignored', 'state', 'leaves managed off after managed-enable', [
    'account/settings/managed-enable/enables-managed',
  ]),
  f('account-availability-region-missing', 'behaviour', 'drops a region from availability', [
    'account/availability/list/all-regions',
  ]),
  f('account-availability-unknown-region-found', 'status', 'answers an unknown region', [
    'account/availability/view/unknown-region',
  ]),
  f('account-cancel-tokens-kept', 'state', 'keeps tokens of a cancelled account working', [
    'account/cancel/cancels-account',
  ]),
  f('promo-code-unchecked', 'behaviour', 'accepts any promo code', ['account/promo-codes/add/valid-unexpired-code']),
  f('promo-age-ignored', 'behaviour', 'grants promo credit to accounts 90 days old or older', [
    'account/promo-codes/add/account-younger-than-90-days',
  ]),
  f('promo-repeat-allowed', 'behaviour', 'allows a second promo credit', ['account/promo-codes/add/one-promo-credit']),
  f('promo-credit-not-shown', 'behaviour', 'never shows the promo credit', [
    'account/promo-codes/add/adds-expiring-credit',
  ]),
  f('account-access-ignored', 'grant', 'lets restricted users act on the account without account_access', []),
];
