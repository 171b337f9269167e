// The account of the reference server: contact and billing data with the state-code rule, settings, region availability, network utilization, cancellation and promo credits; no HTTP types.

import { account as accountSpec, PROMO_MAX_ACCOUNT_AGE_DAYS } from '../../../spec/part2/account.js';
import { balanceOf, chargeRemainingBalance, requireAccountAccess } from './billing.js';
import { type Region, regions } from './catalogue.js';
import { conflict, invalid, notFound } from './errors.js';
import { perWorld } from './per-world.js';
import { applyUpdate, ruleSkipped } from './seams.js';
import { type Account, DAY_MS, type Principal, timestamp, type World } from './world.js';

// ---- State ----

/** The contact and billing fields of the Account table, as stored. */
export interface Contact {
  first_name: string;
  last_name: string;
  company: string;
  email: string;
  phone: string;
  address_1: string;
  address_2: string;
  city: string;
  state: string;
  country: string;
  zip: string;
  tax_id: string;
}

export type ContactInput = Partial<Contact>;

export interface Settings {
  backups_enabled: boolean;
  network_helper: boolean;
  managed: boolean;
  longview_subscription: string | null;
}

export interface Promotion {
  code: string;
  summary: string;
  /** Dollars, as a string with two decimals (the server's own amount: the documents show none). */
  credit: string;
  /** A timestamp() string, which sorts as text. */
  expires: string;
}

interface AccountState {
  contact: Contact;
  settings: Settings;
  promotions: Promotion[];
  cancelled: boolean;
}

const CONTACT_FIELDS = accountSpec.fields.map((f) => f.name) as (keyof Contact)[];

/** A plausible US billing address, with a valid zip so payment methods can be added straight away. */
function initialContact(account: Account): Contact {
  const owner = account.users.values().next().value;
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    company: '',
    email: owner?.email ?? '',
    phone: '215-555-0100',
    address_1: '1 Main Street',
    address_2: '',
    city: 'Philadelphia',
    state: 'PA',
    country: 'US',
    zip: '19106',
    tax_id: '',
  };
}

const state = (account: Account) =>
  account.store<AccountState>('account', () => ({
    contact: initialContact(account),
    settings: { backups_enabled: false, network_helper: false, managed: false, longview_subscription: null },
    promotions: [],
    cancelled: false,
  }));

// ---- Account view and update ----

/** What Account View shows: the stored contact fields plus the balance and account facts. */
export interface AccountSummary {
  contact: Contact;
  /** The amount due in dollars (negative: a credit). */
  balance: number;
  activeSince: string;
  capabilities: readonly string[];
  promotions: Promotion[];
}

const CAPABILITIES = ['Nodes', 'Block Storage', 'NodeBalancers', 'Object Storage', 'VPCs', 'Managed'] as const;

export function getAccount(p: Principal): AccountSummary {
  requireAccountAccess(p, 'read_only');
  const { world } = p.account;
  const s = state(p.account);
  const now = timestamp(world.now());
  return {
    contact: s.contact,
    balance: balanceOf(p.account),
    activeSince: timestamp(p.account.createdAt),
    capabilities: CAPABILITIES,
    promotions: world.fault('promo-credit-not-shown') ? [] : s.promotions.filter((x) => x.expires > now),
  };
}

/** State or province codes by country, from the params of the `state-code-us-ca` rule. */
const stateCodeRule = accountSpec.rules?.find((r) => r.id === 'state-code-us-ca');
const stateCodeParams = stateCodeRule?.kind === 'conditional-values' ? stateCodeRule.params : undefined;
const STATE_KEY_FIELD = String(stateCodeParams?.keyField ?? 'country') as keyof Contact;
const STATE_CODES = new Map(Object.entries(stateCodeParams?.values ?? {}).map(([c, codes]) => [c, new Set(codes)]));

/**
 * For a US or CA address, a `state` sent must be a code of that country; the country sent decides,
 * else the stored one. A body that changes only the country is not judged against the stored state.
 */
function checkStateCode(world: World, stored: Contact, input: ContactInput): void {
  if (input.state === undefined || ruleSkipped(world, 'account/update', 'state-code-us-ca')) return;
  const storedCountry = world.fault('account-state-stored-country-ignored') ? undefined : stored[STATE_KEY_FIELD];
  const country = input[STATE_KEY_FIELD] ?? storedCountry;
  const codes = country === undefined ? undefined : STATE_CODES.get(country);
  if (codes && !codes.has(input.state)) {
    throw invalid('state', `For a ${country} address, state must be a two-letter state or province code`);
  }
}

export function updateAccount(p: Principal, input: ContactInput): AccountSummary {
  requireAccountAccess(p, 'read_write');
  const { world } = p.account;
  const s = state(p.account);
  checkStateCode(world, s.contact, input);
  if (input.tax_id === '' && world.fault('account-tax-id-empty-rejected')) {
    throw invalid('tax_id', 'tax_id must not be empty');
  }
  applyUpdate(world, () => {
    for (const name of CONTACT_FIELDS) {
      const value = input[name];
      if (typeof value === 'string') s.contact[name] = value;
    }
  });
  return getAccount(p);
}

// ---- Settings ----

/** The account-wide defaults, for areas that create instances and configuration profiles. */
export const accountSettings = (account: Account): Readonly<Settings> => state(account).settings;

export function getSettings(p: Principal): Settings {
  requireAccountAccess(p, 'read_only');
  return state(p.account).settings;
}

export function updateSettings(p: Principal, input: { backups_enabled?: boolean; network_helper?: boolean }): Settings {
  requireAccountAccess(p, 'read_write');
  const { world } = p.account;
  const settings = state(p.account).settings;
  applyUpdate(world, () => {
    const omittedReset = world.fault('account-settings-omitted-reset');
    if (typeof input.backups_enabled === 'boolean') settings.backups_enabled = input.backups_enabled;
    else if (omittedReset) settings.backups_enabled = false;
    if (typeof input.network_helper === 'boolean') settings.network_helper = input.network_helper;
    else if (omittedReset) settings.network_helper = false;
  });
  return settings;
}

/** Turns managed monitoring on for the whole account; enabling it again changes nothing. */
export function enableManaged(p: Principal): void {
  requireAccountAccess(p, 'read_write');
  if (!p.account.world.fault('managed-enable-ignored')) state(p.account).settings.managed = true;
}

// ---- Network utilization and region availability ----

/** The reference server meters no traffic: the current month's utilization is zero GB. */
export function networkTransfer(p: Principal): { used: number; quota: number; billable: number } {
  requireAccountAccess(p, 'read_only');
  return { used: 0, quota: 0, billable: 0 };
}

/** The reference server has every service available everywhere: no region lists an unavailable one. */
export interface Availability {
  region: string;
  unavailable: string[];
}

const availabilityOf = (r: Region): Availability => ({ region: r.id, unavailable: [] });

/** Every region of the catalogue; open to any authenticated caller ("authorized users only", as encoded). */
export function listAvailability(p: Principal): Availability[] {
  const all = regions.map(availabilityOf);
  return p.account.world.fault('account-availability-region-missing') ? all.slice(0, -1) : all;
}

export function getAvailability(p: Principal, regionId: string): Availability {
  const region = regions.find((r) => r.id === regionId);
  if (region) return availabilityOf(region);
  if (p.account.world.fault('account-availability-unknown-region-found')) return { region: regionId, unavailable: [] };
  throw notFound('Region not found');
}

// ---- Cancellation ----

export const isCancelled = (account: Account): boolean => state(account).cancelled;

/**
 * Charges the card on file for the remaining balance (an error when that fails, and nothing changes),
 * then cancels: every token of the account stops working, so its later requests are unauthenticated.
 * The comments are accepted and not kept.
 */
export function cancelAccount(p: Principal): void {
  const { account } = p;
  const { world } = account;
  chargeRemainingBalance(account);
  state(account).cancelled = true;
  if (world.fault('account-cancel-tokens-kept')) return;
  for (const [token, holder] of world.tokens) if (holder.account === account) world.tokens.delete(token);
}

// ---- Promo credits ----

/** The server's own promo credit: the documents show neither amount nor expiry. */
const PROMO_CREDIT_USD = '50.00';
const PROMO_VALID_DAYS = 180;

/** Codes issued through the control interface, with their expiry (null: never expires), per world. */
const issuedCodes = perWorld('promo-codes', () => new Map<string, Date | null>());

/** Registers a promo code the server accepts until `expires`; an expired code is rejected. For the control interface. */
export function issuePromoCode(world: World, code: string, expires: Date | null = null): void {
  issuedCodes(world).set(code, expires);
}

/** A code issued through the control interface until it expires; otherwise any `PROMO-<something>` code. */
function codeValid(world: World, code: string): boolean {
  const issued = issuedCodes(world);
  if (issued.has(code)) {
    const expires = issued.get(code);
    return !expires || expires.getTime() > world.now().getTime();
  }
  return /^PROMO-.+/.test(code);
}

/**
 * Adds a promo credit when every condition holds: the code is valid and unexpired, the account is
 * younger than the age limit (by the server clock, which the control interface can move), and the
 * account never had a promo credit. The caller being unrestricted is the pipeline's check.
 */
export function addPromoCredit(p: Principal, code: string): Promotion {
  const { account } = p;
  const { world } = account;
  if (typeof code !== 'string') throw invalid('promo_code', 'promo_code is required');
  if (!codeValid(world, code) && !world.fault('promo-code-unchecked')) {
    throw invalid('promo_code', 'The promo code is invalid or has expired');
  }
  const age = world.now().getTime() - account.createdAt.getTime();
  if (age >= PROMO_MAX_ACCOUNT_AGE_DAYS * DAY_MS && !world.fault('promo-age-ignored')) {
    throw conflict(`Promo codes can only be added to accounts younger than ${PROMO_MAX_ACCOUNT_AGE_DAYS} days`);
  }
  const s = state(account);
  if (s.promotions.length > 0 && !world.fault('promo-repeat-allowed')) {
    throw conflict('The account already has a promo credit');
  }
  const promotion: Promotion = {
    code,
    summary: `$${PROMO_CREDIT_USD} promo credit`,
    credit: PROMO_CREDIT_USD,
    expires: timestamp(new Date(world.now().getTime() + PROMO_VALID_DAYS * DAY_MS)),
  };
  s.promotions.push(promotion);
  return promotion;
}
