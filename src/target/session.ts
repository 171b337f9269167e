// One worker's view of the target: the HTTP client, the URL of each operation, minted credentials, and the resources the run created.

import type { Operation, Scope } from '../../spec/types.js';
import { HttpClient } from '../http/client.js';
import type { Exchange } from '../http/exchange.js';
import { type Mutant, type RunConfig, runConfigFromEnv } from './config.js';

export interface SendOptions {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  rawBody?: string | Uint8Array;
  contentType?: string;
  /** `null` sends no token; absent sends the run's token. */
  token?: string | null;
}

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

export class Session {
  private control: boolean | undefined;
  private readonly minted = new Map<string, Credential>();
  private sequence = 0;

  /** `account` names the account credentials are minted in, when it is not the run's own. */
  constructor(
    readonly config: RunConfig,
    readonly client = new HttpClient(),
    private readonly account?: number,
  ) {
    this.client.addSecret(config.token);
  }

  /**
   * A fresh seed for each generated body: bodies differ (unique labels stay unique) yet a run
   * replays exactly, since tests of a file run in order in their own worker.
   */
  nextSeed(): number {
    this.sequence += 1;
    return this.config.seed + this.sequence;
  }

  url(
    op: Operation,
    params: Record<string, string | number> = {},
    query: Record<string, string | number> = {},
  ): string {
    const path = op.path.replace(/\{([A-Za-z]+)\}/g, (_m, name: string) =>
      encodeURIComponent(String(params[name] ?? '')),
    );
    const root = op.root === 'beta' ? this.config.betaUrl : this.config.baseUrl;
    const pairs = Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]);
    const qs = new URLSearchParams(pairs).toString();
    return `${root}${path}${qs ? `?${qs}` : ''}`;
  }

  send(op: Operation, options: SendOptions = {}): Promise<Exchange> {
    const token = options.token === null ? undefined : (options.token ?? this.config.token);
    return this.client.send({
      method: op.method,
      url: this.url(op, options.params, options.query),
      ...(token === undefined ? {} : { token }),
      ...(options.body === undefined ? {} : { body: options.body }),
      ...(options.rawBody === undefined ? {} : { rawBody: options.rawBody }),
      ...(options.contentType === undefined ? {} : { contentType: options.contentType }),
    });
  }

  private controlUrl(path: string): string {
    return `${new URL(this.config.baseUrl).origin}/__cloudconf${path}`;
  }

  /** Whether the target offers the reference server's control interface. */
  async hasControl(): Promise<boolean> {
    if (this.control === undefined) {
      const e = await this.client.send({ method: 'GET', url: this.controlUrl('/info') });
      this.control = e.response?.status === 200 && (e.response.json as { cloudconf?: boolean })?.cloudconf === true;
    }
    return this.control;
  }

  /**
   * How long the target's asynchronous actions take, in ms, as its control interface says;
   * undefined without it. 0 means actions settle before the response, so busy states never show.
   */
  async actionDelayMs(): Promise<number | undefined> {
    if (!(await this.hasControl())) return undefined;
    const e = await this.client.send({ method: 'GET', url: this.controlUrl('/info') });
    const delay = (e.response?.json as { actionDelayMs?: unknown } | undefined)?.actionDelayMs;
    return typeof delay === 'number' ? delay : undefined;
  }

  /** A credential with chosen scopes, restriction and grants, minted through the control interface; undefined without it. */
  async credential(request: CredentialRequest): Promise<Credential | undefined> {
    const key = request.key;
    if (key && this.minted.has(key)) return this.minted.get(key);
    if (!(await this.hasControl())) return undefined;
    const { key: _k, ...rest } = request;
    const body = this.account === undefined ? rest : { ...rest, account: this.account };
    const e = await this.client.send({ method: 'POST', url: this.controlUrl('/tokens'), body });
    const json = e.response?.json as { token?: string; username?: string } | undefined;
    if (e.response?.status !== 200 || !json?.token || !json.username) return undefined;
    this.client.addSecret(json.token);
    const credential = { token: json.token, username: json.username };
    if (key) this.minted.set(key, credential);
    return credential;
  }

  /**
   * The owner of a second, separate account, minted through the control interface (once per
   * key); undefined without it. Used for isolation and for account-wide irreversible operations.
   */
  async otherAccount(key = 'other'): Promise<Credential | undefined> {
    const cacheKey = `account:${key}`;
    if (this.minted.has(cacheKey)) return this.minted.get(cacheKey);
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
  async throwaway(options: { ageDays?: number } = {}): Promise<Session | undefined> {
    const account = await this.newAccount(options);
    if (!account) return undefined;
    return new Session({ ...this.config, token: account.token }, this.client, account.account);
  }

  /**
   * A promo code the target accepts, issued through the control interface; undefined without it.
   * `validSeconds` bounds its validity (0: already expired); absent, it never expires.
   */
  async promoCode(validSeconds?: number): Promise<string | undefined> {
    if (!(await this.hasControl())) return undefined;
    const body = validSeconds === undefined ? {} : { validSeconds };
    const e = await this.client.send({ method: 'POST', url: this.controlUrl('/promo-codes'), body });
    const code = (e.response?.json as { code?: unknown } | undefined)?.code;
    return e.response?.status === 200 && typeof code === 'string' ? code : undefined;
  }

  /**
   * Moves the target's clock forward for the whole server, through the control interface; false
   * without it. Other tests see the jump too: only for a clause that cannot be shown otherwise.
   */
  async advanceClock(seconds: number): Promise<boolean> {
    if (!(await this.hasControl())) return false;
    const body = { advanceSeconds: seconds };
    const e = await this.client.send({ method: 'POST', url: this.controlUrl('/clock'), body });
    return e.response?.status === 200;
  }

  private async newAccount(
    options: { ageDays?: number } = {},
  ): Promise<(Credential & { account: number }) | undefined> {
    if (!(await this.hasControl())) return undefined;
    const e = await this.client.send({ method: 'POST', url: this.controlUrl('/accounts'), body: options });
    const json = e.response?.json as { token?: string; username?: string; account?: number } | undefined;
    if (e.response?.status !== 200 || !json?.token || !json.username || json.account === undefined) return undefined;
    this.client.addSecret(json.token);
    return { token: json.token, username: json.username, account: json.account };
  }
}

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
