// HTTP binding of the billing area: read the parsed request, call the billing model, shape the records (never a card number or cvv).

import type { Invoice, InvoiceItem, Payment, PaymentMethod } from '../model/billing.js';
import * as billing from '../model/billing.js';
import { caller, type Handlers, intParam } from './context.js';

/** The documents do not show the payment method record; the card appears only as type, last four digits and expiry. */
const paymentMethodRecord = (m: PaymentMethod) => ({
  id: m.id,
  type: m.type,
  is_default: m.is_default,
  created: m.created,
  data: { ...m.data },
});

const paymentRecord = (x: Payment) => ({ id: x.id, date: x.date, usd: x.usd });

const invoiceRecord = (i: Invoice) => ({
  id: i.id,
  date: i.date,
  label: i.label,
  subtotal: i.subtotal,
  tax: i.tax,
  total: i.total,
});

const invoiceItemRecord = (i: InvoiceItem) => ({ ...i });

export const handlers: Handlers = {
  'billing/payment-methods/list': (ctx) => billing.listPaymentMethods(caller(ctx)).map(paymentMethodRecord),
  'billing/payment-methods/create': (ctx) =>
    paymentMethodRecord(billing.addPaymentMethod(caller(ctx), ctx.body as unknown as billing.PaymentMethodInput)),
  'billing/payment-methods/view': (ctx) =>
    paymentMethodRecord(billing.getPaymentMethod(caller(ctx), intParam(ctx, 'paymentMethodId'))),
  'billing/payment-methods/delete': (ctx) => {
    billing.deletePaymentMethod(caller(ctx), intParam(ctx, 'paymentMethodId'));
    return {};
  },
  'billing/payment-methods/make-default': (ctx) =>
    paymentMethodRecord(billing.makeDefaultPaymentMethod(caller(ctx), intParam(ctx, 'paymentMethodId'))),
  'billing/credit-card/add': (ctx) =>
    paymentMethodRecord(billing.addCreditCard(caller(ctx), ctx.body as unknown as billing.CardInput)),
  'billing/payments/list': (ctx) => billing.listPayments(caller(ctx)).map(paymentRecord),
  'billing/payments/create': (ctx) =>
    paymentRecord(billing.makePayment(caller(ctx), ctx.body as unknown as billing.PaymentInput)),
  'billing/payments/view': (ctx) => paymentRecord(billing.getPayment(caller(ctx), intParam(ctx, 'paymentId'))),
  'billing/invoices/list': (ctx) => billing.listInvoices(caller(ctx)).map(invoiceRecord),
  'billing/invoices/view': (ctx) => invoiceRecord(billing.getInvoice(caller(ctx), intParam(ctx, 'invoiceId'))),
  'billing/invoices/items': (ctx) =>
    billing.listInvoiceItems(caller(ctx), intParam(ctx, 'invoiceId')).map(invoiceItemRecord),
};
