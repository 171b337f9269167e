// The HTTP client of the suite: each request is one or more attempts through undici dispatchers per origin, composed with interceptors (a stopped run, the breaker, the run's concurrency slot and pace, the request count, the size cap, the body deadline); the retry policy decides between attempts, and the exchange records what happened.

import type { Dispatcher } from 'undici';
import { TOOL_VERSION } from '../version.js';
import { type Attempt, InterruptedError, sendAttempt } from './attempt.js';
import { bodyDeadline } from './body-deadline.js';
import { Breaker } from './breaker.js';
import { concurrencySlot, type Slots } from './concurrency-slot.js';
import { counting } from './counting.js';
import type { Exchange } from './exchange.js';
import { pacing } from './pacing.js';
import { Pools } from './pools.js';
import { REDACTED, Redactor } from './redact.js';
import { RequestTally } from './request-tally.js';
import { type RetryLimits, retryReason, retryWait, stillRateLimited } from './retry-policy.js';
import { sizeCap } from './size-cap.js';
import { stopGate } from './stop-gate.js';
import { type WaitBudget, waitBudgetOfRun } from './wait-budget.js';

export { retryAfterMs } from './retry-policy.js';

export interface ClientOptions extends RetryLimits {
  /** Per-request deadline for headers and body, in milliseconds. */
  timeoutMs: number;
  /** Bodies larger than this are cut and the exchange marked as a transport error. */
  maxResponseBytes: number;
  /** Connections per origin. */
  connections: number;
  /** Requests in a row without an answer after which the target counts as gone for `breakerCooldownMs`. */
  breakerThreshold: number;
  breakerCooldownMs: number;
  /** Awaited before every attempt: the run's rate limit. */
  pace?: () => Promise<void>;
  /** A slot of the run's requests in flight (`--concurrency`), held for one attempt: a retry's wait holds none. */
  limit?: Slots;
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

/** How often a client with a stop flag looks at it while requests are in flight. */
const STOP_WATCH_MS = 100;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class HttpClient {
  /** Secrets seen so far; the harness redacts what leaves a test with it. */
  readonly redactor = new Redactor();
  private readonly options: ClientOptions;
  private readonly breaker: Breaker;
  private readonly pools: Pools;
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
    this.breaker = new Breaker(this.options.breakerThreshold, this.options.breakerCooldownMs);
    this.pools = new Pools(this.options, this.interceptors());
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

  /** What every attempt passes through, in the order a request meets it (the answer comes back the other way). */
  private interceptors(): Dispatcher.DispatcherComposeInterceptor[] {
    const { stopped, limit, pace, timeoutMs, maxResponseBytes } = this.options;
    const stop = stopped ? [stopGate(stopped)] : [];
    return [
      ...stop,
      this.breaker.gate,
      // A slot can come after the stop (the aborted requests gave theirs back): such a request is not sent.
      ...(limit ? [concurrencySlot(limit), ...stop] : []),
      ...(pace ? [pacing(pace)] : []),
      counting(() => {
        this.sent += 1;
        this.tally.note(this.sent);
      }),
      sizeCap(maxResponseBytes),
      // Inside the size cap: a chunk past the deadline ends the answer before its size is counted.
      bodyDeadline(timeoutMs),
    ];
  }

  /** Waits before a retry, cut short when the run is stopped. */
  private async pause(ms: number): Promise<void> {
    const until = performance.now() + ms;
    for (let left = ms; left > 0 && !this.options.stopped?.(); left = until - performance.now())
      await sleep(Math.min(left, STOP_WATCH_MS));
  }

  private abortInFlight(): void {
    clearInterval(this.stopWatch);
    this.pools.destroyAll(new InterruptedError());
  }

  /** Registers a value that must never appear in a report (tokens, passwords, secrets). */
  addSecret(secret: string): void {
    this.redactor.add(secret);
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
    const opts: Dispatcher.DispatchOptions = {
      origin: url.origin,
      method: req.method as Dispatcher.HttpMethod,
      path: `${url.pathname}${url.search}`,
      headers,
      ...(text === undefined ? {} : { body: text }),
    };
    const retries: string[] = [];
    let attempt = await this.attempt(opts);
    for (;;) {
      const wait = retryWait(this.options, this.waitBudget, req.method, attempt, retries);
      if (wait === undefined) break;
      retries.push(retryReason(attempt));
      await this.pause(wait);
      attempt = await this.attempt(opts);
    }
    if (attempt.response) exchange.response = attempt.response;
    if (attempt.transportError) exchange.transportError = attempt.transportError;
    else if (attempt.response?.status === 429)
      exchange.transportError = stillRateLimited(this.waitBudget, retries.length);
    if (retries.length) exchange.retries = retries;
    this.breaker.note(exchange);
    exchange.durationMs = performance.now() - started;
    return exchange;
  }

  private attempt(opts: Dispatcher.DispatchOptions): Promise<Attempt> {
    const { redactor } = this;
    const { timeoutMs, stopped } = this.options;
    return sendAttempt(this.pools.get(opts.origin as string), opts, {
      redactor,
      timeoutMs,
      ...(stopped ? { stopped } : {}),
    });
  }

  async close(): Promise<void> {
    clearInterval(this.stopWatch);
    this.tally.close();
    await this.pools.close();
  }
}
