// Payment methods, payments, invoices and the deprecated credit card add (Part 2): bodies with their rules, default-method behaviour, events, errors and limits.

import { defineArea } from '../area.js';
import {
  bodyOf,
  bool,
  envelopeOf,
  field,
  int,
  jsonBody,
  length,
  matches,
  notShownResponse,
  obj,
  objectOf,
  oneOf,
  operations,
  range,
  req,
  scoped,
  source,
  str,
} from '../build.js';
import { on, proseOf } from '../prose.js';
import { fieldsSection, statesSection } from '../sections.js';
import type { CrossRule, Field, Requirement, Resource, Rule } from '../types.js';

const paymentsSection = 'Endpoints > Payment methods and payments';
const invoicesSection = 'Endpoints > Events, invoices, logins, maintenance, notifications';
const deprecatedSection = 'Endpoints > Deprecated';
const prose = proseOf(2);

/** Payment Method Add limits: active methods per account, and methods added per day. */
export const MAX_ACTIVE_PAYMENT_METHODS = 6;
export const MAX_PAYMENT_METHODS_ADDED_PER_DAY = 60;

/** Payment amount bounds in USD: minimum (or the balance if lower), maximum (or the balance up to the cap if higher). */
export const PAYMENT_AMOUNT = { min: 5.0, max: 2000.0, balanceCap: 50000.0 } as const;

/** Wallet payment bounds in USD: minimum, maximum (or the card payment limit if higher), provider transaction limit. */
export const WALLET_AMOUNT = { min: 5, max: 500, transactionLimit: 10000 } as const;

/** A card verification value: taken to charge or add a card, never shown back (a convention). */
const cvvSecret = { what: 'card verification value' } as const;

const digitsOnly = matches('digits', '^[0-9]*$', 'consist of digits only, with no spaces or hyphens');

/** Card data, shared by Payment Method Add (`data`) and the deprecated Credit Card Add (top level). */
const cardFields = (): Field[] => [
  req(
    str('card_number', {
      rules: [length(14, 24), digitsOnly],
      description: 'card number, digits only',
      secret: { what: 'card number' },
    }),
  ),
  req(str('cvv', { rules: [length(3, 4), digitsOnly], description: 'card verification value', secret: cvvSecret })),
  req(int('expiry_month', { rules: [range(1, 12)], description: 'expiry month' })),
  req(
    int('expiry_year', {
      rules: [{ kind: 'range', id: 'four-digits', min: 1000, max: 9999 }],
      description: 'expiry year, four digits',
    }),
  ),
];

/** The expiry month and year must be the current month or later; `prefix` is where the card fields sit. */
const expiryNotInPast = (prefix: string): CrossRule => ({
  id: 'expiry-not-in-past',
  kind: 'not-in-past',
  fields: [`${prefix}expiry_year`, `${prefix}expiry_month`],
  params: { year: `${prefix}expiry_year`, month: `${prefix}expiry_month`, granularity: 'month' },
  text: 'a card whose expiry month and year are before the current month is rejected.',
});

export const paymentMethod: Resource = {
  id: 'payment-method',
  title: 'Payment method (create body)',
  source: source(2, `${fieldsSection} > Payment method`),
  notShown: 'the fields of the payment method record',
  fields: [
    str('type', {
      create: 'required',
      rules: [oneOf('credit_card')],
      description: 'kind of method; other kinds are added through the web console',
    }),
    bool('is_default', { create: 'required', description: 'whether the new method becomes the default' }),
    obj('data', cardFields(), { create: 'required', description: 'card data' }),
  ],
  rules: [
    expiryNotInPast('data.'),
    {
      id: 'active-methods-limit',
      kind: 'custom',
      fields: [],
      params: { check: 'active-payment-methods', max: MAX_ACTIVE_PAYMENT_METHODS },
      text: `adding a payment method is rejected when the account already has ${MAX_ACTIVE_PAYMENT_METHODS} active payment methods.`,
    },
    {
      id: 'daily-additions-limit',
      kind: 'custom',
      fields: [],
      params: { check: 'payment-methods-added-per-day', max: MAX_PAYMENT_METHODS_ADDED_PER_DAY },
      text: `adding a payment method is rejected once ${MAX_PAYMENT_METHODS_ADDED_PER_DAY} have been added on the same day.`,
    },
  ],
};

const usd = (amount: number) => amount.toFixed(2);

const usdAmount: Rule = {
  kind: 'custom',
  id: 'amount-bounds',
  check: 'payment-amount-bounds',
  params: { min: PAYMENT_AMOUNT.min, max: PAYMENT_AMOUNT.max, balanceCap: PAYMENT_AMOUNT.balanceCap },
  text: `lie between ${usd(PAYMENT_AMOUNT.min)} (or the account balance, if lower) and ${usd(PAYMENT_AMOUNT.max)} (or the account balance up to ${usd(PAYMENT_AMOUNT.balanceCap)}, if higher)`,
};

export const payment: Resource = {
  id: 'payment',
  title: 'Payment (make body)',
  source: source(2, `${fieldsSection} > Payment (make body)`),
  notShown: 'the fields of the payment record',
  fields: [
    str('usd', {
      create: 'required',
      rules: [
        matches(
          'amount-format',
          '^\\$?[0-9]+\\.[0-9]+$',
          'read as an amount with an optional leading `$`, digits without commas and a decimal part such as `.00`',
        ),
        usdAmount,
      ],
      description: 'amount in US dollars',
    }),
    int('payment_method_id', {
      create: 'optional',
      defaultText: 'the default payment method',
      description: 'method to charge',
    }),
    str('cvv', { create: 'optional', description: 'required when paying by credit card', secret: cvvSecret }),
  ],
  rules: [
    {
      id: 'cvv-required-for-credit-card',
      kind: 'required-if',
      fields: ['cvv', 'payment_method_id'],
      params: { required: 'cvv', when: 'charged method type', equals: 'credit_card' },
      text: '`cvv` is required when the method charged (the one named by `payment_method_id`, else the default) is a credit card.',
    },
  ],
};

const readOnly = scoped('account:read_only');
const readWrite = scoped('account:read_write');

const ops = operations(2, 'billing', [
  {
    id: 'billing/credit-card/add',
    name: 'Credit Card Add',
    method: 'POST',
    path: '/account/credit-card',
    body: jsonBody(cardFields(), [expiryNotInPast('')]),
    response: notShownResponse('the response of Credit Card Add is not shown'),
    auth: readWrite,
    status: { kind: 'deprecated', replacement: ['billing/payment-methods/create'] },
    effects: ['billing', 'account-wide'],
    summary: 'Adds a credit card and makes it the default payment method (deprecated).',
    section: deprecatedSection,
  },
  {
    id: 'billing/invoices/list',
    name: 'Invoices List',
    method: 'GET',
    path: '/account/invoices',
    paging: 'bounded',
    response: envelopeOf(undefined, 'the fields of the invoice record'),
    auth: readOnly,
    summary: 'Lists the invoices of the account.',
    section: invoicesSection,
  },
  {
    id: 'billing/invoices/view',
    name: 'Invoice View',
    method: 'GET',
    path: '/account/invoices/{invoiceId}',
    params: { invoiceId: 'integer' },
    response: objectOf(undefined, 'the fields of the invoice record'),
    auth: readOnly,
    summary: 'Returns one invoice.',
    section: invoicesSection,
  },
  {
    id: 'billing/invoices/items',
    name: 'Invoice Items List',
    method: 'GET',
    path: '/account/invoices/{invoiceId}/items',
    params: { invoiceId: 'integer' },
    paging: 'bounded',
    response: envelopeOf(undefined, 'the fields of the invoice item record'),
    auth: readOnly,
    summary: 'Lists the items of one invoice, paginated.',
    section: invoicesSection,
  },
  {
    id: 'billing/payment-methods/list',
    name: 'Payment Methods List',
    method: 'GET',
    path: '/account/payment-methods',
    paging: 'bounded',
    response: envelopeOf(undefined, 'the fields of the payment method record'),
    auth: readOnly,
    summary: 'Lists the payment methods of the account.',
    section: paymentsSection,
  },
  {
    id: 'billing/payment-methods/create',
    name: 'Payment Method Add',
    method: 'POST',
    path: '/account/payment-methods',
    body: bodyOf(paymentMethod, 'create'),
    response: notShownResponse('the response of Payment Method Add is not shown'),
    auth: readWrite,
    events: [{ action: 'payment_method_add', count: 'one', when: 'when the payment method is added' }],
    effects: ['billing', 'account-wide'],
    summary: 'Adds a credit card payment method, optionally as the new default.',
    section: paymentsSection,
  },
  {
    id: 'billing/payment-methods/view',
    name: 'Payment Method View',
    method: 'GET',
    path: '/account/payment-methods/{paymentMethodId}',
    params: { paymentMethodId: 'integer' },
    response: objectOf(undefined, 'the fields of the payment method record'),
    auth: readOnly,
    summary: 'Returns one payment method.',
    section: paymentsSection,
  },
  {
    id: 'billing/payment-methods/delete',
    name: 'Payment Method Delete',
    method: 'DELETE',
    path: '/account/payment-methods/{paymentMethodId}',
    params: { paymentMethodId: 'integer' },
    response: notShownResponse('the response of Payment Method Delete is not shown'),
    auth: scoped('account:read_only', 'account:read_only (as listed)'),
    effects: ['destructive'],
    summary: 'Deactivates a payment method other than the default.',
    section: paymentsSection,
  },
  {
    id: 'billing/payment-methods/make-default',
    name: 'Payment Method Make Default',
    method: 'POST',
    path: '/account/payment-methods/{paymentMethodId}/make-default',
    params: { paymentMethodId: 'integer' },
    response: notShownResponse('the response of Payment Method Make Default is not shown'),
    auth: readWrite,
    effects: ['account-wide'],
    summary: 'Makes a payment method the default, removing default status from any other.',
    section: paymentsSection,
  },
  {
    id: 'billing/payments/list',
    name: 'Payments List',
    method: 'GET',
    path: '/account/payments',
    paging: 'bounded',
    response: envelopeOf(undefined, 'the fields of the payment record'),
    auth: readOnly,
    summary: 'Lists the payments of the account.',
    section: paymentsSection,
  },
  {
    id: 'billing/payments/create',
    name: 'Payment Make',
    method: 'POST',
    path: '/account/payments',
    body: bodyOf(payment, 'create'),
    response: notShownResponse('the response of Payment Make is not shown'),
    auth: readWrite,
    events: [{ action: 'payment_submitted', count: 'one', when: 'when the payment is successfully submitted' }],
    effects: ['billing', 'irreversible'],
    summary: 'Makes a payment, charging the given method or the default one.',
    section: paymentsSection,
  },
  {
    id: 'billing/payments/view',
    name: 'Payment View',
    method: 'GET',
    path: '/account/payments/{paymentId}',
    params: { paymentId: 'integer' },
    response: objectOf(undefined, 'the fields of the payment record'),
    auth: readOnly,
    summary: 'Returns one payment.',
    section: paymentsSection,
  },
  {
    id: 'billing/payments/wallet',
    name: 'Wallet Payment Stage',
    method: 'POST',
    path: '/account/payments/wallet',
    body: jsonBody([
      req(str('cancel_url', { description: 'where the wallet provider sends the payer on cancel' })),
      req(str('redirect_url', { description: 'where the wallet provider sends the payer to continue' })),
      req(
        str('usd', {
          rules: [
            {
              kind: 'custom',
              id: 'amount-bounds',
              check: 'wallet-amount-bounds',
              params: { ...WALLET_AMOUNT },
              text: `lie between ${WALLET_AMOUNT.min} USD and ${WALLET_AMOUNT.max} USD (or the card payment limit, if higher), within the ${WALLET_AMOUNT.transactionLimit} USD transaction limit of the wallet provider`,
            },
          ],
          description: 'amount in US dollars',
        }),
      ),
    ]),
    response: notShownResponse('disabled; no longer accessible'),
    auth: readWrite,
    status: { kind: 'disabled' },
    effects: ['billing', 'irreversible'],
    summary: 'Stages a wallet payment (disabled, no longer accessible).',
    section: paymentsSection,
  },
  {
    id: 'billing/payments/wallet-execute',
    name: 'Wallet Payment Execute',
    method: 'POST',
    path: '/account/payments/wallet/execute',
    body: jsonBody([
      req(field('payer_id', 'any', { notShown: 'type', description: 'payer id from the wallet provider' })),
      req(field('payment_id', 'any', { notShown: 'type', description: 'payment id from the wallet provider' })),
    ]),
    response: notShownResponse('disabled; no longer accessible'),
    auth: readWrite,
    status: { kind: 'disabled' },
    effects: ['billing', 'irreversible'],
    summary: 'Executes a staged wallet payment (disabled, no longer accessible).',
    section: paymentsSection,
  },
]);

const requirements: Requirement[] = [
  prose(
    'billing/credit-card/add/becomes-default',
    'MUST',
    'A card added through Credit Card Add becomes the default payment method, and the previous default loses default status.',
    on('billing/credit-card/add'),
    'state',
    deprecatedSection,
  ),
  prose(
    'billing/payment-methods/create/default-moves',
    'MUST',
    'A payment method added with `is_default` true becomes the default, and the previous default loses default status.',
    on('billing/payment-methods/create'),
    'state',
    statesSection,
  ),
  prose(
    'billing/payment-methods/create/non-default-keeps-default',
    'SHOULD',
    'A payment method added with `is_default` false leaves the existing default method the default.',
    on('billing/payment-methods/create'),
    'state',
    statesSection,
    true,
  ),
  prose(
    'billing/payment-methods/create/valid-zip-first',
    'SHOULD',
    'The billing address should hold a valid zip, set through Account Update, before a payment method is added.',
    on('billing/payment-methods/create'),
    'behaviour',
    paymentsSection,
  ),
  prose(
    'billing/payment-methods/make-default/default-moves',
    'MUST',
    'Payment Method Make Default makes the method the default, and the previous default loses default status.',
    on('billing/payment-methods/make-default'),
    'state',
    statesSection,
  ),
  prose(
    'billing/payment-methods/delete/default-rejected',
    'MUST',
    'Payment Method Delete of the default payment method is rejected.',
    on('billing/payment-methods/delete'),
    'state',
    statesSection,
  ),
  prose(
    'billing/payment-methods/delete/deactivates',
    'MUST',
    'Payment Method Delete of a method that is not the default deactivates it.',
    on('billing/payment-methods/delete'),
    'behaviour',
    paymentsSection,
  ),
  prose(
    'billing/payments/create/default-method-charged',
    'MUST',
    'Payment Make without `payment_method_id` charges the default payment method.',
    on('billing/payments/create'),
    'behaviour',
    paymentsSection,
  ),
];

const events = source(2, 'Events');

export const area = defineArea(2, 'billing', {
  resources: [paymentMethod, payment],
  operations: ops,
  requirements,
  events: [
    {
      action: 'payment_method_add',
      emittedBy: ['billing/payment-methods/create'],
      when: 'when the payment method is added (the Events table says "when a payment is successfully submitted")',
      source: events,
    },
    {
      action: 'payment_submitted',
      emittedBy: ['billing/payments/create'],
      when: 'when a payment is successfully submitted',
      source: events,
    },
  ],
  errors: [
    {
      id: 'payment-expiry-in-past',
      condition: 'Payment expiry date in the past',
      behaviour: 'invalid',
      operations: ['billing/payment-methods/create', 'billing/credit-card/add'],
      requirements: ['billing/payment-methods/create/expiry-not-in-past', 'billing/credit-card/add/expiry-not-in-past'],
    },
    {
      id: 'delete-default-payment-method',
      condition: 'Delete of the default payment method',
      behaviour: 'rejected',
      operations: ['billing/payment-methods/delete'],
      requirements: ['billing/payment-methods/delete/default-rejected'],
    },
  ],
  limits: [
    {
      item: 'Active payment methods per account',
      limit: '6',
      encodedAt: ['payment-method.rule:active-methods-limit'],
      numbers: [MAX_ACTIVE_PAYMENT_METHODS],
    },
    {
      item: 'Payment methods added per day',
      limit: '60',
      encodedAt: ['payment-method.rule:daily-additions-limit'],
      numbers: [MAX_PAYMENT_METHODS_ADDED_PER_DAY],
    },
    {
      item: 'Payment amount',
      limit: 'minimum 5.00 or balance if lower; maximum 2000.00 or balance up to 50000.00 if higher',
      encodedAt: ['billing/payments/create#usd'],
      numbers: [PAYMENT_AMOUNT.min, PAYMENT_AMOUNT.max, PAYMENT_AMOUNT.balanceCap],
    },
  ],
  notShown: [
    {
      subject: 'payment-method',
      what: 'the fields of the payment method record',
      source: source(2, `${fieldsSection} > Other records`),
    },
    {
      subject: 'payment',
      what: 'the fields of the payment record',
      source: source(2, `${fieldsSection} > Other records`),
    },
    {
      subject: 'billing/invoices',
      what: 'the fields of the invoice and invoice item records',
      source: source(2, `${fieldsSection} > Other records`),
    },
    {
      subject: 'billing/credit-card/add',
      what: 'the response body',
      source: source(2, 'Endpoints'),
    },
    {
      subject: 'billing/payment-methods/create',
      what: 'the response body',
      source: source(2, 'Endpoints'),
    },
    {
      subject: 'billing/payment-methods/delete',
      what: 'the response body, and whether a deactivated method is still listed',
      source: source(2, 'Endpoints'),
    },
    {
      subject: 'billing/payment-methods/make-default',
      what: 'the response body',
      source: source(2, 'Endpoints'),
    },
    {
      subject: 'billing/payments/create',
      what: 'the response body',
      source: source(2, 'Endpoints'),
    },
    {
      subject: 'billing',
      what: 'HTTP status codes and reason texts of the payment expiry and default-method delete errors',
      source: source(2, 'Errors'),
    },
  ],
  ambiguities: [
    {
      id: 'billing/payment-method-delete-scope',
      source: source(2, paymentsSection),
      question: 'Payment Method Delete deactivates a method but lists the scope `account:read_only` "(as listed)".',
      encoding:
        'Kept as listed: `account:read_only` is required and sufficient, with the auth note "as listed"; `account:read_write` is accepted too.',
    },
    {
      id: 'billing/path-id-types',
      source: source(2, paymentsSection),
      question:
        'The document does not type `paymentMethodId` and `paymentId` (it types eventId, invoiceId and loginId).',
      encoding: 'Both are integers, like the other numeric record ids of Part 2.',
    },
    {
      id: 'billing/payment-method-add-event-wording',
      source: events,
      question:
        'The Events table says `payment_method_add` is emitted by Payment Method Add "when a payment is successfully submitted", which reads like the payment event.',
      encoding:
        'Emitted once by a successful Payment Method Add, with the new method as entity; Payment Make emits only `payment_submitted`.',
    },
    {
      id: 'billing/expiry-year-four-digits',
      source: source(2, `${fieldsSection} > Payment method`),
      question: '`expiry_year` is an integer of "four digits".',
      encoding:
        'A range rule 1000..9999 (id `four-digits`) on the integer, plus the not-in-past cross rule on month and year.',
    },
    {
      id: 'billing/usd-decimal-expression',
      source: source(2, `${fieldsSection} > Payment (make body)`),
      question:
        '"Must end with a decimal expression such as two decimals" does not say whether one or three decimals are accepted.',
      encoding:
        'Pattern `^\\$?[0-9]+\\.[0-9]+$`: optional `$`, digits, a point and at least one digit; positive cases use two decimals and negative cases only commas, no decimals or non-numbers (DECISIONS 12).',
    },
    {
      id: 'billing/payment-amount-balance',
      source: source(2, `${fieldsSection} > Payment (make body)`),
      question:
        'The amount bounds depend on "the account balance", which may be zero or a credit, making "5.00 or the balance, whichever is lower" meaningless there.',
      encoding:
        'Custom rule `amount-bounds` with params min 5, max 2000, balanceCap 50000: minimum is min(5.00, balance) only when the balance due is positive, else 5.00; maximum is max(2000.00, min(balance, 50000.00)).',
    },
    {
      id: 'billing/cvv-when-credit-card',
      source: source(2, `${fieldsSection} > Payment (make body)`),
      question:
        '`cvv` is "required when paying by credit card", which depends on the stored type of the method charged, not on the body alone.',
      encoding:
        'Cross rule `cvv-required-for-credit-card` (required-if) reading the type of the method named by `payment_method_id`, else the default; all methods added through this API are credit cards.',
    },
    {
      id: 'billing/credit-card-add-limits',
      source: source(2, deprecatedSection),
      question:
        'The deprecated Credit Card Add has "the same rules as payment method data"; whether the 6-active and 60-per-day limits and the event of Payment Method Add also apply is not said.',
      encoding:
        'Only the card data rules (and the expiry cross rule) are encoded for Credit Card Add; no limits and no event.',
    },
    {
      id: 'billing/wallet-limits',
      source: source(2, paymentsSection),
      question:
        'The wallet `usd` maximum is "500 USD or the card payment limit, whichever is higher", without saying what the card payment limit is; `payer_id` and `payment_id` are untyped.',
      encoding:
        'Custom rule with params min 5, max 500, transactionLimit 10000; the card payment limit is read as the Payment Make maximum. `payer_id` and `payment_id` are typed any. Both operations are disabled, so only their refusal is judged.',
    },
    {
      id: 'billing/invoices-list-paging',
      source: source(2, invoicesSection),
      question: 'The invoices table has no Request column; the invoices list is only called "list".',
      encoding:
        'Paging bounded and the collection envelope, by the Endpoints rule that list operations take `page`, `page_size` and return the envelope.',
    },
    {
      id: 'billing/account-access-grant',
      source: source(2, `${fieldsSection} > Grants (PUT body; omitted entries stay unchanged)`),
      question:
        'The `account_access` grant covers "account-level actions such as billing", but no billing endpoint row states a grant or unrestricted-only rule.',
      encoding: 'No access rule is encoded on billing operations; only the listed scopes are judged.',
    },
    {
      id: 'billing/payment-method-effects',
      source: source(2, paymentsSection),
      question: 'Adding a payment method is not said to cost money.',
      encoding:
        'Payment Method Add and Credit Card Add carry `billing` and `account-wide` effects, so that `--mode safe` does not store cards or move the default on a real account.',
    },
  ],
});
