// Billing of the reference server: the balance, payment methods with their default and limit rules, payments, the seeded invoice, and the account_access check of account-level operations; no HTTP types.

import { paymentMethod as paymentMethodSpec, payment as paymentSpec } from '../../../spec/part2/billing.js';
import type { CrossRule, CrossRuleParams, Rule } from '../../../spec/types.js';
import { conflict, forbidden, invalid, notFound } from './errors.js';
import { removeDeleted, ruleSkipped } from './seams.js';
import { type Account, DAY_MS, type Permission, type Principal, timestamp, type World } from './world.js';

// ---- Rule parameters, read from the encoding so each number is written once ----

function crossRuleParams<K extends keyof CrossRuleParams>(
  rules: readonly CrossRule[] | undefined,
  id: string,
  kind: K,
): CrossRuleParams[K] {
  const rule = rules?.find((r) => r.id === id && r.kind === kind);
  if (!rule || !('params' in rule)) throw new Error(`spec: no ${kind} cross rule ${id}`);
  return rule.params as CrossRuleParams[K];
}

function fieldRuleParams(fields: readonly { name: string; rules?: Rule[] }[], field: string, id: string) {
  const rule = fields.find((f) => f.name === field)?.rules?.find((r) => r.kind === 'custom' && r.id === id);
  if (rule?.kind !== 'custom' || !rule.params) throw new Error(`spec: rule ${field}/${id} has no params`);
  return rule.params;
}

const MAX_ACTIVE = Number(crossRuleParams(paymentMethodSpec.rules, 'active-methods-limit', 'custom').max);
const MAX_ADDED_PER_DAY = Number(crossRuleParams(paymentMethodSpec.rules, 'daily-additions-limit', 'custom').max);
const amountBounds = fieldRuleParams(paymentSpec.fields, 'usd', 'amount-bounds');
const AMOUNT_CENTS = {
  min: Math.round(Number(amountBounds.min) * 100),
  max: Math.round(Number(amountBounds.max) * 100),
  balanceCap: Math.round(Number(amountBounds.balanceCap) * 100),
};
/** The method type for which a payment needs `cvv`. */
const CVV_METHOD_TYPE = String(
  crossRuleParams(paymentSpec.rules, 'cvv-required-for-credit-card', 'required-if').equals,
);

// ---- Account-level access ----

/**
 * Account-level operations (billing among them, DECISIONS on grants): a restricted user needs the
 * `account_access` grant, at any level to read and at read_write to change anything.
 */
export function requireAccountAccess(p: Principal, needed: Permission): void {
  if (!p.user.restricted || p.account.world.fault('account-access-ignored')) return;
  const held = p.user.grants.global.account_access;
  if (held === 'read_write' || (held === 'read_only' && needed === 'read_only')) return;
  throw forbidden('Unauthorized: this needs the account_access grant');
}

// ---- State ----

export interface CardData {
  card_type: string;
  last_four: string;
  /** `MM/YYYY`. */
  expiry: string;
  /** Only ever stored under the `payment-method-card-exposed` fault: the full number is never kept. */
  card_number?: string;
}

export interface PaymentMethod {
  id: number;
  type: 'credit_card';
  is_default: boolean;
  created: string;
  data: CardData;
}

export interface Payment {
  id: number;
  date: string;
  /** Dollars. */
  usd: number;
  /** The method charged; not part of the record the API shows. */
  paymentMethodId: number;
}

export interface InvoiceItem {
  label: string;
  amount: number;
  tax: number;
  total: number;
  from: string;
  to: string;
  quantity: number;
  type: string;
  unit_price: string;
}

export interface Invoice {
  id: number;
  date: string;
  label: string;
  subtotal: number;
  tax: number;
  total: number;
  items: InvoiceItem[];
}

interface BillingState {
  /** Amount due, in cents; negative is a credit. */
  balanceCents: number;
  /** Active methods only: a deleted method is deactivated and leaves this map. */
  methods: Map<number, PaymentMethod>;
  defaultId: number | undefined;
  /** Additions on one UTC day, for the daily limit. */
  added: { day: string; count: number };
  payments: Map<number, Payment>;
  invoices: Map<number, Invoice>;
}

const utcDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Every account starts with one paid invoice of two items and a second one due (the balance), one
 * credit card on file as the default method, and the payment of the first invoice, so that
 * payments, cancellation and the default rules have something to act on. The seeded card is not
 * counted as an addition of the day.
 */
function seed(account: Account): BillingState {
  const { world, createdAt } = account;
  const from = timestamp(new Date(createdAt.getTime() - 30 * DAY_MS));
  const to = timestamp(createdAt);
  const item = (label: string, dollars: number, type: string): InvoiceItem => ({
    label,
    amount: dollars,
    tax: 0,
    total: dollars,
    from,
    to,
    quantity: 1,
    type,
    unit_price: dollars.toFixed(2),
  });
  const items = [item('Node 4GB - web-1', 100, 'hourly'), item('Backup service - web-1', 20, 'hourly')];
  const total = items.reduce((sum, i) => sum + i.total, 0);
  const invoice: Invoice = { id: world.id(), date: to, label: 'Invoice', subtotal: total, tax: 0, total, items };
  const card: PaymentMethod = {
    id: world.id(),
    type: 'credit_card',
    is_default: true,
    created: to,
    data: { card_type: 'Visa', last_four: '1111', expiry: `12/${createdAt.getUTCFullYear() + 3}` },
  };
  const paid: Payment = { id: world.id(), date: to, usd: total, paymentMethodId: card.id };
  return {
    balanceCents: Math.round(total * 100),
    methods: new Map([[card.id, card]]),
    defaultId: card.id,
    added: { day: '', count: 0 },
    payments: new Map([[paid.id, paid]]),
    invoices: new Map([[invoice.id, invoice]]),
  };
}

const state = (account: Account) => account.store<BillingState>('billing', () => seed(account));

// ---- Balance ----

/** The amount due in dollars (negative: a credit). */
export const balanceOf = (account: Account): number => state(account).balanceCents / 100;

/** Sets the amount due, in dollars, rounded to the cent; for the control interface. */
export function setBalance(account: Account, usd: number): void {
  if (!Number.isFinite(usd)) throw invalid('usd', 'usd must be a finite number');
  state(account).balanceCents = Math.round(usd * 100);
}

/** Leaves an account with no payment method at all, which the API cannot do (the default cannot be deleted); for the control interface. */
export function removePaymentMethods(account: Account): void {
  const s = state(account);
  s.methods.clear();
  s.defaultId = undefined;
}

/** Charges the default card for the whole amount due; fails when there is an amount due and no card to charge. */
export function chargeRemainingBalance(account: Account): void {
  const s = state(account);
  if (s.balanceCents <= 0) return;
  if (s.defaultId === undefined || !s.methods.has(s.defaultId)) {
    throw conflict('The remaining balance could not be charged: there is no card on file');
  }
  s.balanceCents = 0;
}

// ---- Payment methods ----

export interface CardInput {
  card_number: string;
  cvv: string;
  expiry_month: number;
  expiry_year: number;
}

export interface PaymentMethodInput {
  type: 'credit_card';
  is_default: boolean;
  data: CardInput;
}

/**
 * The card fields, present and typed. The pipeline has checked every rule of a non-empty body; an
 * empty body reaches the model unchecked, so presence is confirmed here.
 */
function cardFrom(value: unknown, prefix: string): CardInput {
  const data = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  if (prefix && data !== value) throw invalid(prefix.slice(0, -1), 'data is required');
  for (const [name, type] of [
    ['card_number', 'string'],
    ['cvv', 'string'],
    ['expiry_month', 'number'],
    ['expiry_year', 'number'],
  ] as const) {
    if (typeof data[name] !== type) throw invalid(`${prefix}${name}`, `${name} is required`);
  }
  return data as unknown as CardInput;
}

function expiryInPast(world: World, card: CardInput): boolean {
  const now = world.now();
  const year = now.getUTCFullYear();
  if (world.fault('payment-expiry-month-ignored')) return card.expiry_year < year;
  return card.expiry_year < year || (card.expiry_year === year && card.expiry_month < now.getUTCMonth() + 1);
}

function checkExpiry(world: World, card: CardInput, operation: string, prefix: string): void {
  if (expiryInPast(world, card) && !ruleSkipped(world, operation, 'expiry-not-in-past')) {
    throw invalid(`${prefix}expiry_year`, 'The card has expired: expiry month and year must not be in the past');
  }
}

function checkAdditionLimits(world: World, s: BillingState): void {
  const operation = 'billing/payment-methods/create';
  if (s.methods.size >= MAX_ACTIVE && !ruleSkipped(world, operation, 'active-methods-limit')) {
    throw conflict(`An account can have at most ${MAX_ACTIVE} active payment methods`);
  }
  if (addedToday(world, s) >= MAX_ADDED_PER_DAY && !ruleSkipped(world, operation, 'daily-additions-limit')) {
    throw conflict(`At most ${MAX_ADDED_PER_DAY} payment methods can be added per day`);
  }
}

const addedToday = (world: World, s: BillingState) => (s.added.day === utcDay(world.now()) ? s.added.count : 0);

function countAddition(world: World, s: BillingState): void {
  s.added = { day: utcDay(world.now()), count: addedToday(world, s) + 1 };
}

function cardType(number: string): string {
  if (/^4/.test(number)) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'MasterCard';
  if (/^3[47]/.test(number)) return 'American Express';
  if (/^6(011|5)/.test(number)) return 'Discover';
  return 'Unknown';
}

/** Stores only what may be shown: the card type, the last four digits and the expiry; never the number or cvv. */
function storeCard(account: Account, card: CardInput): PaymentMethod {
  const { world } = account;
  const method: PaymentMethod = {
    id: world.id(),
    type: 'credit_card',
    is_default: false,
    created: timestamp(world.now()),
    data: {
      card_type: cardType(card.card_number),
      last_four: card.card_number.slice(-4),
      expiry: `${String(card.expiry_month).padStart(2, '0')}/${card.expiry_year}`,
      ...(world.fault('payment-method-card-exposed') ? { card_number: card.card_number } : {}),
    },
  };
  const s = state(account);
  s.methods.set(method.id, method);
  countAddition(world, s);
  return method;
}

/** Default status moves to `method`; the previous default loses it. */
function moveDefault(world: World, s: BillingState, method: PaymentMethod): void {
  const previous = s.defaultId === undefined ? undefined : s.methods.get(s.defaultId);
  if (previous && previous !== method && !world.fault('payment-method-old-default-kept')) previous.is_default = false;
  method.is_default = true;
  s.defaultId = method.id;
}

const methodEntity = (m: PaymentMethod) => ({
  id: m.id,
  type: 'payment_method',
  label: `${m.data.card_type} ending in ${m.data.last_four}`,
  url: `/v4/account/payment-methods/${m.id}`,
});

/** Listing and viewing one kind of the account's billing records: account_access read_only is enough; an unknown id is not found. */
function readableRecords<T>(records: (s: BillingState) => Map<number, T>, notFoundMessage: string) {
  const list = (p: Principal): T[] => {
    requireAccountAccess(p, 'read_only');
    return [...records(state(p.account)).values()];
  };
  const get = (p: Principal, id: number): T => {
    requireAccountAccess(p, 'read_only');
    const record = records(state(p.account)).get(id);
    if (!record) throw notFound(notFoundMessage);
    return record;
  };
  return { list, get };
}

export const { list: listPaymentMethods, get: getPaymentMethod } = readableRecords(
  (s) => s.methods,
  'Payment method not found',
);

/**
 * Adds a credit card. It becomes the default when asked, and also when the account has no default
 * (an account with methods always has one, so "the default method is charged" always means something).
 */
export function addPaymentMethod(p: Principal, input: PaymentMethodInput): PaymentMethod {
  requireAccountAccess(p, 'read_write');
  const { world } = p.account;
  const card = cardFrom(input.data, 'data.');
  if (typeof input.is_default !== 'boolean') throw invalid('is_default', 'is_default is required');
  checkExpiry(world, card, 'billing/payment-methods/create', 'data.');
  const s = state(p.account);
  checkAdditionLimits(world, s);
  const method = storeCard(p.account, card);
  const becomesDefault = input.is_default
    ? !world.fault('payment-method-default-kept')
    : s.defaultId === undefined || world.fault('payment-method-default-taken');
  if (becomesDefault) moveDefault(world, s, method);
  p.account.events.record('payment_method_add', methodEntity(method), p.user.username);
  return method;
}

/**
 * The deprecated card add: the same card rules, and the card becomes the default. As encoded, the
 * limits and the event of Payment Method Add do not apply; the card still counts as an addition.
 */
export function addCreditCard(p: Principal, input: CardInput): PaymentMethod {
  requireAccountAccess(p, 'read_write');
  const { world } = p.account;
  const card = cardFrom(input, '');
  checkExpiry(world, card, 'billing/credit-card/add', '');
  const s = state(p.account);
  const method = storeCard(p.account, card);
  if (!world.fault('credit-card-not-default') || s.defaultId === undefined) moveDefault(world, s, method);
  return method;
}

export function makeDefaultPaymentMethod(p: Principal, id: number): PaymentMethod {
  requireAccountAccess(p, 'read_write');
  const method = getPaymentMethod(p, id);
  const { world } = p.account;
  if (!world.fault('make-default-ignored')) moveDefault(world, state(p.account), method);
  return method;
}

/** Deactivates a method other than the default: it is no longer listed, shown or charged. */
export function deletePaymentMethod(p: Principal, id: number): void {
  requireAccountAccess(p, 'read_write');
  const method = getPaymentMethod(p, id);
  const { world } = p.account;
  const s = state(p.account);
  if (s.defaultId === method.id) {
    if (!world.fault('payment-method-delete-default')) throw conflict('The default payment method cannot be deleted');
    s.defaultId = undefined;
  }
  removeDeleted(world, () => s.methods.delete(method.id));
}

// ---- Payments ----

export interface PaymentInput {
  usd: string;
  payment_method_id?: number;
  cvv?: string;
}

const AMOUNT = /^\$?([0-9]+)\.([0-9]+)$/;

/** An amount in whole cents, and whether digits beyond the cents make it slightly larger. */
function parseAmount(usd: unknown): { cents: number; beyondCents: boolean } {
  const m = typeof usd === 'string' ? AMOUNT.exec(usd) : null;
  if (!m) throw invalid('usd', 'usd is required, as an amount such as 10.00');
  const [, whole = '0', fraction = ''] = m;
  return {
    cents: Number(whole) * 100 + Number(`${fraction}00`.slice(0, 2)),
    beyondCents: /[1-9]/.test(fraction.slice(2)),
  };
}

/**
 * Minimum 5.00 or the balance if lower (only while an amount is due), maximum 2000.00 or the balance
 * up to 50000.00 if higher (the numbers are the rule's params).
 */
export function paymentBounds(world: World, balanceCents: number): { min: number; max: number } {
  const balance = world.fault('payment-bounds-ignore-balance') ? 0 : balanceCents;
  const min = balance > 0 ? Math.min(AMOUNT_CENTS.min, balance) : AMOUNT_CENTS.min;
  const max = Math.max(AMOUNT_CENTS.max, Math.min(balance, AMOUNT_CENTS.balanceCap));
  return { min, max };
}

function checkAmount(world: World, s: BillingState, amount: { cents: number; beyondCents: boolean }): void {
  if (ruleSkipped(world, 'billing/payments/create', 'usd-amount-bounds')) return;
  const { min, max } = paymentBounds(world, s.balanceCents);
  const tooHigh = amount.cents > max || (amount.cents === max && amount.beyondCents);
  if (amount.cents < min || tooHigh) {
    throw invalid('usd', `usd must be between ${(min / 100).toFixed(2)} and ${(max / 100).toFixed(2)}`);
  }
}

function chargedMethod(world: World, s: BillingState, id: number | undefined): PaymentMethod {
  const fallback = s.defaultId === undefined ? undefined : s.methods.get(s.defaultId);
  if (id === undefined || world.fault('payment-wrong-method-charged')) {
    if (!fallback) throw invalid('payment_method_id', 'There is no default payment method to charge');
    return fallback;
  }
  const method = s.methods.get(id);
  if (method) return method;
  if (fallback && world.fault('payment-unknown-method-accepted')) return fallback;
  throw invalid('payment_method_id', `Payment method ${id} not found`);
}

/** Charges a method and lowers the amount due; paying more than is due leaves a credit (a negative balance). */
export function makePayment(p: Principal, input: PaymentInput): Payment {
  requireAccountAccess(p, 'read_write');
  const { world } = p.account;
  const s = state(p.account);
  const amount = parseAmount(input.usd);
  checkAmount(world, s, amount);
  const method = chargedMethod(world, s, input.payment_method_id);
  const cvvSkipped = ruleSkipped(world, 'billing/payments/create', 'cvv-required-for-credit-card');
  if (method.type === CVV_METHOD_TYPE && input.cvv == null && !cvvSkipped) {
    throw invalid('cvv', 'cvv is required when paying by credit card');
  }
  if (!world.fault('payment-balance-unchanged')) s.balanceCents -= amount.cents;
  const payment: Payment = {
    id: world.id(),
    date: timestamp(world.now()),
    usd: amount.cents / 100,
    paymentMethodId: method.id,
  };
  s.payments.set(payment.id, payment);
  const entity = { id: payment.id, type: 'payment', label: null, url: `/v4/account/payments/${payment.id}` };
  p.account.events.record('payment_submitted', entity, p.user.username);
  return payment;
}

export const { list: listPayments, get: getPayment } = readableRecords((s) => s.payments, 'Payment not found');

// ---- Invoices ----

export const { list: listInvoices, get: getInvoice } = readableRecords((s) => s.invoices, 'Invoice not found');

export function listInvoiceItems(p: Principal, id: number): InvoiceItem[] {
  if (p.account.world.fault('invoice-items-unknown-invoice-empty') && !state(p.account).invoices.has(id)) return [];
  return getInvoice(p, id).items;
}

// ---- Account standing for service transfers ----

/**
 * An accepting account needs an active payment method (a deleted one is deactivated and no longer
 * counts). The reference server has no due dates, so no balance is past due and the default
 * `hasPastDueBalance` stays.
 */
export const hasActivePaymentMethod = (account: Account): boolean => state(account).methods.size > 0;
