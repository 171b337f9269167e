// A recording, judging reverse proxy on loopback: forwards each request unchanged to the upstream (undici), judges each exchange with the audit engine, and keeps a redacted recording.

import { isUtf8 } from 'node:buffer';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Pool } from 'undici';
import { defaultClientOptions } from '../http/client.js';
import type { Exchange } from '../http/exchange.js';
import { Auditor } from './auditor.js';
import { BodyCapture, decoded } from './capture.js';
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
  /** Bodies up to this size are recorded and judged whole; larger ones stream through and are recorded cut. */
  maxRecordedBytes?: number;
}

/** The bound of a body the proxy records and judges whole: a run's answer size cap. */
export const MAX_RECORDED_BYTES = defaultClientOptions.maxResponseBytes;

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

/** Text for the record: UTF-8 as it is; other bytes as a count, kept in base64 for the HAR. */
const asText = (bytes: Buffer): { text?: string; base64?: string } =>
  bytes.length === 0
    ? {}
    : isUtf8(bytes)
      ? { text: bytes.toString('utf8') }
      : { text: `[${bytes.length} bytes]`, base64: bytes.toString('base64') };

/** A stream that passes every chunk on unchanged, keeping it in `capture` on its way. */
const tap = (capture: BodyCapture) =>
  new Transform({
    transform(chunk: Buffer, _encoding, done) {
      capture.add(chunk);
      done(null, chunk);
    },
  });

/** Why an exchange is recorded cut and not judged. */
function cutReason(sent: BodyCapture, got: BodyCapture, bomb: boolean): string {
  const which = [
    ...(sent.cut ? [`a request body of ${sent.total} bytes`] : []),
    ...(got.cut ? [`an answer of ${got.total} bytes`] : []),
    ...(bomb ? ['an answer that inflates past the bound'] : []),
  ];
  return `${which.join(' and ')}: forwarded whole, recorded cut, not judged`;
}

/** The Content-Length of a message whose body is passed on unchanged: the receiver then knows where it ends. */
const lengthOf = (headers: IncomingHttpHeaders | Record<string, string | string[] | undefined>) => {
  const length = headers['content-length'];
  return typeof length === 'string' && !headers['transfer-encoding'] ? { 'content-length': length } : {};
};

export async function startProxy(options: ProxyOptions): Promise<RunningProxy> {
  const { origin, prefix, root } = splitUpstream(options.upstream);
  const maxBytes = options.maxRecordedBytes ?? MAX_RECORDED_BYTES;
  const pool = new Pool(origin, { connections: 64, keepAliveTimeout: 10_000 });
  const auditor = new Auditor(options.scopes ? { scopes: options.scopes } : {});
  const redactor = new RecordingRedactor();
  const entries: HarInput[] = [];
  const inFlight = new Set<Promise<void>>();

  /** Each entry with the number of tokens seen when it was recorded: later ones are hidden from it at the end. */
  const since = new Map<Exchange, number>();
  /** The recorded (redacted) form of each exchange judged: findings show it, never the exchange as sent. */
  const shown = new WeakMap<Exchange, Exchange>();
  const record = (exchange: Exchange, binary: BinaryBodies, cut?: string) => {
    // Recording and judging must never cost the client its answer: a failure here is reported, not thrown.
    try {
      const clean = redactor.redact(exchange);
      since.set(clean, redactor.seen);
      shown.set(exchange, clean);
      const index = entries.length;
      entries.push({
        exchange: clean,
        ...(binary.request || binary.response ? { binary } : {}),
        ...(cut ? { cut } : {}),
      });
      // A body past the bound was forwarded whole and recorded cut: what is left of it cannot be judged.
      if (cut) {
        auditor.notJudged(index, cut);
        options.onError?.(`${exchange.request.method} ${exchange.request.url}: ${cut}`);
        return;
      }
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
    // Both bodies stream through; each is kept whole only up to the bound, so any size costs the bound at most.
    const sent = new BodyCapture(maxBytes);
    const got = new BodyCapture(maxBytes);
    const hasBody = req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined;
    const exchange: Exchange = {
      request: { method, url: `${origin}${path}`, headers: flat(forwardable(req.headers)) },
      startedAt,
      durationMs: 0,
    };
    /** What the record holds of the request body, once it has all passed. */
    const requestBody = (): { text?: string; base64?: string } =>
      sent.cut ? { text: sent.shown() } : asText(sent.bytes());
    try {
      const answer = await pool.request({
        method: method as 'GET',
        path,
        headers: { ...forwardable(req.headers), ...lengthOf(req.headers) },
        ...(hasBody ? { body: req.pipe(tap(sent)) } : {}),
      });
      const headers = forwardable(answer.headers);
      res.writeHead(answer.statusCode, { ...headers, ...lengthOf(answer.headers) });
      // Piped with the client's back-pressure: a slow client slows the upstream, not the proxy's memory.
      await pipeline(answer.body, tap(got), res);
      const flatHeaders = flat(headers);
      const inflated = got.cut ? undefined : decoded(got.bytes(), flatHeaders['content-encoding'], maxBytes);
      const bomb = inflated && 'tooLarge' in inflated;
      const answered =
        got.cut || !inflated || 'tooLarge' in inflated
          ? {
              text: got.cut
                ? got.shown()
                : `[a ${flatHeaders['content-encoding']} body inflating past ${maxBytes} bytes]`,
            }
          : asText(inflated.bytes);
      const text = answered.text ?? '';
      const json = got.cut || bomb ? undefined : parsedJson(text);
      const reqBody = requestBody();
      if (reqBody.text !== undefined) exchange.request.body = reqBody.text;
      exchange.response = {
        status: answer.statusCode,
        headers: flatHeaders,
        text,
        ...(json === undefined ? {} : { json }),
        truncated: got.cut || bomb === true,
      };
      exchange.durationMs = performance.now() - started;
      const cut = sent.cut || got.cut || bomb ? cutReason(sent, got, bomb === true) : undefined;
      record(
        exchange,
        {
          ...(reqBody.base64 ? { request: reqBody.base64 } : {}),
          ...(answered.base64 ? { response: answered.base64 } : {}),
        },
        cut,
      );
    } catch (error) {
      const e = error as { code?: string; message?: string };
      exchange.transportError = { code: e.code ?? 'UPSTREAM_ERROR', message: e.message ?? String(error) };
      exchange.durationMs = performance.now() - started;
      const reqBody = requestBody();
      if (reqBody.text !== undefined) exchange.request.body = reqBody.text;
      record(
        exchange,
        reqBody.base64 ? { request: reqBody.base64 } : {},
        sent.cut ? cutReason(sent, got, false) : undefined,
      );
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
