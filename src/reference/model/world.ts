// The reference server's whole state: accounts, users, tokens, the id sequence and the clock; no HTTP types.

import { globalGrantFlags, grantEntityKinds } from '../../../spec/part2/users.js';
import type { EntityKind, GlobalGrant, Scope } from '../../../spec/types.js';
import type { FaultName } from '../faults.js';
import { HIGH_ID_BASE, HIGH_ID_STEP, SLOW_ACTION_MS, type VariantName } from '../variants.js';
import { EventLog } from './event-log.js';

export { DAY_MS, timestamp } from './clock.js';

export type Permission = 'read_only' | 'read_write';

export interface Grants {
  global: Partial<Record<GlobalGrant, boolean>> & { account_access?: Permission | null };
  entities: Record<EntityKind, Map<number, Permission>>;
}

export interface User {
  username: string;
  email: string;
  restricted: boolean;
  grants: Grants;
}

export interface Principal {
  account: Account;
  user: User;
  /** `*` for a full-scope token. */
  scopes: ReadonlySet<Scope | '*'>;
}

export const emptyGrants = (): Grants => ({
  global: Object.fromEntries(globalGrantFlags.map((g) => [g, false])),
  entities: Object.fromEntries(grantEntityKinds.map((k) => [k, new Map()])) as Grants['entities'],
});

/** Whether a token's scopes include one; `read_write` includes `read_only` of the same area (DECISIONS 7). */
export function hasScope(scopes: ReadonlySet<Scope | '*'>, needed: Scope): boolean {
  if (scopes.has('*') || scopes.has(needed)) return true;
  const [area, level] = needed.split(':');
  return level === 'read_only' && scopes.has(`${area}:read_write` as Scope);
}

export class Account {
  readonly users = new Map<string, User>();
  readonly events: EventLog;
  /** Per-area stores, created by the area models on first use. */
  readonly stores = new Map<string, unknown>();
  /** How long this account's asynchronous actions last, when the control interface gave it a delay of its own. */
  actionDelayMs: number | undefined;
  /** Days the control interface has aged this account's history by, in all (bounded, so dates stay valid). */
  agedDays = 0;

  constructor(
    readonly id: number,
    readonly world: World,
    readonly createdAt: Date,
  ) {
    this.events = new EventLog(world);
  }

  store<T>(area: string, create: () => T): T {
    let s = this.stores.get(area) as T | undefined;
    if (s === undefined) {
      s = create();
      this.stores.set(area, s);
    }
    return s;
  }
}

export class World {
  readonly accounts = new Map<number, Account>();
  readonly tokens = new Map<string, { account: Account; username: string; scopes: Set<Scope | '*'> }>();
  private nextId = 1000;
  /** Offset added to the real clock, so the control interface can move time. */
  clockOffsetMs = 0;

  /** How long asynchronous actions last; the control interface can change it (hold or release work). */
  public actionDelayMs: number;

  constructor(
    readonly faults: ReadonlySet<string> = new Set(),
    actionDelayMs = 0,
    /** Conformant variants switched on (`variants.ts`): behaviours the documents allow besides the server's own. */
    readonly variants: ReadonlySet<string> = new Set(),
  ) {
    this.actionDelayMs = actionDelayMs === 0 && this.variant('slow-actions') ? SLOW_ACTION_MS : actionDelayMs;
  }

  id(): number {
    this.nextId += 1;
    return this.handedOut(this.nextId);
  }

  /** The id the n-th of the sequence is handed out as: under `ids-high` far above 2^31, sparse and still increasing. */
  private handedOut(n: number): number {
    return this.variant('ids-high') ? HIGH_ID_BASE + n * HIGH_ID_STEP : n;
  }

  /** The last id handed out, as handed out, without handing out another (a state snapshot reads it). */
  lastId(): number {
    return this.handedOut(this.nextId);
  }

  /**
   * Never hands out an id up to `last` again (a restored snapshot's entities hold them): the
   * sequence moves past it at once, whatever server the snapshot came from, and never back.
   */
  skipPast(last: number): void {
    if (!Number.isSafeInteger(last)) throw new Error('a snapshot id must be a whole number');
    const n = this.variant('ids-high') ? Math.ceil((last - HIGH_ID_BASE) / HIGH_ID_STEP) : last;
    this.nextId = Math.max(this.nextId, n);
  }

  /**
   * How long an account's asynchronous actions last: its own delay when it has one, else the
   * server's. An account of its own lets a test hold work in progress while other suites run at speed.
   */
  delayFor(accountId: number): number {
    return this.accounts.get(accountId)?.actionDelayMs ?? this.actionDelayMs;
  }

  /** The longest delay any action may have now: what settling every action must wait past. */
  longestDelayMs(): number {
    let longest = this.actionDelayMs;
    for (const a of this.accounts.values()) longest = Math.max(longest, a.actionDelayMs ?? 0);
    return longest;
  }

  now(): Date {
    return new Date(Date.now() + this.clockOffsetMs);
  }

  /** Whether a conformant variant is switched on; the name is typed like a fault's. */
  variant(name: VariantName): boolean {
    return this.variants.has(name);
  }

  /** Whether a fault of the catalogue is switched on; the name is typed, so a misspelt fault fails the typecheck. */
  fault(name: FaultName): boolean {
    return this.faults.has(name);
  }

  /**
   * Forgets every account, user and token, then opens a fresh first account whose owner keeps the
   * tokens the first owner had: clients holding the owner's token go on working on an empty account.
   * The clock goes back to the real time.
   */
  reset(): Account {
    this.clockOffsetMs = 0;
    const first = this.accounts.values().next().value;
    const ownerName = first?.users.keys().next().value ?? 'owner';
    const kept = [...this.tokens].filter(([, t]) => t.account === first && t.username === ownerName);
    this.accounts.clear();
    this.tokens.clear();
    const account = this.createAccount(ownerName, `${ownerName}@example.com`);
    for (const [token, t] of kept) this.tokens.set(token, { ...t, account });
    return account;
  }

  createAccount(ownerName: string, ownerEmail: string, createdAt = this.now()): Account {
    const account = new Account(this.id(), this, createdAt);
    this.accounts.set(account.id, account);
    account.users.set(ownerName, { username: ownerName, email: ownerEmail, restricted: false, grants: emptyGrants() });
    return account;
  }

  issueToken(account: Account, username: string, scopes: Iterable<Scope | '*'>, token?: string): string {
    const value = token ?? `cc-${crypto.randomUUID().replaceAll('-', '')}`;
    this.tokens.set(value, { account, username, scopes: new Set(scopes) });
    return value;
  }

  /** The principal a token stands for, or undefined when the token or its user no longer exists. */
  principal(token: string): Principal | undefined {
    const t = this.tokens.get(token);
    const user = t?.account.users.get(t.username);
    return t && user ? { account: t.account, user, scopes: t.scopes } : undefined;
  }
}
