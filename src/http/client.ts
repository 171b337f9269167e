// The HTTP client of the suite: undici Pools per origin with keep-alive, per-request timeouts, a response size cap, and exchanges recorded with secrets redacted.

import { Pool } from 'undici';
import { type Exchange, type RecordedResponse, redact } from './exchange.js';

export interface ClientOptions {
  /** Per-request deadline for headers and body, in milliseconds. */
  timeoutMs: number;
  /** Bodies larger than this are cut and the exchange marked as a transport error. */
  maxResponseBytes: number;
  /** Connections per origin. */
  connections: number;
}

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
};

const flatHeaders = (headers: Record<string, string | string[] | undefined>): Record<string, string> => {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
  return out;
};

export class HttpClient {
  private readonly pools = new Map<string, Pool>();
  private readonly secrets = new Set<string>();
  /** Number of requests sent, for the run summary. */
  sent = 0;

  constructor(private readonly options: ClientOptions = defaultClientOptions) {}

  /** Registers a value that must never appear in a recorded exchange (tokens, passwords, secrets). */
  addSecret(secret: string): void {
    this.secrets.add(secret);
  }

  private pool(origin: string): Pool {
    let pool = this.pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, {
        connections: this.options.connections,
        headersTimeout: this.options.timeoutMs,
        bodyTimeout: this.options.timeoutMs,
        keepAliveTimeout: 10_000,
      });
      this.pools.set(origin, pool);
    }
    return pool;
  }

  async send(req: SendRequest): Promise<Exchange> {
    const url = new URL(req.url);
    const headers: Record<string, string> = { accept: 'application/json', ...req.headers };
    if (req.token !== undefined) {
      this.addSecret(req.token);
      headers.authorization = `Bearer ${req.token}`;
    }
    const text = req.rawBody ?? (req.body === undefined ? undefined : JSON.stringify(req.body));
    if (text !== undefined) headers['content-type'] = req.contentType ?? 'application/json';
    const recordedHeaders = { ...headers, ...(headers.authorization ? { authorization: 'Bearer [redacted]' } : {}) };
    const started = performance.now();
    const exchange: Exchange = {
      request: {
        method: req.method,
        url: redact(url.toString(), this.secrets),
        headers: recordedHeaders,
        ...(text === undefined
          ? {}
          : { body: typeof text === 'string' ? redact(text, this.secrets) : `[${text.length} bytes]` }),
      },
      startedAt: new Date().toISOString(),
      durationMs: 0,
    };
    this.sent += 1;
    try {
      const res = await this.pool(url.origin).request({
        method: req.method as 'GET',
        path: `${url.pathname}${url.search}`,
        headers,
        ...(text === undefined ? {} : { body: text }),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
      exchange.response = await this.readBody(res.statusCode, flatHeaders(res.headers), res.body);
      if (exchange.response.truncated) {
        exchange.transportError = {
          code: 'RESPONSE_TOO_LARGE',
          message: `response larger than ${this.options.maxResponseBytes} bytes`,
        };
      }
    } catch (error) {
      const e = error as { code?: string; name?: string; message?: string };
      exchange.transportError = { code: e.code ?? e.name ?? 'ERROR', message: e.message ?? String(error) };
    }
    exchange.durationMs = performance.now() - started;
    return exchange;
  }

  private async readBody(
    status: number,
    headers: Record<string, string>,
    body: AsyncIterable<Buffer> & { destroy(): void },
  ): Promise<RecordedResponse> {
    const chunks: Buffer[] = [];
    let size = 0;
    let truncated = false;
    for await (const chunk of body) {
      size += chunk.length;
      if (size > this.options.maxResponseBytes) {
        truncated = true;
        body.destroy();
        break;
      }
      chunks.push(chunk);
    }
    const text = redact(Buffer.concat(chunks).toString('utf8'), this.secrets);
    let json: unknown;
    if (text.length > 0 && !truncated) {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
    return { status, headers, text, ...(json === undefined ? {} : { json }), truncated };
  }

  async close(): Promise<void> {
    await Promise.all([...this.pools.values()].map((p) => p.close()));
    this.pools.clear();
  }
}
