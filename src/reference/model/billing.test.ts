// Unit tests of the billing model: the seeded account, payment method defaults, limits and expiry, secrecy, deactivation, payment bounds and events, invoices, and account_access.

import { describe, expect, test } from 'vitest';
import {
  MAX_ACTIVE_PAYMENT_METHODS,
  MAX_PAYMENT_METHODS_ADDED_PER_DAY,
  PAYMENT_AMOUNT,
} from '../../../spec/part2/billing.js';
import { errorOf } from '../test-support/model-errors.js';
import { accountAccessUser, ownerWorld } from '../test-support/principals.js';
import {
  addCreditCard,
  addPaymentMethod,
  balanceOf,
  type CardInput,
  chargeRemainingBalance,
  deletePaymentMethod,
  getInvoice,
  getPayment,
  getPaymentMethod,
  listInvoiceItems,
  listInvoices,
  listPaymentMethods,
  listPayments,
  makeDefaultPaymentMethod,
  makePayment,
  type PaymentMethodInput,
  setBalance,
} from './billing.js';
import type { Principal } from './world.js';

const nextYear = () => new Date().getUTCFullYear() + 1;

const card = (extra: Partial<CardInput> = {}): CardInput => ({
  card_number: '4111111111111234',
  cvv: '123',
  expiry_month: 6,
  expiry_year: nextYear(),
  ...extra,
});

const method = (isDefault: boolean, data: Partial<CardInput> = {}): PaymentMethodInput => ({
  type: 'credit_card',
  is_default: isDefault,
  data: card(data),
});

const defaultIds = (p: Principal) =>
  listPaymentMethods(p)
    .filter((m) => m.is_default)
    .map((m) => m.id);
const seededCard = (p: Principal) => listPaymentMethods(p)[0]?.id as number;

describe('the seeded account', () => {
  test('starts with a balance due equal to its one invoice, and a default card on file', () => {
    const { owner, account } = ownerWorld();
    const [invoice] = listInvoices(owner);
    expect(listInvoices(owner)).toHaveLength(1);
    expect(invoice?.total).toBe(120);
    expect(balanceOf(account)).toBe(120);
    expect(listInvoiceItems(owner, invoice?.id as number)).toHaveLength(2);
    expect(listPaymentMethods(owner)).toHaveLength(1);
    expect(defaultIds(owner)).toEqual([seededCard(owner)]);
  });

  test('an unknown invoice is not found, for view and items', () => {
    const { owner } = ownerWorld();
    expect(errorOf(() => getInvoice(owner, 1))?.kind).toBe('not-found');
    expect(errorOf(() => listInvoiceItems(owner, 1))?.kind).toBe('not-found');
  });

  test('setBalance changes the amount due, to the cent', () => {
    const { account } = ownerWorld();
    setBalance(account, 12.345);
    expect(balanceOf(account)).toBe(12.35);
    expect(errorOf(() => setBalance(account, Number.NaN))?.kind).toBe('validation');
  });
});

describe('payment method add', () => {
  test('shows only the card type, last four digits and expiry', () => {
    const { owner } = ownerWorld();
    const m = addPaymentMethod(owner, method(false, { expiry_month: 3 }));
    expect(m.data).toEqual({ card_type: 'Visa', last_four: '1234', expiry: `03/${nextYear()}` });
    expect(JSON.stringify(getPaymentMethod(owner, m.id))).not.toContain('4111111111111234');
  });

  test('is_default true moves the default; the previous default loses it', () => {
    const { owner } = ownerWorld();
    const m = addPaymentMethod(owner, method(true));
    expect(defaultIds(owner)).toEqual([m.id]);
  });

  test('is_default false leaves the default where it was', () => {
    const { owner } = ownerWorld();
    const before = seededCard(owner);
    addPaymentMethod(owner, method(false));
    expect(defaultIds(owner)).toEqual([before]);
  });

  test('a card expiring this month is accepted; one that expired last month is rejected', () => {
    const { owner, world } = ownerWorld();
    const now = world.now();
    const thisMonth = { expiry_month: now.getUTCMonth() + 1, expiry_year: now.getUTCFullYear() };
    expect(addPaymentMethod(owner, method(false, thisMonth)).id).toBeGreaterThan(0);
    const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
    const lastMonth = { expiry_month: last.getUTCMonth() + 1, expiry_year: last.getUTCFullYear() };
    expect(errorOf(() => addPaymentMethod(owner, method(false, lastMonth)))).toEqual({
      kind: 'validation',
      field: 'data.expiry_year',
    });
  });

  test(`at most ${MAX_ACTIVE_PAYMENT_METHODS} methods are active; deleting one makes room`, () => {
    const { owner } = ownerWorld();
    const added = [];
    while (listPaymentMethods(owner).length < MAX_ACTIVE_PAYMENT_METHODS)
      added.push(addPaymentMethod(owner, method(false)));
    expect(errorOf(() => addPaymentMethod(owner, method(false)))?.kind).toBe('conflict');
    deletePaymentMethod(owner, added[0]?.id as number);
    expect(addPaymentMethod(owner, method(false)).id).toBeGreaterThan(0);
  });

  test(`at most ${MAX_PAYMENT_METHODS_ADDED_PER_DAY} methods are added per day; the next day allows more`, () => {
    const { owner, world } = ownerWorld();
    for (let i = 0; i < MAX_PAYMENT_METHODS_ADDED_PER_DAY; i++) {
      const m = addPaymentMethod(owner, method(false));
      deletePaymentMethod(owner, m.id);
    }
    expect(errorOf(() => addPaymentMethod(owner, method(false)))?.kind).toBe('conflict');
    world.clockOffsetMs += 24 * 60 * 60 * 1000;
    expect(addPaymentMethod(owner, method(false)).id).toBeGreaterThan(0);
  });

  test('records payment_method_add with the new method as entity; a rejected add records nothing', () => {
    const { owner, account } = ownerWorld();
    const m = addPaymentMethod(owner, method(false));
    const [event] = account.events.newestFirst();
    expect(event).toMatchObject({ action: 'payment_method_add', entity: { id: m.id, type: 'payment_method' } });
    expect(event?.entity?.url).toBe(`/v4/account/payment-methods/${m.id}`);
    errorOf(() => addPaymentMethod(owner, method(false, { expiry_year: 2000 })));
    expect(account.events.newestFirst()).toHaveLength(1);
  });

  test('an empty body names the missing data', () => {
    const { owner } = ownerWorld();
    expect(errorOf(() => addPaymentMethod(owner, {} as PaymentMethodInput))).toEqual({
      kind: 'validation',
      field: 'data',
    });
  });

  test('the first method of an account without a default becomes the default', () => {
    const { owner } = ownerWorld(['payment-method-delete-default']);
    deletePaymentMethod(owner, seededCard(owner));
    const m = addPaymentMethod(owner, method(false));
    expect(defaultIds(owner)).toEqual([m.id]);
  });
});

describe('credit card add (deprecated)', () => {
  test('adds the card as the new default, with no event', () => {
    const { owner, account } = ownerWorld();
    const m = addCreditCard(owner, card());
    expect(defaultIds(owner)).toEqual([m.id]);
    expect(account.events.newestFirst()).toHaveLength(0);
  });

  test('rejects an expired card, naming expiry_year', () => {
    const { owner } = ownerWorld();
    expect(errorOf(() => addCreditCard(owner, card({ expiry_year: 2001 })))).toEqual({
      kind: 'validation',
      field: 'expiry_year',
    });
  });
});

describe('make default and delete', () => {
  test('make default moves the default', () => {
    const { owner } = ownerWorld();
    const m = addPaymentMethod(owner, method(false));
    makeDefaultPaymentMethod(owner, m.id);
    expect(defaultIds(owner)).toEqual([m.id]);
  });

  test('the default cannot be deleted; another method is deactivated', () => {
    const { owner } = ownerWorld();
    const m = addPaymentMethod(owner, method(false));
    expect(errorOf(() => deletePaymentMethod(owner, seededCard(owner)))?.kind).toBe('conflict');
    deletePaymentMethod(owner, m.id);
    expect(listPaymentMethods(owner).map((x) => x.id)).not.toContain(m.id);
    expect(errorOf(() => getPaymentMethod(owner, m.id))?.kind).toBe('not-found');
    expect(errorOf(() => makePayment(owner, { usd: '10.00', payment_method_id: m.id, cvv: '123' }))?.field).toBe(
      'payment_method_id',
    );
  });

  test('unknown methods are not found', () => {
    const { owner } = ownerWorld();
    expect(errorOf(() => makeDefaultPaymentMethod(owner, 1))?.kind).toBe('not-found');
    expect(errorOf(() => deletePaymentMethod(owner, 1))?.kind).toBe('not-found');
  });
});

describe('payments', () => {
  test('charges the default method without payment_method_id, lowers the balance and records the event', () => {
    const { owner, account } = ownerWorld();
    const m = addPaymentMethod(owner, method(true));
    const payment = makePayment(owner, { usd: '$20.00', cvv: '123' });
    expect(payment).toMatchObject({ usd: 20, paymentMethodId: m.id });
    expect(balanceOf(account)).toBe(100);
    expect(getPayment(owner, payment.id).id).toBe(payment.id);
    // The seeded payment of the first invoice, then this one.
    expect(listPayments(owner).map((p) => p.id)).toContain(payment.id);
    expect(listPayments(owner)).toHaveLength(2);
    expect(account.events.newestFirst()[0]).toMatchObject({
      action: 'payment_submitted',
      entity: { id: payment.id, type: 'payment' },
    });
  });

  test('charges the method named', () => {
    const { owner } = ownerWorld();
    const m = addPaymentMethod(owner, method(false));
    expect(makePayment(owner, { usd: '10.00', payment_method_id: m.id, cvv: '123' }).paymentMethodId).toBe(m.id);
  });

  test('an unknown method is a validation error naming payment_method_id; nothing is recorded', () => {
    const { owner, account } = ownerWorld();
    expect(errorOf(() => makePayment(owner, { usd: '10.00', payment_method_id: 1, cvv: '123' }))).toEqual({
      kind: 'validation',
      field: 'payment_method_id',
    });
    expect(balanceOf(account)).toBe(120);
    expect(account.events.newestFirst()).toHaveLength(0);
  });

  test('cvv is required for a credit card', () => {
    const { owner } = ownerWorld();
    expect(errorOf(() => makePayment(owner, { usd: '10.00' }))).toEqual({ kind: 'validation', field: 'cvv' });
  });

  test('bounds: the minimum is the balance when lower, the maximum the balance up to the cap when higher', () => {
    const { owner, account } = ownerWorld();
    const bad = (usd: string) => errorOf(() => makePayment(owner, { usd, cvv: '123' }))?.field;
    const min = PAYMENT_AMOUNT.min.toFixed(2);
    const max = PAYMENT_AMOUNT.max.toFixed(2);
    expect(bad('4.99')).toBe('usd');
    expect(bad('2000.001')).toBe('usd');
    expect(makePayment(owner, { usd: min, cvv: '123' }).usd).toBe(PAYMENT_AMOUNT.min);
    setBalance(account, 3);
    expect(bad('2.99')).toBe('usd');
    expect(makePayment(owner, { usd: '3.00', cvv: '123' }).usd).toBe(3);
    setBalance(account, 3000);
    expect(makePayment(owner, { usd: '3000.00', cvv: '123' }).usd).toBe(3000);
    setBalance(account, 60000);
    expect(bad('50000.01')).toBe('usd');
    expect(makePayment(owner, { usd: '50000.00', cvv: '123' }).usd).toBe(PAYMENT_AMOUNT.balanceCap);
    setBalance(account, 0);
    expect(makePayment(owner, { usd: max, cvv: '123' }).usd).toBe(PAYMENT_AMOUNT.max);
    expect(balanceOf(account)).toBe(-PAYMENT_AMOUNT.max);
  });
});

describe('cancellation charge', () => {
  test('charges the remaining balance to the default card', () => {
    const { account } = ownerWorld();
    chargeRemainingBalance(account);
    expect(balanceOf(account)).toBe(0);
  });

  test('fails when there is a balance and no card on file', () => {
    const { owner, account } = ownerWorld(['payment-method-delete-default']);
    deletePaymentMethod(owner, seededCard(owner));
    expect(errorOf(() => chargeRemainingBalance(account))?.kind).toBe('conflict');
    expect(balanceOf(account)).toBe(120);
  });
});

describe('account_access', () => {
  test('a restricted user without account_access is refused', () => {
    const { world, owner } = ownerWorld();
    const none = accountAccessUser(world, owner, null);
    expect(errorOf(() => listPaymentMethods(none))?.kind).toBe('forbidden');
    expect(errorOf(() => listInvoices(none))?.kind).toBe('forbidden');
  });

  test('read_only reads but does not change', () => {
    const { world, owner } = ownerWorld();
    const reader = accountAccessUser(world, owner, 'read_only');
    expect(listPayments(reader)).toHaveLength(1);
    expect(errorOf(() => addPaymentMethod(reader, method(false)))?.kind).toBe('forbidden');
    expect(errorOf(() => makePayment(reader, { usd: '10.00', cvv: '123' }))?.kind).toBe('forbidden');
  });

  test('read_write changes', () => {
    const { world, owner } = ownerWorld();
    const writer = accountAccessUser(world, owner, 'read_write');
    expect(makePayment(writer, { usd: '10.00', cvv: '123' }).usd).toBe(10);
  });
});

describe('faults', () => {
  test('payment-method-card-exposed keeps the full number', () => {
    const { owner } = ownerWorld(['payment-method-card-exposed']);
    expect(addPaymentMethod(owner, method(false)).data.card_number).toBe('4111111111111234');
  });

  test('payment-method-old-default-kept leaves two defaults', () => {
    const { owner } = ownerWorld(['payment-method-old-default-kept']);
    addPaymentMethod(owner, method(true));
    expect(defaultIds(owner)).toHaveLength(2);
  });

  test('payment-expiry-month-ignored accepts a card that expired earlier this year', () => {
    const { owner, world } = ownerWorld(['payment-expiry-month-ignored']);
    const now = world.now();
    const input = method(false, { expiry_month: 1, expiry_year: now.getUTCFullYear() });
    if (now.getUTCMonth() > 0) expect(addPaymentMethod(owner, input).id).toBeGreaterThan(0);
  });

  test('skip faults switch off the model rules', () => {
    const { owner } = ownerWorld([
      'skip:billing/payments/create/usd-amount-bounds',
      'skip:billing/payments/create/cvv-required-for-credit-card',
    ]);
    expect(makePayment(owner, { usd: '1.00' }).usd).toBe(1);
  });

  test('event-missing:payment_submitted records no event', () => {
    const { owner, account } = ownerWorld(['event-missing:payment_submitted']);
    makePayment(owner, { usd: '10.00', cvv: '123' });
    expect(account.events.newestFirst()).toHaveLength(0);
  });
});
