// Procedures on the default payment method written from prose: which method is the default after an add, a make-default or a delete, and what a delete deactivates.

import { opOf } from '../../../spec/index.js';
import { MAX_ACTIVE_PAYMENT_METHODS } from '../../../spec/part2/billing.js';
import type { Operation } from '../../../spec/types.js';
import {
  acceptedWith2xx,
  BoundReached,
  type Exchange,
  type Kit,
  listed,
  loopBound,
  newMethodListed,
  rejectedWith4xx,
  soleDefault,
  type WrittenContext,
} from '../../support/author.js';

type Method = Record<string, unknown>;

/** Send options that act as another account's owner, or as the run's token when there is none. */
const as = (token: string | undefined) => (token ? { token } : {});

const LIST = opOf('billing/payment-methods/list');
const ADD = opOf('billing/payment-methods/create');
const CARD_ADD = opOf('billing/credit-card/add');
const MAKE_DEFAULT = opOf('billing/payment-methods/make-default');
const DELETE = opOf('billing/payment-methods/delete');

/** A card that is valid whatever today is: it expires three years from now. */
const card = () => ({
  card_number: '4111111111111111',
  cvv: '123',
  expiry_month: 12,
  expiry_year: new Date().getUTCFullYear() + 3,
});

interface Listing {
  methods: Method[];
  e: Exchange;
}

/** Pages a full listing reads at most: a target can announce any number. */
const MAX_PAGES = 20;

/** Every payment method of the account (all pages); `token` acts on another account than the run's. */
async function listMethods(kit: Kit, token?: string): Promise<Listing> {
  const methods: Method[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const e = await kit.send(LIST, { query: { page, page_size: 500 }, ...as(token) });
    const json = e.response?.json as { data?: Method[]; pages?: number } | undefined;
    if (e.response?.status !== 200 || !Array.isArray(json?.data))
      return kit.skip('the payment methods cannot be listed');
    for (const item of json.data) methods.push(item);
    if (page >= (json.pages ?? 1)) return { methods, e };
  }
  throw new BoundReached(`the payment methods list still had pages after ${MAX_PAGES} of 500 items`);
}

/** The id of the default method, skipping when the records show no `is_default` or no method is the default. */
function currentDefault(kit: Kit, methods: Method[]): unknown {
  if (!methods.some((m) => typeof m.is_default === 'boolean')) {
    return kit.skip('the payment method records do not show `is_default`, so the default cannot be read');
  }
  const found = methods.find((m) => m.is_default === true);
  if (!found) return kit.skip('the account has no default payment method to compare with');
  return found.id;
}

/** What a test changed: the methods it added and the default to put back. */
interface Changes {
  originalDefault: unknown;
  added: unknown[];
}

/** The account a test adds methods to: how to act on it (`token` when it is not the run's own) and what the test changed. */
interface Account {
  kit: Kit;
  token?: string;
  changes: Changes;
}

/** Puts the original default back and deletes the methods the test added (the account keeps at most six). */
async function restore(kit: Kit, changes: Changes, token?: string): Promise<void> {
  const params = (id: unknown) => ({ params: { paymentMethodId: String(id) }, ...as(token) });
  await kit.session.send(MAKE_DEFAULT, params(changes.originalDefault));
  for (const id of changes.added) await kit.session.send(DELETE, params(id));
}

/**
 * Runs `body` on an account's methods, then restores the default and deletes what was added. A
 * throwaway account when the target offers one, so methods other tests leave behind (the limit is
 * six) do not get in the way; else the run's account.
 */
async function onMethods(kit: Kit, body: (account: Account, before: Method[]) => Promise<void>): Promise<void> {
  const token = (await kit.session.throwaway())?.config.token;
  const before = (await listMethods(kit, token)).methods;
  const changes: Changes = { originalDefault: currentDefault(kit, before), added: [] };
  try {
    await body({ kit, token, changes }, before);
  } finally {
    await restore(kit, changes, token);
  }
}

/** Adds a card through `op` and finds it in the list: the one id that was not there before. */
async function addCard(
  { kit, token, changes }: Account,
  op: Operation,
  body: Record<string, unknown>,
  before: Method[],
  context: string,
): Promise<{ id: unknown; after: Listing } | undefined> {
  const e = await kit.send(op, { body, ...as(token) });
  const after = await listMethods(kit, token);
  const known = new Set(before.map((m) => m.id));
  const fresh = after.methods.filter((m) => !known.has(m.id)).map((m) => m.id);
  changes.added.push(...fresh);
  if (!kit.check(acceptedWith2xx(e), context)) return undefined;
  if (!kit.check(newMethodListed(fresh, after.e), context)) return undefined;
  return { id: fresh[0], after };
}

const methodBody = (isDefault: boolean) => ({ type: 'credit_card', is_default: isDefault, data: card() });

export async function creditCardBecomesDefault({ kit }: WrittenContext) {
  await onMethods(kit, async (account, before) => {
    const added = await addCard(account, CARD_ADD, card(), before, 'adding a card through Credit Card Add');
    if (!added) return;
    const why = 'A card added through Credit Card Add becomes the only default payment method.';
    kit.check(soleDefault(added.after.methods, added.id, why, added.after.e), 'the methods after the card add');
  });
}

export async function addAsDefaultMoves({ kit }: WrittenContext) {
  await onMethods(kit, async (account, before) => {
    const added = await addCard(account, ADD, methodBody(true), before, 'adding a method with is_default true');
    if (!added) return;
    const why = 'A method added with is_default true becomes the only default payment method.';
    kit.check(soleDefault(added.after.methods, added.id, why, added.after.e), 'the methods after the add');
  });
}

export async function addNonDefaultKeeps({ kit }: WrittenContext) {
  await onMethods(kit, async (account, before) => {
    const added = await addCard(account, ADD, methodBody(false), before, 'adding a method with is_default false');
    if (!added) return;
    const why = 'A method added with is_default false leaves the existing default the only default.';
    kit.check(soleDefault(added.after.methods, account.changes.originalDefault, why, added.after.e), 'after the add');
  });
}

export async function makeDefaultMoves({ kit }: WrittenContext) {
  await onMethods(kit, async (account, before) => {
    const added = await addCard(account, ADD, methodBody(false), before, 'adding a method to make default');
    if (!added) return;
    const e = await kit.send(MAKE_DEFAULT, { params: { paymentMethodId: String(added.id) }, ...as(account.token) });
    if (!kit.check(acceptedWith2xx(e), 'Payment Method Make Default of the added method')) return;
    const after = await listMethods(kit, account.token);
    const why = 'Make Default makes the method the only default; the previous default loses default status.';
    kit.check(soleDefault(after.methods, added.id, why, after.e), 'the methods after make-default');
  });
}

/** The default is a method the test added, so a server that wrongly deletes it takes nothing of the account's. */
export async function deleteDefaultRejected({ kit }: WrittenContext) {
  await onMethods(kit, async (account, before) => {
    const added = await addCard(account, ADD, methodBody(true), before, 'adding a method as the new default');
    if (!added) return;
    if (added.after.methods.find((m) => m.id === added.id)?.is_default !== true) {
      return kit.skip('the method added with is_default true did not become the default (its own requirement)');
    }
    const e = await kit.send(DELETE, { params: { paymentMethodId: String(added.id) }, ...as(account.token) });
    kit.check(rejectedWith4xx(e), 'deleting the default payment method');
    const after = await listMethods(kit, account.token);
    kit.check(listed(after.methods, added.id, 'the default payment method', after.e), 'after the refused delete');
  });
}

/**
 * Deactivated means no longer active: on an account holding the most active methods allowed, a
 * delete makes room for one more. Runs on a throwaway account, which it fills to the limit.
 */
export async function deleteDeactivates({ kit }: WrittenContext) {
  const own = await kit.session.throwaway();
  if (!own) return kit.skip('needs a throwaway account to fill to the active payment method limit (control interface)');
  const token = own.config.token;
  const start = await listMethods(kit, token);
  const account: Account = { kit, token, changes: { originalDefault: undefined, added: [] } };
  let methods = start.methods;
  const round = loopBound('filling the account with payment methods', MAX_ACTIVE_PAYMENT_METHODS);
  while (methods.length < MAX_ACTIVE_PAYMENT_METHODS) {
    round();
    const added = await addCard(account, ADD, methodBody(false), methods, 'filling the account');
    if (!added) return;
    methods = added.after.methods;
  }
  const victim = account.changes.added.at(-1);
  if (victim === undefined) return kit.skip('the throwaway account already holds more methods than the limit');
  const del = await kit.send(DELETE, { params: { paymentMethodId: String(victim) }, token });
  if (!kit.check(acceptedWith2xx(del), 'deleting a method that is not the default')) return;
  const context = `adding a method after the delete, with ${MAX_ACTIVE_PAYMENT_METHODS - 1} methods still active`;
  await addCard(account, ADD, methodBody(false), methods, context);
}
