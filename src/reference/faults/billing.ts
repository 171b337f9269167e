// Faults of billing: payment methods, payments, invoices: each a defect the reference server can switch on, with the requirements that must fail.

import { eventMissing, faultsOf } from './define.js';

const f = faultsOf('billing');

export const billingFaults = [
  f('payment-expiry-month-ignored', 'cross-field', 'compares only the expiry year', [
    'billing/payment-methods/create/expiry-not-in-past',
    'billing/credit-card/add/expiry-not-in-past',
  ]),
  eventMissing('billing', 'payment_method_add'),
  eventMissing('billing', 'payment_submitted'),
  f('payment-method-default-kept', 'state', 'does not move the default on add-as-default', [
    'billing/payment-methods/create/default-moves',
  ]),
  f('payment-method-default-taken', 'state', 'moves the default on a non-default add', [
    'billing/payment-methods/create/non-default-keeps-default',
  ]),
  f('payment-method-old-default-kept', 'state', 'leaves two defaults', [
    'billing/payment-methods/make-default/default-moves',
  ]),
  f('make-default-ignored', 'state', 'ignores make-default', ['billing/payment-methods/make-default/default-moves']),
  f('credit-card-not-default', 'state', 'does not make an added credit card default', [
    'billing/credit-card/add/becomes-default',
  ]),
  f('payment-method-delete-default', 'state', 'deletes the default method', [
    'billing/payment-methods/delete/default-rejected',
  ]),
  f('payment-method-card-exposed', 'secrecy', 'shows the full card number', []),
  f('payment-bounds-ignore-balance', 'range', 'bounds payments at 5..2000 whatever the balance', [
    'billing/payments/create/usd-amount-bounds',
  ]),
  f('payment-wrong-method-charged', 'behaviour', 'always charges the default method', [
    'billing/payments/create/default-method-charged',
  ]),
  f('payment-unknown-method-accepted', 'behaviour', 'charges the default for an unknown method id', []),
  f('payment-balance-unchanged', 'behaviour', 'does not lower the balance after a payment', []),
  f('invoice-items-unknown-invoice-empty', 'status', 'answers an empty list for an unknown invoice', [
    'billing/invoices/items/unknown-id',
  ]),
];
