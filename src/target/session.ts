// One worker's view of the target: the HTTP client, the URL of each operation, minted credentials, and the resources the run created.

import type { Operation, Scope } from '../../spec/types.js';
import { HttpClient } from '../http/client.js';
import type { Exchange } from '../http/exchange.js';
import { type RunConfig, runConfigFromEnv } from './config.js';

export interface SendOptions {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  rawBody?: string;
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
  /** Reuse a credential minted earlier with the same key. */
  key?: string;
}

export class Session {
  readonly client = new HttpClient();
  private control: boolean | undefined;
  private readonly minted = new Map<string, Credential>();
  private sequence = 0;

  constructor(readonly config: RunConfig) {
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

  /** A credential with chosen scopes, restriction and grants, minted through the control interface; undefined without it. */
  async credential(request: CredentialRequest): Promise<Credential | undefined> {
    const key = request.key;
    if (key && this.minted.has(key)) return this.minted.get(key);
    if (!(await this.hasControl())) return undefined;
    const { key: _k, ...body } = request;
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
    if (!(await this.hasControl())) return undefined;
    const e = await this.client.send({ method: 'POST', url: this.controlUrl('/accounts'), body: {} });
    const json = e.response?.json as { token?: string; username?: string } | undefined;
    if (e.response?.status !== 200 || !json?.token || !json.username) return undefined;
    this.client.addSecret(json.token);
    const credential = { token: json.token, username: json.username };
    this.minted.set(cacheKey, credential);
    return credential;
  }
}

let current: Session | undefined;

/** The worker's session, created on first use from the run configuration. */
export function session(): Session {
  current ??= new Session(runConfigFromEnv());
  return current;
}
