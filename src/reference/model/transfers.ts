// Service transfers of the reference server: instances offered by one account to any other, the pending, accepted, canceled and expired states, who may see and act on a transfer, and the create and accept conditions; no HTTP types.

import { conflict, forbidden, invalid, notFound } from './errors.js';
import { perWorld } from './per-world.js';
import { removeDeleted } from './seams.js';
import type { Account, Principal, World } from './world.js';

export type TransferStatus = 'pending' | 'accepted' | 'canceled' | 'expired';

export interface Transfer {
  /** A lowercase UUID. */
  token: string;
  creator: Account;
  createdBy: string;
  /** Set once accepted. */
  acceptor: Account | undefined;
  acceptedBy: string | undefined;
  /** Stored state; `pending` reads as `expired` once the expiry is reached (see transferStatus). */
  state: 'pending' | 'accepted' | 'canceled';
  nodes: number[];
  created: Date;
  updated: Date;
  expiry: Date;
}

export interface TransferInput {
  entities: { nodes?: number[] };
}

/**
 * The document does not show the expiry period; the reference server lets a pending transfer
 * expire 24 hours after its creation (the control interface's clock can get there).
 */
export const EXPIRY_HOURS = 24;
const HOUR_MS = 60 * 60 * 1000;

// ---- Hooks other areas fill in (model/wiring.ts installs them) ----

/** What Part 3 knows about instances; until the wiring installs it no instance exists. */
export interface TransferableInstances {
  /** Whether the account owns the instance. */
  ownedBy(account: Account, id: number): boolean;
  /**
   * Why the instance cannot be transferred (assigned to a NodeBalancer, Firewall, VLAN or managed
   * service, an attached volume, a shared IP address, an assigned IPv6 range), or undefined.
   */
  blocker(account: Account, id: number): string | undefined;
  /** Moves the instances, with their backups, from one account to the other. */
  move(from: Account, to: Account, ids: readonly number[]): void;
}

export const transferableInstances: TransferableInstances = {
  ownedBy: () => false,
  blocker: () => undefined,
  move: () => {},
};

export function registerTransferableInstances(hooks: TransferableInstances): void {
  Object.assign(transferableInstances, hooks);
}

export const instanceOwnedBy = (account: Account, id: number): boolean => transferableInstances.ownedBy(account, id);

/**
 * The account standing the conditions read (and a resize: an outstanding balance is a past-due one);
 * the wiring installs billing's payment-method test. The API cannot cause a past-due balance or a
 * Terms of Service violation (spec/exclusions.ts), so those stay false outside the model tests.
 */
export interface AccountStanding {
  acceptorHasPaymentMethod(account: Account): boolean;
  hasPastDueBalance(account: Account): boolean;
  hasTosViolation(account: Account): boolean;
}

export const accountStanding: AccountStanding = {
  acceptorHasPaymentMethod: () => true,
  hasPastDueBalance: () => false,
  hasTosViolation: () => false,
};

export function registerAccountStanding(hooks: Partial<AccountStanding>): void {
  Object.assign(accountStanding, hooks);
}

// ---- Stores ----

interface WorldTransfers {
  byToken: Map<string, Transfer>;
  /** The latest transfer naming each instance: the only one that can still be open. */
  latestByNode: Map<number, Transfer>;
}

const worldTransfers = perWorld('transfers', (): WorldTransfers => ({ byToken: new Map(), latestByNode: new Map() }));

/** The transfers an account created or accepted, in the order they joined the account. */
const accountTransfers = (account: Account) => account.store('transfers', () => new Map<string, Transfer>());

// ---- State ----

/** The status now: a pending transfer past its expiry is expired, computed from the world's clock. */
export function transferStatus(world: World, t: Transfer): TransferStatus {
  if (t.state !== 'pending') return t.state;
  if (world.fault('transfer-never-expires')) return 'pending';
  return world.now().getTime() >= t.expiry.getTime() ? 'expired' : 'pending';
}

/** When the transfer last changed; an expired one changed when it expired. */
export function transferUpdated(world: World, t: Transfer): Date {
  return transferStatus(world, t) === 'expired' ? t.expiry : t.updated;
}

/**
 * Moves the transfers an account created `ms` into the past, as if the clock had moved for them
 * alone: a pending one reaches its expiry while the other accounts' transfers stay pending.
 */
export function backdateTransfers(account: Account, ms: number): void {
  for (const t of accountTransfers(account).values()) {
    if (t.creator !== account) continue;
    for (const key of ['created', 'updated', 'expiry'] as const) t[key] = new Date(t[key].getTime() - ms);
  }
}

/** Pending, or accepted and not yet complete (the reference server completes an accept at once). */
const isOpen = (world: World, t: Transfer) => transferStatus(world, t) === 'pending';

/** Whether the caller's account created the transfer (the record's `is_sender`). */
export const isSender = (p: Principal, t: Transfer): boolean => t.creator === p.account;
const isReceiver = (p: Principal, t: Transfer) => t.acceptor === p.account;

/** Transfers are for unrestricted users; the deprecated forms carry no access rule, so the model holds it. */
function requireUnrestricted(p: Principal): void {
  if (p.user.restricted && !p.account.world.fault('restricted-allowed')) {
    throw forbidden('Unauthorized: transfers are for unrestricted users');
  }
}

/**
 * Who may see a transfer: a pending one any account; an accepted one the creating and accepting
 * accounts; a canceled or expired one the creating account only.
 */
function visible(p: Principal, t: Transfer): boolean {
  const { world } = p.account;
  if (isSender(p, t)) return true;
  switch (transferStatus(world, t)) {
    case 'pending':
      return !world.fault('transfer-view-pending-creator-only');
    case 'accepted':
      return isReceiver(p, t) || world.fault('transfer-view-accepted-public');
    default:
      return world.fault('transfer-view-closed-public');
  }
}

function find(p: Principal, token: string): Transfer {
  requireUnrestricted(p);
  const t = worldTransfers(p.account.world).byToken.get(token.toLowerCase());
  if (!t || !visible(p, t)) throw notFound('Transfer not found');
  return t;
}

// ---- The API ----

export function getTransfer(p: Principal, token: string): Transfer {
  return find(p, token);
}

/** Every transfer the account created or accepted, whichever of its users acted. */
export function listTransfers(p: Principal): Transfer[] {
  requireUnrestricted(p);
  const { world } = p.account;
  const all = [...accountTransfers(p.account).values()];
  const createdOnly = world.fault('transfer-list-created-only');
  const ownUserOnly = world.fault('transfer-list-own-user-only');
  return all.filter(
    (t) =>
      (!createdOnly || isSender(p, t)) &&
      (!ownUserOnly || (isSender(p, t) ? t.createdBy : t.acceptedBy) === p.user.username),
  );
}

/** Each instance must be the account's, free of other open transfers, and meet the instance conditions. */
function checkNodes(world: World, account: Account, nodes: readonly number[]): void {
  const { latestByNode } = worldTransfers(world);
  for (const id of nodes) {
    if (!instanceOwnedBy(account, id) && !world.fault('transfer-foreign-instances-accepted')) {
      throw invalid('entities.nodes', `Instance ${id} is not an instance of this account`);
    }
    const other = latestByNode.get(id);
    if (other && isOpen(world, other) && !world.fault('transfer-double-booking')) {
      throw invalid('entities.nodes', `Instance ${id} is already in another pending transfer`);
    }
    const blocker = transferableInstances.blocker(account, id);
    if (blocker) throw invalid('entities.nodes', `Instance ${id} cannot be transferred: ${blocker}`);
  }
}

function checkStanding(account: Account, role: string): void {
  if (accountStanding.hasPastDueBalance(account)) throw conflict(`The ${role} account has a past-due balance`);
  if (accountStanding.hasTosViolation(account)) {
    throw conflict(`The ${role} account has an active Terms of Service violation`);
  }
}

function newToken(world: World): string {
  const uuid = crypto.randomUUID();
  return world.fault('transfer-token-not-uuid') ? uuid.replaceAll('-', '') : uuid;
}

export function createTransfer(p: Principal, input: TransferInput): Transfer {
  requireUnrestricted(p);
  const { world } = p.account;
  const nodes = [...new Set(input.entities.nodes ?? [])];
  checkStanding(p.account, 'creating');
  checkNodes(world, p.account, nodes);
  const now = world.now();
  const transfer: Transfer = {
    token: newToken(world),
    creator: p.account,
    createdBy: p.user.username,
    acceptor: undefined,
    acceptedBy: undefined,
    state: 'pending',
    nodes,
    created: now,
    updated: now,
    expiry: new Date(now.getTime() + EXPIRY_HOURS * HOUR_MS),
  };
  const w = worldTransfers(world);
  w.byToken.set(transfer.token, transfer);
  for (const id of nodes) w.latestByNode.set(id, transfer);
  accountTransfers(p.account).set(transfer.token, transfer);
  return transfer;
}

/** Cancels a pending transfer; only the creating account may, and never once accepted, expired or canceled. */
export function cancelTransfer(p: Principal, token: string): Transfer {
  const t = find(p, token);
  const { world } = p.account;
  if (!isSender(p, t) && !world.fault('transfer-cancel-by-other-account')) {
    throw forbidden('Only the account that created a transfer may cancel it');
  }
  const status = transferStatus(world, t);
  const allowed =
    status === 'pending' ||
    (status === 'accepted' && world.fault('transfer-cancel-accepted')) ||
    (status === 'expired' && world.fault('transfer-cancel-expired')) ||
    (status === 'canceled' && world.fault('transfer-cancel-repeatable'));
  if (!allowed) throw conflict(`A transfer that is ${status} cannot be canceled`);
  removeDeleted(world, () => {
    t.state = 'canceled';
    t.updated = world.now();
  });
  return t;
}

/** The accept conditions besides the transfer's status, in the document's order. */
function checkAcceptConditions(world: World, t: Transfer, acceptor: Account): void {
  if (!accountStanding.acceptorHasPaymentMethod(acceptor) && !world.fault('transfer-accept-without-payment-method')) {
    throw conflict('The accepting account has no registered payment method');
  }
  checkStanding(acceptor, 'accepting');
  if (accountStanding.hasTosViolation(t.creator)) {
    throw conflict('The creating account has an active Terms of Service violation');
  }
  for (const id of t.nodes) {
    if (!instanceOwnedBy(t.creator, id)) throw conflict(`Instance ${id} no longer belongs to the creating account`);
    const blocker = transferableInstances.blocker(t.creator, id);
    if (blocker) throw conflict(`Instance ${id} cannot be transferred: ${blocker}`);
  }
}

/**
 * Accepts a pending transfer for the caller's account, which receives the instances at once. A
 * rejected accept changes nothing, so the transfer stays pending until its conditions are cured.
 */
export function acceptTransfer(p: Principal, token: string): Transfer {
  const t = find(p, token);
  const { world } = p.account;
  try {
    if (isSender(p, t) && !world.fault('transfer-self-accept')) {
      throw forbidden('A transfer cannot be accepted by the account that created it');
    }
    const status = transferStatus(world, t);
    if (status !== 'pending' && !world.fault('transfer-accept-any-status')) {
      throw conflict(`A transfer that is ${status} cannot be accepted`);
    }
    checkAcceptConditions(world, t, p.account);
  } catch (error) {
    if (world.fault('transfer-rejected-accept-closes')) t.state = 'canceled';
    throw error;
  }
  if (world.fault('transfer-accept-stays-pending')) return t;
  t.state = 'accepted';
  t.acceptor = p.account;
  t.acceptedBy = p.user.username;
  t.updated = world.now();
  accountTransfers(p.account).set(t.token, t);
  if (!world.fault('transfer-instances-stay')) transferableInstances.move(t.creator, p.account, t.nodes);
  return t;
}
