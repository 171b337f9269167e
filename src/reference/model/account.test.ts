// Unit tests of the account model: update persistence and the state-code rule, settings, availability, cancellation and the promo credit conditions.

import { describe, expect, test } from 'vitest';
import { CA_PROVINCE_CODES, PROMO_MAX_ACCOUNT_AGE_DAYS, US_STATE_CODES } from '../../../spec/part2/account.js';
import { errorOf } from '../test-support/model-errors.js';
import { accountAccessUser, ownerWorld } from '../test-support/principals.js';
import {
  accountSettings,
  addPromoCredit,
  cancelAccount,
  enableManaged,
  getAccount,
  getAvailability,
  getSettings,
  isCancelled,
  issuePromoCode,
  listAvailability,
  networkTransfer,
  updateAccount,
  updateSettings,
} from './account.js';
import { balanceOf } from './billing.js';
import { regions } from './catalogue.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('account view and update', () => {
  test('the view shows contact fields, the balance, active_since and capabilities', () => {
    const { owner, account } = ownerWorld();
    const a = getAccount(owner);
    expect(a.contact.email).toBe('owner@example.com');
    expect(a.balance).toBe(balanceOf(account));
    expect(a.activeSince).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(a.capabilities.length).toBeGreaterThan(0);
    expect(a.promotions).toEqual([]);
  });

  test('an update is persisted and visible on view; omitted fields keep their value', () => {
    const { owner } = ownerWorld();
    const before = getAccount(owner).contact.city;
    updateAccount(owner, { first_name: 'Grace', tax_id: '', country: 'DE', state: 'Bavaria' });
    const { contact } = getAccount(owner);
    expect(contact).toMatchObject({ first_name: 'Grace', tax_id: '', country: 'DE', state: 'Bavaria', city: before });
  });

  test('a US or CA state must be a code of the country sent', () => {
    const { owner } = ownerWorld();
    expect(errorOf(() => updateAccount(owner, { country: 'US', state: 'ON' }))).toEqual({
      kind: 'validation',
      field: 'state',
    });
    expect(getAccount(owner).contact.country).toBe('US');
    updateAccount(owner, { country: 'CA', state: CA_PROVINCE_CODES[0] as string });
    updateAccount(owner, { country: 'US', state: 'AE' });
    expect(getAccount(owner).contact).toMatchObject({ country: 'US', state: 'AE' });
  });

  test('without a country in the body the stored country decides', () => {
    const { owner } = ownerWorld();
    expect(getAccount(owner).contact.country).toBe('US');
    expect(errorOf(() => updateAccount(owner, { state: 'Pennsylvania' }))?.field).toBe('state');
    updateAccount(owner, { state: US_STATE_CODES[0] as string });
    updateAccount(owner, { country: 'FR' });
    updateAccount(owner, { state: 'Provence' });
    expect(getAccount(owner).contact.state).toBe('Provence');
  });

  test('a restricted user needs account_access: any level to view, read_write to update', () => {
    const { world, owner } = ownerWorld();
    expect(errorOf(() => getAccount(accountAccessUser(world, owner, null)))?.kind).toBe('forbidden');
    const reader = accountAccessUser(world, owner, 'read_only');
    expect(getAccount(reader).contact.country).toBe('US');
    expect(errorOf(() => updateAccount(reader, { city: 'Lyon' }))?.kind).toBe('forbidden');
    updateAccount(accountAccessUser(world, owner, 'read_write'), { city: 'Lyon' });
    expect(getAccount(owner).contact.city).toBe('Lyon');
  });
});

describe('settings', () => {
  test('start with everything off and no longview subscription', () => {
    const { owner } = ownerWorld();
    expect(getSettings(owner)).toEqual({
      backups_enabled: false,
      network_helper: false,
      managed: false,
      longview_subscription: null,
    });
  });

  test('an update is persisted; an omitted setting keeps its value', () => {
    const { owner, account } = ownerWorld();
    updateSettings(owner, { backups_enabled: true, network_helper: true });
    updateSettings(owner, { network_helper: false });
    expect(getSettings(owner)).toMatchObject({ backups_enabled: true, network_helper: false });
    expect(accountSettings(account).backups_enabled).toBe(true);
  });

  test('managed enable turns managed on, and again changes nothing', () => {
    const { owner } = ownerWorld();
    enableManaged(owner);
    enableManaged(owner);
    expect(getSettings(owner).managed).toBe(true);
  });
});

describe('network transfer and availability', () => {
  test('network utilization is zero GB', () => {
    const { owner } = ownerWorld();
    expect(networkTransfer(owner)).toEqual({ used: 0, quota: 0, billable: 0 });
  });

  test('availability lists every region; an unknown region is not found', () => {
    const { owner } = ownerWorld();
    expect(listAvailability(owner).map((a) => a.region)).toEqual(regions.map((r) => r.id));
    const first = regions[0]?.id as string;
    expect(getAvailability(owner, first)).toEqual({ region: first, unavailable: [] });
    expect(errorOf(() => getAvailability(owner, 'nowhere'))?.kind).toBe('not-found');
  });
});

describe('cancellation', () => {
  test('charges the balance and invalidates every token of the account, and only of that account', () => {
    const { world, owner, account, token } = ownerWorld();
    const other = world.createAccount('other', 'other@example.com');
    const otherToken = world.issueToken(other, 'other', ['*']);
    const second = world.issueToken(account, 'owner', ['account:read_only']);
    cancelAccount(owner);
    expect(isCancelled(account)).toBe(true);
    expect(balanceOf(account)).toBe(0);
    expect(world.principal(token)).toBeUndefined();
    expect(world.principal(second)).toBeUndefined();
    expect(world.principal(otherToken)).toBeDefined();
  });

  test('account-cancel-tokens-kept keeps the tokens working', () => {
    const { world, owner, token } = ownerWorld(['account-cancel-tokens-kept']);
    cancelAccount(owner);
    expect(world.principal(token)).toBeDefined();
  });
});

describe('promo credits', () => {
  test('a PROMO- code adds one expiring credit, visible on the account', () => {
    const { owner, world } = ownerWorld();
    const promotion = addPromoCredit(owner, 'PROMO-WELCOME');
    expect(promotion.expires > getAccount(owner).activeSince).toBe(true);
    expect(getAccount(owner).promotions).toEqual([promotion]);
    world.clockOffsetMs += 365 * DAY_MS;
    expect(getAccount(owner).promotions).toEqual([]);
  });

  test('other codes are rejected, naming promo_code', () => {
    const { owner } = ownerWorld();
    expect(errorOf(() => addPromoCredit(owner, 'WELCOME'))).toEqual({ kind: 'validation', field: 'promo_code' });
    expect(errorOf(() => addPromoCredit(owner, 'PROMO-'))?.field).toBe('promo_code');
  });

  test('issued codes are accepted until they expire', () => {
    const { owner, world } = ownerWorld();
    issuePromoCode(world, 'PROMO-OLD', new Date(world.now().getTime() - 1000));
    issuePromoCode(world, 'SPRING', new Date(world.now().getTime() + DAY_MS));
    expect(errorOf(() => addPromoCredit(owner, 'PROMO-OLD'))?.field).toBe('promo_code');
    expect(addPromoCredit(owner, 'SPRING').code).toBe('SPRING');
  });

  test('a second promo credit is rejected', () => {
    const { owner } = ownerWorld();
    addPromoCredit(owner, 'PROMO-ONE');
    expect(errorOf(() => addPromoCredit(owner, 'PROMO-TWO'))?.kind).toBe('conflict');
  });

  test(`an account ${PROMO_MAX_ACCOUNT_AGE_DAYS} days old is no longer eligible; one a minute younger is`, () => {
    const young = ownerWorld();
    young.world.clockOffsetMs += PROMO_MAX_ACCOUNT_AGE_DAYS * DAY_MS - 60_000;
    expect(addPromoCredit(young.owner, 'PROMO-X').code).toBe('PROMO-X');
    const old = ownerWorld();
    old.world.clockOffsetMs += PROMO_MAX_ACCOUNT_AGE_DAYS * DAY_MS;
    expect(errorOf(() => addPromoCredit(old.owner, 'PROMO-X'))?.kind).toBe('conflict');
  });

  test('promo faults lift each condition', () => {
    const { owner, world } = ownerWorld(['promo-code-unchecked', 'promo-repeat-allowed', 'promo-age-ignored']);
    world.clockOffsetMs += 2 * PROMO_MAX_ACCOUNT_AGE_DAYS * DAY_MS;
    addPromoCredit(owner, 'anything');
    expect(addPromoCredit(owner, 'anything else').code).toBe('anything else');
  });
});

describe('faults', () => {
  test('skip:account/update/state-code-us-ca accepts any state', () => {
    const { owner } = ownerWorld(['skip:account/update/state-code-us-ca']);
    updateAccount(owner, { state: 'Nowhere' });
    expect(getAccount(owner).contact.state).toBe('Nowhere');
  });

  test('account-state-stored-country-ignored judges only a country sent', () => {
    const { owner } = ownerWorld(['account-state-stored-country-ignored']);
    updateAccount(owner, { state: 'Nowhere' });
    expect(errorOf(() => updateAccount(owner, { country: 'US', state: 'Nowhere' }))?.field).toBe('state');
  });

  test('update-ignored and account-settings-omitted-reset', () => {
    const ignored = ownerWorld(['update-ignored']);
    updateAccount(ignored.owner, { city: 'Lyon' });
    expect(getAccount(ignored.owner).contact.city).not.toBe('Lyon');
    const reset = ownerWorld(['account-settings-omitted-reset']);
    updateSettings(reset.owner, { backups_enabled: true });
    updateSettings(reset.owner, { network_helper: true });
    expect(getSettings(reset.owner).backups_enabled).toBe(false);
  });

  test('availability faults', () => {
    const { owner } = ownerWorld(['account-availability-region-missing', 'account-availability-unknown-region-found']);
    expect(listAvailability(owner)).toHaveLength(regions.length - 1);
    expect(getAvailability(owner, 'nowhere').region).toBe('nowhere');
  });
});
