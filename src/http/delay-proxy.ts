// A pass-through proxy on 127.0.0.1 that holds each request a fixed time before forwarding it (a target across a network) and measures the requests in flight, peak and time-weighted mean.

import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';

/** Headers of one connection, not of the request: undici sets its own. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
]);

const forwardable = (headers: IncomingHttpHeaders) =>
  Object.fromEntries(Object.entries(headers).filter(([k, v]) => v !== undefined && !HOP_BY_HOP.has(k))) as Record<
    string,
    string | string[]
  >;

export interface InFlight {
  requests: number;
  peak: number;
  /** Time-weighted mean of requests in flight, from the first request in to the last answer out. */
  mean: number;
  /** Milliseconds from the first request in to the last answer out. */
  busyMs: number;
  /** Mean milliseconds from forwarding a request to having its whole answer: the upstream's own time, past the delay. */
  upstreamMs: number;
}

export interface DelayProxy {
  /** The upstream's base URL, seen through the proxy. */
  baseUrl: string;
  inFlight(): InFlight;
  close(): Promise<void>;
}

/** Forwards to `upstreamBaseUrl` after `delayMs`; the delay is paid once per request, before it goes upstream. */
export async function startDelayProxy(upstreamBaseUrl: string, delayMs: number): Promise<DelayProxy> {
  const upstream = new URL(upstreamBaseUrl);
  if (upstream.hostname !== '127.0.0.1' && upstream.hostname !== 'localhost')
    throw new Error('the delay proxy forwards to loopback only');
  let current = 0;
  let peak = 0;
  let requests = 0;
  let first = 0;
  let last = 0;
  let area = 0;
  let upstreamTotal = 0;
  let answered = 0;
  // undici keeps the upstream connections within the server's keep-alive hint: a node:http agent
  // reused sockets the server had just closed, and the run saw resets no target sent.
  const pool = new Pool(upstream.origin, { connections: 256 });
  const step = (by: number) => {
    const now = performance.now();
    if (requests === 0) first = now;
    else area += current * (now - last);
    last = now;
    current += by;
    peak = Math.max(peak, current);
  };
  const server = createServer((req, res) => {
    step(1);
    requests += 1;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      step(-1);
    };
    res.on('close', finish);
    const body: Buffer[] = [];
    req.on('data', (chunk: Buffer) => body.push(chunk));
    req.on('end', () => {
      setTimeout(async () => {
        try {
          const sent = Buffer.concat(body);
          const forwarded = performance.now();
          const answer = await pool.request({
            method: (req.method ?? 'GET') as 'GET',
            path: req.url ?? '/',
            headers: forwardable(req.headers),
            ...(sent.length > 0 ? { body: sent } : {}),
          });
          const text = Buffer.from(await answer.body.arrayBuffer());
          upstreamTotal += performance.now() - forwarded;
          answered += 1;
          const headers = forwardable(answer.headers as IncomingHttpHeaders);
          res.writeHead(answer.statusCode, { ...headers, 'content-length': String(text.length) });
          res.end(text);
        } catch {
          res.destroy();
        }
      }, delayMs);
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${upstream.pathname}`,
    inFlight: () => ({
      requests,
      peak,
      mean: last > first ? area / (last - first) : 0,
      busyMs: last - first,
      upstreamMs: answered > 0 ? upstreamTotal / answered : 0,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        void pool.close();
      }),
  };
}
