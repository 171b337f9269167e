// Conformance of the billing area (Part 2): one test per requirement.

import { conformance } from '../support/author.js';
import { amountBounds } from './billing/amount.js';
import { cvvRequired } from './billing/cvv.js';
import {
  addAsDefaultMoves,
  addNonDefaultKeeps,
  creditCardBecomesDefault,
  deleteDeactivates,
  deleteDefaultRejected,
  makeDefaultMoves,
} from './billing/defaults.js';
import { expiryNotInPast } from './billing/expiry.js';
import { activeMethodsLimit, dailyAdditionsLimit } from './billing/limits.js';

conformance('billing', {
  'billing/credit-card/add/becomes-default': creditCardBecomesDefault,
  'billing/payment-methods/create/default-moves': addAsDefaultMoves,
  'billing/payment-methods/create/non-default-keeps-default': addNonDefaultKeeps,
  'billing/payment-methods/make-default/default-moves': makeDefaultMoves,
  'billing/payment-methods/delete/default-rejected': deleteDefaultRejected,
  'billing/payment-methods/delete/deactivates': deleteDeactivates,
  'billing/payment-methods/create/expiry-not-in-past': expiryNotInPast,
  'billing/credit-card/add/expiry-not-in-past': expiryNotInPast,
  'billing/payments/create/usd-amount-bounds': amountBounds,
  'billing/payments/create/cvv-required-for-credit-card': cvvRequired,
  'billing/payment-methods/create/active-methods-limit': activeMethodsLimit,
  'billing/payment-methods/create/daily-additions-limit': dailyAdditionsLimit,
});
