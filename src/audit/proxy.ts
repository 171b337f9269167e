// A recording, judging reverse proxy on loopback: forwards each request unchanged to the upstream (undici), judges each exchange with the audit engine, and keeps a redacted recording.

import { isUtf8 } from 'node:buffer';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { Pool } from 'undici';
import type { Exchange } from '../http/exchange.js';
import { Auditor } from './auditor.js';
import type { Finding } from './finding.js';
import type { BinaryBodies, HarInput } from './har.js';
import { isRoot } from './match.js';
import { lowerCaseHeaders, parsedJson } from './recorded.js';
import { RecordingRedactor } from './redact.js';

export interface ProxyOptions {
  /** The server judged: its `{base_url}` (`https://api.example.test/v4`) or its origin. */
  upstream: string;
  /** 0 picks a free port. */
  port?: number;
  /** Scopes of the token clients send, when known. */
  scopes?: string[];
  /** Receives each exchange's findings as soon as it is judged. */
  onFindings?: (findings: Finding[], exchange: Exchange, index: number) => void;
  /** Receives what went wrong recording an exchange (the exchange itself was forwarded). */
  onError?: (message: string) => void;
}

export interface RunningProxy {
  /** What clients use instead of the upstream: the proxy's origin with the upstream's root (`http://127.0.0.1:8081/v4`). */
  url: string;
  auditor: Auditor;
  /** The recording so far, in the order the answers came, redacted with every secret seen until now. */
  recording(): HarInput[];
  /** Stops listening, lets the requests in flight finish, and closes the upstream connections. */
  close(): Promise<void>;
}

/** Headers that belong to one connection, never forwarded (RFC 9110 section 7.6.1); undici sets its own. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'host',
  'content-length',
  'expect',
]);

const forwardable = (headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>) => {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(headers)) if (v !== undefined && !HOP_BY_HOP.has(k.toLowerCase())) out[k] = v;
  return out;
};

const flat = (headers: Record<string, string | string[]>): Record<string, string> =>
  lowerCaseHeaders(
    Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v])),
  );

/** Splits the upstream URL: the path before `/v4` is the server's own prefix, the root is what clients keep. */
function splitUpstream(upstream: string): { origin: string; prefix: string; root: string } {
  const url = new URL(upstream);
  const parts = url.pathname.split('/').filter(Boolean);
  const at = parts.findIndex(isRoot);
  const prefix = at < 0 ? parts : parts.slice(0, at);
  const root = at < 0 ? [] : parts.slice(at);
  const path = (p: string[]) => (p.length ? `/${p.join('/')}` : '');
  return { origin: url.origin, prefix: path(prefix), root: path(root) };
}

/** The body as a client reads it: content encodings undone for the record (the bytes are forwarded as they came). */
function decoded(bytes: Buffer, encoding: string | undefined): Buffer {
  try {
    if (encoding === 'gzip' || encoding === 'x-gzip') return gunzipSync(bytes);
    if (encoding === 'deflate') return inflateSync(bytes);
    if (encoding === 'br') return brotliDecompressSync(bytes);
  } catch {
    // Recorded as it came.
  }
  return bytes;
}

/** Text for the record: UTF-8 as it is; other bytes as a count, kept in base64 for the HAR. */
const asText = (bytes: Buffer): { text?: string; base64?: string } =>
  bytes.length === 0
    ? {}
    : isUtf8(bytes)
      ? { text: bytes.toString('utf8') }
      : { text: `[${bytes.length} bytes]`, base64: bytes.toString('base64') };

async function readAll(stream: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const { origin, prefix, root } = splitUpstream(options.upstream);
  const pool = new Pool(origin, { connections: 64, keepAliveTimeout: 10_000 });
  const auditor = new Auditor(options.scopes ? { scopes: options.scopes } : {});
  const redactor = new RecordingRedactor();
  const entries: HarInput[] = [];
  const inFlight = new Set<Promise<void>>();

  /** Each entry with the number of tokens seen when it was recorded: later ones are hidden from it at the end. */
  const since = new Map<Exchange, number>();
  /** The recorded (redacted) form of each exchange judged: findings show it, never the exchange as sent. */
  const shown = new WeakMap<Exchange, Exchange>();
  const record = (exchange: Exchange, binary: BinaryBodies) => {
    // Recording and judging must never cost the client its answer: a failure here is reported, not thrown.
    try {
      const clean = redactor.redact(exchange);
      since.set(clean, redactor.seen);
      shown.set(exchange, clean);
      const index = entries.length;
      entries.push({ exchange: clean, ...(binary.request || binary.response ? { binary } : {}) });
      // Judged as sent: a password learnt from one body must not rewrite another body's values first.
      const findings = auditor.add({ index, exchange, requestHeadersKnown: true, responseHeadersKnown: true });
      options.onFindings?.(findings, clean, index);
    } catch (error) {
      options.onError?.(`${exchange.request.method} ${exchange.request.url} not recorded: ${(error as Error).message}`);
    }
  };
  const final = (e: Exchange) => {
    const clean = shown.get(e) ?? e;
    return redactor.late(clean, since.get(clean) ?? 0);
  };

  async function forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const startedAt = new Date().toISOString();
    const started = performance.now();
    const method = req.method ?? 'GET';
    const path = `${prefix}${req.url ?? '/'}`;
    const body = await readAll(req);
    const sent = asText(body);
    const exchange: Exchange = {
      request: {
        method,
        url: `${origin}${path}`,
        headers: flat(forwardable(req.headers)),
        ...(sent.text === undefined ? {} : { body: sent.text }),
      },
      startedAt,
      durationMs: 0,
    };
    try {
      const answer = await pool.request({
        method: method as 'GET',
        path,
        headers: forwardable(req.headers),
        ...(body.length > 0 || req.headers['content-length'] !== undefined ? { body } : {}),
      });
      const bytes = await readAll(answer.body);
      const headers = forwardable(answer.headers);
      res.writeHead(answer.statusCode, { ...headers, 'content-length': bytes.length });
      res.end(bytes);
      const flatHeaders = flat(headers);
      const got = asText(decoded(bytes, flatHeaders['content-encoding']));
      const text = got.text ?? '';
      const json = parsedJson(text);
      exchange.response = {
        status: answer.statusCode,
        headers: flatHeaders,
        text,
        ...(json === undefined ? {} : { json }),
        truncated: false,
      };
      exchange.durationMs = performance.now() - started;
      record(exchange, {
        ...(sent.base64 ? { request: sent.base64 } : {}),
        ...(got.base64 ? { response: got.base64 } : {}),
      });
    } catch (error) {
      const e = error as { code?: string; message?: string };
      exchange.transportError = { code: e.code ?? 'UPSTREAM_ERROR', message: e.message ?? String(error) };
      exchange.durationMs = performance.now() - started;
      record(exchange, sent.base64 ? { request: sent.base64 } : {});
      if (!res.headersSent) {
        const reason = `cloudconf proxy: the upstream ${origin} did not answer (${exchange.transportError.code})`;
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ errors: [{ reason }] }));
      } else res.destroy();
    }
  }

  const server = createServer((req, res) => {
    const done = forward(req, res)
      .catch((error: Error) => {
        options.onError?.(`${req.method} ${req.url}: ${error.message}`);
        if (!res.headersSent) res.writeHead(502).end();
        else res.destroy();
      })
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${root}`,
    auditor,
    recording: () => entries.map((x) => ({ ...x, exchange: final(x.exchange) })),
    close: async () => {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      await Promise.allSettled([...inFlight]);
      server.closeAllConnections();
      await closed;
      await pool.close();
      // Tokens seen only after an exchange was judged are redacted from the reports too.
      for (const f of auditor.findings) f.failure.exchanges = f.failure.exchanges.map(final);
    },
  };
}
