// One worker's view of the target: the HTTP client, the URL of each operation, minted credentials, the mode's guard, and the resources the run created.

import { existsSync } from 'node:fs';
import { threadId } from 'node:worker_threads';
import { operations } from '../../spec/index.js';
import { formsOf, limitsOfRemoval, removalLimits } from '../../spec/removal-limits.js';
import type { Operation, Scope } from '../../spec/types.js';
import { HttpClient, NoAnswer, RequestRefused } from '../http/client.js';
import type { Exchange } from '../http/exchange.js';
import { CONTROL_PREFIX } from '../vocabulary/control.js';
import { type Mutant, type RunConfig, runConfigFromEnv } from './config.js';
import { readCaFile } from './config-file.js';
import { entityKey, Journal } from './journal.js';
import { limitedBy } from './limiter.js';
import { methodRefusal, modeRefusal, ownershipRefusal } from './mode.js';
import { echoProblem, readBackProblem, rootView } from './ownership.js';
import { pacedBy } from './pacer.js';
import { pathValueProblem, UnusablePathValue } from './path-value.js';
import { removalOf, removalOperationIds } from './removal.js';

export interface SendOptions {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  rawBody?: string | Uint8Array;
  contentType?: string;
  /** `null` sends no token; absent sends the run's token. */
  token?: string | null;
  /** Headers sent as given (a made-up bearer token, which is no secret and so is not redacted). */
  headers?: Record<string, string>;
  /**
   * Path parameters of the wrong type are sent on purpose (`abc` for an integer id, to see the
   * target refuse it); a value no path segment can be (`""`, `..`) is refused all the same.
   */
  wrongTypeParams?: true;
}

/** How a throwaway account is opened: `ageDays` ago, and with no payment method when `paymentMethod` is false. */
export interface AccountOptions {
  ageDays?: number;
  paymentMethod?: false;
}

/**
 * How long a held account's actions last at least: long enough for the request judged to arrive while
 * the action runs, on a loaded machine too.
 */
const HELD_ACTION_MS = 1000;

/**
 * Round trips a held action must outlast: a busy-state procedure sends a few requests between starting
 * the action and reading it back after the request judged (a witness, the busy instance, the probe).
 * Across a network a second is too short, and the state would end before the probe every time.
 */
const HELD_ROUND_TRIPS = 12;

export interface Credential {
  token: string;
  username: string;
}

export interface CredentialRequest {
  scopes?: (Scope | '*')[];
  restricted?: boolean;
  grants?: Record<string, unknown>;
  /** A token of this user (made when it does not exist); a new user when absent. */
  username?: string;
  /** Reuse a credential minted earlier with the same key. */
  key?: string;
}

/** How often a worker looks for the stop file: a stat per request would cost more than the requests' checks. */
export const STOP_CHECK_MS = 50;

/** Whether the run's stop file exists, looked up at most every `STOP_CHECK_MS`; once seen, always true. */
function stopFile(path: string): () => boolean {
  let seen = false;
  let checkedAt = Number.NEGATIVE_INFINITY;
  return () => {
    const now = performance.now();
    if (!seen && now - checkedAt >= STOP_CHECK_MS) {
      checkedAt = now;
      seen = existsSync(path);
    }
    return seen;
  };
}

/** The HTTP client a run's configuration asks for: its timeout, size cap, pace, mode, interruption and local sockets. */
export function clientFor(config: RunConfig): HttpClient {
  const stopPath = config.stopPath;
  return new HttpClient({
    ...(config.timeoutMs ? { timeoutMs: config.timeoutMs } : {}),
    ...(config.maxResponseBytes ? { maxResponseBytes: config.maxResponseBytes } : {}),
    ...(config.pacerUrl ? { pace: pacedBy(config.pacerUrl) } : {}),
    ...(config.limiter ? { limit: limitedBy(config.limiter) } : {}),
    ...(config.concurrency ? { connections: Math.max(16, config.concurrency) } : {}),
    ...(stopPath ? { stopped: stopFile(stopPath) } : {}),
    ...(config.sockets ? { socketPaths: config.sockets } : {}),
    ...(config.headers ? { headers: config.headers } : {}),
    ...(config.caFile ? { ca: readCaFile(config.caFile) } : {}),
    refuse: (method, url) => methodRefusal(config.mode, method, url),
  });
}

/** What the sessions of one worker share: the journal, the ids the run made, and tokens of other accounts. */
interface Ledger {
  journal: Journal;
  owned: Set<string>;
  foreign: Set<string>;
  /** Ids that create answers named without echoing what was sent, with why: never the run's (safe mode). */
  disowned?: Map<string, string>;
  /** Ids create answers gave that no path can hold (`""`, `".."`, `1.5` for an integer), with why: never acted on. */
  unusable?: Map<string, string>;
  /** Entities (by journal key) in a state the documents say cannot be removed, with the requirement that says so. */
  kept?: Map<string, string>;
}

/** Operations whose success leaves an entity in a state it cannot be removed from, with the limits they bring. */
const entering = new Map(
  removalLimits.flatMap((limit) => limit.after.map((id): [string, typeof limit] => [id, limit])),
);

const paramsOf = (op: Operation, params: Record<string, string | number>) =>
  Object.fromEntries(op.pathParams.map((p) => [p.name, params[p.name] ?? '']));

/** Operations that delete what a create made: their success is journaled so the final cleanup skips it. */
const removers = removalOperationIds;

const isPlainRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Account-wide records a test changed, with the values to put back when it ends. */
interface Changed {
  op: Operation;
  token: string | undefined;
  before: Record<string, unknown>;
  fields: Set<string>;
}

export class Session {
  private control: boolean | undefined;
  private readonly minted = new Map<string, Credential>();
  private sequence = 0;
  private readonly changed = new Map<string, Changed>();

  /** `account` names the account credentials are minted in, when it is not the run's own. */
  /** The action delay this session's account was given, when it has one of its own. */
  private accountDelayMs: number | undefined;

  constructor(
    readonly config: RunConfig,
    readonly client = clientFor(config),
    private readonly account?: number,
    private readonly ledger: Ledger = {
      journal: new Journal(config.journalPath, (line) => this.client.redactor.text(line)),
      owned: new Set(),
      foreign: new Set(),
    },
  ) {
    this.client.addSecret(config.token);
    const other = config.credentials?.otherAccount;
    if (other) this.client.addSecret(other.token);
  }

  /**
   * A fresh seed for each generated body: bodies differ (unique labels stay unique) yet a run
   * replays exactly, since tests of a file run in order in their own worker.
   */
  nextSeed(): number {
    this.sequence += 1;
    return this.config.seed + this.sequence;
  }

  /**
   * The URL of an operation. A parameter value that cannot be a segment of its documented type (an
   * empty id, `..`, a word for an integer) throws UnusablePathValue: the request is never sent.
   */
  url(
    op: Operation,
    params: Record<string, string | number> = {},
    query: Record<string, string | number> = {},
    { anyType = false }: { anyType?: boolean } = {},
  ): string {
    for (const p of op.pathParams) {
      const problem = pathValueProblem(p, params[p.name], { anyType });
      if (problem) throw new UnusablePathValue(`not sent: ${op.method} ${op.path}: ${problem}`);
    }
    const path = op.path.replace(/\{([A-Za-z]+)\}/g, (_m, name: string) => encodeURIComponent(String(params[name])));
    const root = op.root === 'beta' ? this.config.betaUrl : this.config.baseUrl;
    const pairs = Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]);
    const qs = new URLSearchParams(pairs).toString();
    return `${root}${path}${qs ? `?${qs}` : ''}`;
  }

  /** Why the run's mode forbids this operation whatever its parameters, if it does. */
  refusal(op: Operation): string | undefined {
    return modeRefusal(this.config, op);
  }

  /** Ends the requirement as skipped, with the mode's reason, when the mode forbids an operation it needs. */
  requireSendable(op: Operation): void {
    const refusal = this.refusal(op);
    if (refusal) throw new RequestRefused(refusal);
  }

  /** Sends an operation, unless the mode forbids it (RequestRefused); journals what it creates and deletes. */
  async send(op: Operation, options: SendOptions = {}): Promise<Exchange> {
    const refusal =
      modeRefusal(this.config, op) ??
      ownershipRefusal(this.config, op, options.params, (id) => this.ledger.owned.has(id));
    if (refusal) throw new RequestRefused(refusal);
    const url = this.url(op, options.params, options.query, { anyType: options.wrongTypeParams === true });
    const token = options.token === null ? undefined : (options.token ?? this.config.token);
    const notOurs = await this.ownershipProblem(op, options.params, token);
    if (notOurs) throw new RequestRefused(notOurs);
    await this.rememberBeforeChange(op, options, token);
    const e = await this.client.send({
      method: op.method,
      url,
      ...(token === undefined ? {} : { token }),
      ...(options.body === undefined ? {} : { body: options.body }),
      ...(options.rawBody === undefined ? {} : { rawBody: options.rawBody }),
      ...(options.contentType === undefined ? {} : { contentType: options.contentType }),
      ...(options.headers === undefined ? {} : { headers: options.headers }),
    });
    this.note(op, options.params ?? {}, token, e, options.body);
    return e;
  }

  /**
   * In safe mode, before a change or delete, reads back the entity at the root of the path: it must
   * answer and still carry the run's prefix where it has a label or username (DESIGN section 5).
   */
  async ownershipProblem(
    op: Operation,
    params: Record<string, string | number> | undefined,
    token: string | undefined,
  ): Promise<string | undefined> {
    if (this.config.mode !== 'safe' || op.method === 'GET') return undefined;
    const view = rootView(op);
    if (!view) return undefined;
    // Read with the run's own token (the request's may be none, or a restricted user's), then with the
    // request's, for what another account of the run made.
    const read = (t: string) => this.client.send({ method: 'GET', url: this.url(view, params), token: t });
    let e = await read(this.config.token);
    if (e.response?.status !== 200 && token && token !== this.config.token) e = await read(token);
    const problem =
      e.response?.status === 200
        ? readBackProblem(view, params ?? {}, e.response.json, { prefix: this.config.labelPrefix })
        : `it could not be read back (${e.response?.status ?? e.transportError?.code ?? 'no answer'})`;
    return (
      problem && `mode safe does not send ${op.method} ${op.path} (the entity is not shown to be the run's: ${problem})`
    );
  }

  /** Whether safe mode counts an id as the run's own: a create of this run answered it, echoing what was sent. */
  owns(id: string | number): boolean {
    return this.ledger.owned.has(String(id));
  }

  /** Why a create answer naming this id was not taken as the run's (it did not echo what was sent), if it was not. */
  disowned(id: string | number): string | undefined {
    return this.ledger.disowned?.get(String(id));
  }

  /** Why an id a create answer gave can name nothing in a path (`""`, `".."`), if it cannot: the run never acts on it. */
  unusable(id: unknown): string | undefined {
    return typeof id === 'string' || typeof id === 'number' ? this.ledger.unusable?.get(String(id)) : undefined;
  }

  /** Journals an entity made (with the run's account: others are not the cleanup's to reach) or deleted. */
  private note(
    op: Operation,
    params: Record<string, string | number>,
    token: string | undefined,
    e: Exchange,
    sent?: unknown,
  ): void {
    const status = e.response?.status ?? 0;
    if (removers.has(op.id) && ((status >= 200 && status < 300) || status === 404)) {
      // Gone whichever form removed it (a deprecated cancel for a transfer made by the current create).
      for (const form of formsOf(op.id)) if (removers.has(form)) this.ledger.journal.gone(form, params);
      return;
    }
    const limit = entering.get(op.id);
    if (limit && status >= 200 && status < 300) this.keep(limit.removes, params, limit.requirements[0] ?? '');
    const removal = removalOf(op);
    const json = e.response?.json;
    if (!removal || status < 200 || status >= 300 || !isPlainRecord(json)) return;
    const id = json[removal.idField];
    if (typeof id !== 'string' && typeof id !== 'number') return;
    // An id no path can hold is nobody's to change or delete: `""` would name the whole collection.
    const unusable = pathValueProblem(
      removal.remove.pathParams.find((p) => p.name === removal.param) ?? { name: removal.param, type: 'string' },
      id,
    );
    if (unusable) {
      this.ledger.unusable ??= new Map();
      this.ledger.unusable.set(String(id), `the create answer's \`${removal.idField}\` is unusable: ${unusable}`);
      return;
    }
    // An action that answers its own entity (a rebuild, say) made nothing.
    if (Object.values(params).some((v) => String(v) === String(id))) return;
    // A create answer that names something else (a pre-existing entity's id) is the target's failure:
    // safe mode never takes that entity as the run's, so it never changes or deletes it.
    const echo = echoProblem(sent, json);
    if (echo && this.config.mode === 'safe') {
      this.ledger.disowned ??= new Map();
      this.ledger.disowned.set(String(id), echo);
      return;
    }
    this.ledger.owned.add(String(id));
    if (this.isForeign(token)) return;
    const label = json.label ?? json.username;
    this.ledger.journal.made(
      removal.remove.id,
      { ...params, [removal.param]: id },
      typeof label === 'string' ? label : undefined,
    );
  }

  /** Journals an entity as kept: in a state the documents say it cannot be removed from. */
  private keep(removes: string[], params: Record<string, string | number>, requirement: string): void {
    for (const id of removes) {
      const remove = operations.find((o) => o.id === id);
      if (!remove) continue;
      const own = paramsOf(remove, params);
      this.ledger.kept ??= new Map();
      this.ledger.kept.set(entityKey(id, own), requirement);
      this.ledger.journal.kept(id, own, requirement);
    }
  }

  /**
   * The requirement by which an entity cannot be removed in its state, if it is in such a state: a
   * success that put it there (a transfer accepted), or its record read back (the default payment method).
   */
  async keptInState(remove: Operation, params: Record<string, string | number>): Promise<string | undefined> {
    const known = this.ledger.kept?.get(entityKey(remove.id, params));
    if (known) return known;
    for (const limit of limitsOfRemoval(remove.id)) {
      if (!limit.member) continue;
      const view = operations.find((o) => o.method === 'GET' && o.root === remove.root && o.path === remove.path);
      if (!view) continue;
      const e = await this.client.send({ method: 'GET', url: this.url(view, params), token: this.config.token });
      const value = (e.response?.json as Record<string, unknown> | undefined)?.[limit.member.name];
      if (e.response?.status === 200 && limit.member.values.includes(value)) return limit.requirements[0];
    }
    return undefined;
  }

  private isForeign(token: string | undefined): boolean {
    return (
      token !== undefined &&
      (this.ledger.foreign.has(token) || (this.account !== undefined && token === this.config.token))
    );
  }

  /**
   * Before a test first changes an account-wide record (account, settings), reads it, so that
   * restoreAccount() can put back every field the test sent (DECISIONS 14).
   */
  private async rememberBeforeChange(op: Operation, options: SendOptions, token: string | undefined): Promise<void> {
    if (op.method !== 'PUT' || !op.effects.includes('account-wide') || !isPlainRecord(options.body)) return;
    const view = operations.find((o) => o.method === 'GET' && o.root === op.root && o.path === op.path);
    if (!view) return;
    const key = `${op.id} ${token ?? ''}`;
    let changed = this.changed.get(key);
    if (!changed) {
      const e = await this.client.send({ method: 'GET', url: this.url(view), ...(token ? { token } : {}) });
      if (e.response?.status !== 200 || !isPlainRecord(e.response.json)) return;
      changed = { op, token, before: e.response.json, fields: new Set() };
      this.changed.set(key, changed);
    }
    const accepted = new Set(op.body?.fields.map((f) => f.name));
    for (const field of Object.keys(options.body)) if (accepted.has(field)) changed.fields.add(field);
  }

  /** Puts back the account-wide fields tests changed since the last call. */
  async restoreAccount(): Promise<void> {
    const changed = [...this.changed.values()];
    this.changed.clear();
    for (const c of changed) {
      const body = Object.fromEntries([...c.fields].flatMap((f) => (f in c.before ? [[f, c.before[f]]] : [])));
      if (Object.keys(body).length === 0) continue;
      await this.client.send({ method: 'PUT', url: this.url(c.op), body, ...(c.token ? { token: c.token } : {}) });
    }
  }

  private controlUrl(path: string): string {
    return `${new URL(this.config.baseUrl).origin}${CONTROL_PREFIX}${path}`;
  }

  /** A request to the control interface; no answer ends the requirement in `error`, not in a skip. */
  private async controlSend(method: string, path: string, body?: unknown): Promise<Exchange> {
    const e = await this.client.send({ method, url: this.controlUrl(path), ...(body === undefined ? {} : { body }) });
    if (e.transportError) throw new NoAnswer(`${method} ${path}: ${e.transportError.message}`);
    return e;
  }

  /** Whether the target offers the reference server's control interface. */
  async hasControl(): Promise<boolean> {
    if (this.control === undefined) {
      const e = await this.controlSend('GET', '/info');
      this.control = e.response?.status === 200 && (e.response.json as { cloudconf?: boolean })?.cloudconf === true;
    }
    return this.control;
  }

  /**
   * How long the target's asynchronous actions take, in ms, as its control interface says;
   * undefined without it. 0 means actions settle before the response, so busy states never show.
   */
  async actionDelayMs(): Promise<number | undefined> {
    if (this.accountDelayMs !== undefined) return this.accountDelayMs;
    if (!(await this.hasControl())) return undefined;
    const e = await this.controlSend('GET', '/info');
    const delay = (e.response?.json as { actionDelayMs?: unknown } | undefined)?.actionDelayMs;
    return typeof delay === 'number' ? delay : undefined;
  }

  /**
   * Makes this session's own account hold its asynchronous actions from now on (a throwaway
   * account's; never the run's, which other suites share); false where that cannot be done.
   */
  async holdActions(): Promise<boolean> {
    if (this.account === undefined || !(await this.hasControl())) return false;
    const hold = async (delayMs: number) => {
      const started = performance.now();
      const e = await this.controlSend('POST', '/actions', { delayMs, account: this.account });
      return e.response?.status === 200 ? performance.now() - started : undefined;
    };
    const roundTrip = await hold(HELD_ACTION_MS);
    if (roundTrip === undefined) return false;
    // Held longer where a round trip is long: the requests that follow must fit in the hold.
    const needed = Math.ceil(roundTrip * HELD_ROUND_TRIPS);
    this.accountDelayMs = needed > HELD_ACTION_MS && (await hold(needed)) !== undefined ? needed : HELD_ACTION_MS;
    return true;
  }

  /** A credential with chosen scopes, restriction and grants, minted through the control interface; undefined without it. */
  async credential(request: CredentialRequest): Promise<Credential | undefined> {
    const key = request.key;
    if (key && this.minted.has(key)) return this.minted.get(key);
    if (!(await this.hasControl())) return undefined;
    const { key: _k, ...rest } = request;
    // A new user carries the run's prefix, like everything else the run makes: `cleanup --prefix` finds it.
    const named = rest.username ? rest : { ...rest, username: this.newUsername() };
    const body = this.account === undefined ? named : { ...named, account: this.account };
    const e = await this.controlSend('POST', '/tokens', body);
    const json = e.response?.json as { token?: string; username?: string } | undefined;
    if (e.response?.status !== 200 || !json?.token || !json.username) return undefined;
    this.client.addSecret(json.token);
    if (this.account !== undefined) this.ledger.foreign.add(json.token);
    // A user the control interface made in the run's account is the run's to delete.
    else if (!request.username) this.ledger.journal.made('users/delete', { username: json.username }, json.username);
    const credential = { token: json.token, username: json.username };
    if (key) this.minted.set(key, credential);
    return credential;
  }

  /** A username no other user of this run has: the run's prefix, the worker, and a count. */
  private newUsername(): string {
    usersMinted += 1;
    return `${this.config.labelPrefix}-u${threadId.toString(36)}x${usersMinted.toString(36)}`;
  }

  /**
   * The owner of a second, separate account, minted through the control interface (once per
   * key); undefined without it. Used for isolation and for account-wide irreversible operations.
   */
  async otherAccount(key = 'other'): Promise<Credential | undefined> {
    const cacheKey = `account:${key}`;
    if (this.minted.has(cacheKey)) return this.minted.get(cacheKey);
    const configured = this.config.credentials?.otherAccount;
    if (configured && key === 'other' && !(await this.hasControl())) return configured;
    const account = await this.newAccount();
    if (!account) return undefined;
    const credential = { token: account.token, username: account.username };
    this.minted.set(cacheKey, credential);
    return credential;
  }

  /**
   * A session of its own on a new throwaway account, for operations that would damage the run's
   * account (cancelling it, for one); undefined without the control interface.
   */
  async throwaway(options: AccountOptions = {}): Promise<Session | undefined> {
    const account = await this.newAccount(options);
    if (!account) return undefined;
    return new Session({ ...this.config, token: account.token }, this.client, account.account, this.ledger);
  }

  /**
   * A session on the same account whose account-wide changes are its own to put back: a test that
   * changes the settings while other tests of its file end, each putting back what its session changed.
   */
  sibling(): Session {
    const s = new Session(this.config, this.client, this.account, this.ledger);
    s.control = this.control;
    return s;
  }

  /**
   * A promo code the target accepts, issued through the control interface; undefined without it.
   * `validSeconds` bounds its validity (0: already expired); absent, it never expires.
   */
  async promoCode(validSeconds?: number): Promise<string | undefined> {
    if (!(await this.hasControl())) return undefined;
    const body = validSeconds === undefined ? {} : { validSeconds };
    const e = await this.controlSend('POST', '/promo-codes', body);
    const code = (e.response?.json as { code?: unknown } | undefined)?.code;
    return e.response?.status === 200 && typeof code === 'string' ? code : undefined;
  }

  /**
   * Sets this session's account balance due, in US dollars, through the control interface (the
   * run's account when the session is the run's); false without it.
   */
  async setBalance(usd: number): Promise<boolean> {
    return this.onAccount('/balance', { usd });
  }

  /**
   * Ages this session's account's events, logins and the transfers it created by `days`, through
   * the control interface, as if the clock had moved for that account alone; false without it.
   * Moving the server's clock instead would expire what concurrent runs on the target hold.
   */
  async ageHistory(days: number): Promise<boolean> {
    return this.onAccount('/history', { ageDays: days });
  }

  private async onAccount(path: string, body: Record<string, unknown>): Promise<boolean> {
    if (!(await this.hasControl())) return false;
    const e = await this.controlSend(
      'POST',
      path,
      this.account === undefined ? body : { ...body, account: this.account },
    );
    return e.response?.status === 200;
  }

  private async newAccount(options: AccountOptions = {}): Promise<(Credential & { account: number }) | undefined> {
    if (!(await this.hasControl())) return undefined;
    const e = await this.controlSend('POST', '/accounts', options);
    const json = e.response?.json as { token?: string; username?: string; account?: number } | undefined;
    if (e.response?.status !== 200 || !json?.token || !json.username || json.account === undefined) return undefined;
    this.client.addSecret(json.token);
    this.ledger.foreign.add(json.token);
    return { token: json.token, username: json.username, account: json.account };
  }
}

let usersMinted = 0;

const sessions = new Map<string, Session>();

/** The worker's session with the run's target (or with a mutant of a mutation run), made on first use. */
export function session(mutant?: Mutant): Session {
  const key = mutant?.fault ?? '';
  let s = sessions.get(key);
  if (!s) {
    const config = runConfigFromEnv();
    s = new Session(
      mutant ? { ...config, baseUrl: mutant.baseUrl, betaUrl: mutant.betaUrl, token: mutant.token } : config,
    );
    sessions.set(key, s);
  }
  return s;
}
