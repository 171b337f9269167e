// The HTTP client of the suite: undici Pools per origin with keep-alive, per-request timeouts, a response size cap, bounded retries (429 with Retry-After, 5xx and lost connections on idempotent requests), pacing, and a breaker for a target that stopped answering.

import { getCACertificates } from 'node:tls';
import { type Dispatcher, EnvHttpProxyAgent, Pool } from 'undici';
import { TOOL_VERSION } from '../version.js';
import { parseJsonBounded } from './bounded-json.js';
import type { Exchange, RecordedResponse } from './exchange.js';
import { REDACTED, Redactor } from './redact.js';
import { RequestTally } from './request-tally.js';
import { type WaitBudget, waitBudgetOfRun } from './wait-budget.js';

export interface ClientOptions {
  /** Per-request deadline for headers and body, in milliseconds. */
  timeoutMs: number;
  /** Bodies larger than this are cut and the exchange marked as a transport error. */
  maxResponseBytes: number;
  /** Connections per origin. */
  connections: number;
  /** Retries of an idempotent request that got a 5xx or lost its connection. */
  retries: number;
  /** Retries of a request answered 429 (any method: the target did not act on it). */
  rateLimitRetries: number;
  /** Longest wait honoured for one Retry-After, in milliseconds. */
  maxRetryAfterMs: number;
  /** Requests in a row without an answer after which the target counts as gone for `breakerCooldownMs`. */
  breakerThreshold: number;
  breakerCooldownMs: number;
  /** Awaited before every attempt: the run's rate limit. */
  pace?: () => Promise<void>;
  /** A slot of the run's requests in flight (`--concurrency`), held for one attempt: a retry's wait holds none. */
  limit?: { acquire(): Promise<void>; release(throttled: boolean): void };
  /** Whether the run was stopped (Ctrl-C, SIGTERM): nothing more goes out. */
  stopped?: () => boolean;
  /** A reason to refuse a request outright (read-only mode refuses anything but GET). */
  refuse?: (method: string, url: URL) => string | undefined;
  /** Origins reached through a Unix socket rather than TCP (servers the run started), by origin. */
  socketPaths?: Record<string, string>;
  /** Headers sent with every request (`--header`, for gateways); their values are secrets. */
  headers?: Record<string, string>;
  /** Certificates of authorities to trust besides the machine's (`--ca FILE`, PEM): a private CA. Verification is never off. */
  ca?: string;
  /** The time all Retry-After waits may take together (the run's, shared by its threads, unless given). */
  waitBudget?: WaitBudget;
}

/** Sent with every request, so a target's logs name the tool. */
export const USER_AGENT = `cloudconf/${TOOL_VERSION}`;

/** Whether the environment names a proxy: then requests go through undici's EnvHttpProxyAgent (NO_PROXY honoured). */
const proxyConfigured = () =>
  ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy'].some((name) => process.env[name]);

export interface SendRequest {
  method: string;
  url: string;
  token?: string;
  /** A JSON value to send; `rawBody` sends text or bytes as they are (non-JSON bodies, file uploads). */
  body?: unknown;
  rawBody?: string | Uint8Array;
  contentType?: string;
  headers?: Record<string, string>;
}

export const defaultClientOptions: ClientOptions = {
  timeoutMs: 30_000,
  maxResponseBytes: 16 * 1024 * 1024,
  connections: 16,
  retries: 2,
  rateLimitRetries: 3,
  maxRetryAfterMs: 30_000,
  breakerThreshold: 6,
  breakerCooldownMs: 15_000,
};

/** Thrown instead of sending a request the run's mode forbids; the harness reports the requirement skipped with the message. */
export class RequestRefused extends Error {}

/** Thrown where a request that got no answer leaves nothing to judge (the control interface); the harness reports `error`. */
export class NoAnswer extends Error {}

/** Methods a retry cannot make do twice what the client meant once (RFC 9110 section 9.2.2). */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/** Errors where the request may not have reached the target at all: worth another try. Timeouts are not: they already waited. */
const LOST_CONNECTION = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'ECONNABORTED',
]);

/** An answer whose body outlasted the deadline (chunk by chunk, each within the wait between chunks). */
const DRIPPING = 'CLOUDCONF_BODY_DEADLINE';

/** undici's waits for headers and between body chunks, and the whole-body deadline: all are the request timeout. */
const TIMEOUTS = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', DRIPPING]);

/** How often a client with a stop flag looks at it while requests are in flight. */
const STOP_WATCH_MS = 100;

/** The reason in-flight requests are aborted with when the run is stopped. */
class InterruptedError extends Error {}

/** What a request the stopped run did not send gets. */
const NOT_SENT: Attempt = {
  transportError: { code: 'INTERRUPTED', message: 'the run was interrupted: request not sent' },
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const flatHeaders = (headers: Record<string, string | string[] | undefined>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
};

/** Milliseconds a Retry-After value asks for (seconds or an HTTP date); undefined when absent or unreadable. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

type Attempt = { response?: RecordedResponse; transportError?: Exchange['transportError'] };

export class HttpClient {
  private readonly pools = new Map<string, Dispatcher>();
  /** Secrets seen so far; the harness redacts what leaves a test with it. */
  readonly redactor = new Redactor();
  private readonly options: ClientOptions;
  private unanswered = 0;
  private brokenUntil = 0;
  /** Number of requests sent (every attempt), for the run summary. */
  sent = 0;
  private readonly tally = new RequestTally();
  private readonly waitBudget: WaitBudget;
  private readonly stopWatch: ReturnType<typeof setInterval> | undefined;

  /** How many requests the run has sent so far, all its clients together where they share a count; this client's otherwise. */
  requestsSoFar(): number {
    return this.tally.runSoFar() ?? this.sent;
  }

  constructor(options: Partial<ClientOptions> = {}) {
    this.options = { ...defaultClientOptions, ...options };
    this.waitBudget = options.waitBudget ?? waitBudgetOfRun();
    for (const value of Object.values(this.options.headers ?? {})) this.addSecret(value);
    const stopped = this.options.stopped;
    if (stopped) {
      // A stopped run does not wait for answers in flight (a silent or dripping target holds them up to the timeout).
      this.stopWatch = setInterval(() => {
        if (stopped()) this.abortInFlight();
      }, STOP_WATCH_MS);
      this.stopWatch.unref();
    }
  }

  /** Waits before a retry, cut short when the run is stopped. */
  private async pause(ms: number): Promise<void> {
    const until = performance.now() + ms;
    for (let left = ms; left > 0 && !this.options.stopped?.(); left = until - performance.now())
      await sleep(Math.min(left, STOP_WATCH_MS));
  }

  private abortInFlight(): void {
    clearInterval(this.stopWatch);
    const pools = [...this.pools.values()];
    this.pools.clear();
    for (const p of pools) p.destroy(new InterruptedError()).catch(() => {});
  }

  /** Registers a value that must never appear in a report (tokens, passwords, secrets). */
  addSecret(secret: string): void {
    this.redactor.add(secret);
  }

  private pool(origin: string): Dispatcher {
    let pool = this.pools.get(origin);
    if (!pool) {
      const socketPath = this.options.socketPaths?.[origin];
      // Node's own authorities (NODE_EXTRA_CA_CERTS among them) and the run's: given `ca`, TLS trusts that list alone.
      const tlsOptions = this.options.ca ? { ca: [...getCACertificates('default'), this.options.ca] } : undefined;
      const options = {
        connections: this.options.connections,
        headersTimeout: this.options.timeoutMs,
        bodyTimeout: this.options.timeoutMs,
        keepAliveTimeout: 10_000,
        ...(tlsOptions ? { connect: tlsOptions } : {}),
      };
      pool =
        !socketPath && proxyConfigured()
          ? new EnvHttpProxyAgent({ ...options, ...(tlsOptions ? { requestTls: tlsOptions } : {}) })
          : new Pool(origin, { ...options, ...(socketPath ? { socketPath } : {}) });
      this.pools.set(origin, pool);
    }
    return pool;
  }

  /**
   * Sends one request, retrying within the bounds; the exchange is returned as it happened (tests
   * need the values they sent and got), and redacted by the harness when it leaves the test.
   */
  async send(req: SendRequest): Promise<Exchange> {
    const url = new URL(req.url);
    const refusal = this.options.refuse?.(req.method, url);
    if (refusal) throw new RequestRefused(refusal);
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': USER_AGENT,
      ...this.options.headers,
      ...req.headers,
    };
    if (req.token !== undefined) {
      this.addSecret(req.token);
      headers.authorization = `Bearer ${req.token}`;
    }
    if (req.body !== undefined) this.redactor.addFrom(req.body);
    const text = req.rawBody ?? (req.body === undefined ? undefined : JSON.stringify(req.body));
    if (text !== undefined) headers['content-type'] = req.contentType ?? 'application/json';
    const started = performance.now();
    const exchange: Exchange = {
      request: {
        method: req.method,
        url: url.toString(),
        headers: { ...headers, ...(headers.authorization ? { authorization: `Bearer ${REDACTED}` } : {}) },
        ...(text === undefined ? {} : { body: typeof text === 'string' ? text : `[${text.length} bytes]` }),
      },
      startedAt: new Date().toISOString(),
      durationMs: 0,
    };
    const retries: string[] = [];
    let attempt = await this.attempt(req.method, url, headers, text);
    for (;;) {
      const wait = this.retryWait(req.method, attempt, retries);
      if (wait === undefined) break;
      retries.push(attempt.response ? String(attempt.response.status) : (attempt.transportError?.code ?? 'ERROR'));
      await this.pause(wait);
      attempt = await this.attempt(req.method, url, headers, text);
    }
    if (attempt.response) exchange.response = attempt.response;
    if (attempt.transportError) exchange.transportError = attempt.transportError;
    else if (attempt.response?.status === 429) {
      const bound = this.waitBudget.reached()
        ? `; the run's bound on waiting for Retry-After (${this.waitBudget.budgetMs / 1000} s in all) is reached`
        : '';
      exchange.transportError = {
        code: 'RATE_LIMITED',
        message: `still answered 429 after ${retries.length} retries${bound}`,
      };
    }
    if (retries.length) exchange.retries = retries;
    this.noteAnswer(exchange);
    exchange.durationMs = performance.now() - started;
    return exchange;
  }

  /** How long to wait before trying again, or undefined to stop here. */
  private retryWait(method: string, a: Attempt, done: string[]): number | undefined {
    if (a.transportError?.code === 'TARGET_UNREACHABLE' || a.transportError?.code === 'INTERRUPTED') return undefined;
    const status = a.response?.status;
    if (status === 429) {
      if (done.filter((r) => r === '429').length >= this.options.rateLimitRetries) return undefined;
      const asked = retryAfterMs(a.response?.headers['retry-after']);
      const wait = Math.min(asked ?? 1000 * 2 ** done.length, this.options.maxRetryAfterMs);
      // All the run's waits together are bounded: past the bound, a 429 is not retried.
      return this.waitBudget.take(wait) ? wait : undefined;
    }
    if (!IDEMPOTENT.has(method) || done.filter((r) => r !== '429').length >= this.options.retries) return undefined;
    const lost = a.transportError && LOST_CONNECTION.has(a.transportError.code);
    if (lost || (status !== undefined && status >= 500)) return 200 * 2 ** done.length;
    return undefined;
  }

  /** Consecutive requests without an answer open the breaker; any answer closes it. */
  private noteAnswer(e: Exchange): void {
    const code = e.transportError?.code;
    if (code === 'INTERRUPTED' || code === 'TARGET_UNREACHABLE') return;
    if (!code) {
      this.unanswered = 0;
      return;
    }
    this.unanswered += 1;
    if (this.unanswered >= this.options.breakerThreshold) {
      this.brokenUntil = Date.now() + this.options.breakerCooldownMs;
      // One request is let through after the cooldown; if it gets no answer either, the breaker opens again.
      this.unanswered = this.options.breakerThreshold - 1;
    }
  }

  private async attempt(
    method: string,
    url: URL,
    headers: Record<string, string>,
    text: string | Uint8Array | undefined,
  ): Promise<Attempt> {
    if (this.options.stopped?.()) return NOT_SENT;
    if (Date.now() < this.brokenUntil) {
      return {
        transportError: {
          code: 'TARGET_UNREACHABLE',
          message: `not sent: the last ${this.options.breakerThreshold} requests got no answer`,
        },
      };
    }
    await this.options.limit?.acquire();
    let throttled = false;
    try {
      // A slot can come after the stop (the aborted requests gave theirs back): such a request is not sent.
      if (this.options.stopped?.()) return NOT_SENT;
      await this.options.pace?.();
      const a = await this.sendOnce(method, url, headers, text);
      throttled = a.response?.status === 429;
      return a;
    } finally {
      this.options.limit?.release(throttled);
    }
  }

  private async sendOnce(
    method: string,
    url: URL,
    headers: Record<string, string>,
    text: string | Uint8Array | undefined,
  ): Promise<Attempt> {
    this.sent += 1;
    this.tally.note(this.sent);
    try {
      // undici's own coarse timers bound the waits for headers and between chunks; the body is cut at
      // the first chunk past the deadline. A signal per request would cost a third of the client's CPU.
      const deadline = performance.now() + this.options.timeoutMs;
      const res = await this.pool(url.origin).request({
        origin: url.origin,
        method: method as 'GET',
        path: `${url.pathname}${url.search}`,
        headers,
        ...(text === undefined ? {} : { body: text }),
      });
      const response = await this.readBody(res.statusCode, flatHeaders(res.headers), res.body, deadline);
      if (!response.truncated) return { response };
      const message = `response larger than ${this.options.maxResponseBytes} bytes`;
      return { response, transportError: { code: 'RESPONSE_TOO_LARGE', message } };
    } catch (error) {
      if (error instanceof InterruptedError || this.options.stopped?.())
        return { transportError: { code: 'INTERRUPTED', message: 'the run was interrupted: no answer awaited' } };
      const e = error as { code?: string; name?: string; message?: string };
      const code = TIMEOUTS.has(e.code ?? '') ? 'TIMEOUT' : (e.code ?? e.name ?? 'ERROR');
      const message =
        code === 'TIMEOUT' ? `no complete answer within ${this.options.timeoutMs} ms` : (e.message ?? String(error));
      return { transportError: { code, message } };
    }
  }

  private async readBody(
    status: number,
    headers: Record<string, string>,
    body: AsyncIterable<Buffer> & { destroy(): void },
    deadline: number,
  ): Promise<RecordedResponse> {
    const chunks: Buffer[] = [];
    let size = 0;
    let truncated = false;
    for await (const chunk of body) {
      if (performance.now() > deadline) {
        body.destroy();
        throw Object.assign(new Error('the body was still arriving at the deadline'), { code: DRIPPING });
      }
      size += chunk.length;
      if (size > this.options.maxResponseBytes) {
        truncated = true;
        body.destroy();
        break;
      }
      chunks.push(chunk);
    }
    const text = Buffer.concat(chunks).toString('utf8');
    const json = text.length > 0 && !truncated ? parseJsonBounded(text) : undefined;
    if (json !== undefined) this.redactor.addFrom(json);
    return { status, headers, text, ...(json === undefined ? {} : { json }), truncated };
  }

  async close(): Promise<void> {
    clearInterval(this.stopWatch);
    this.tally.close();
    await Promise.all([...this.pools.values()].map((p) => p.close()));
    this.pools.clear();
  }
}
