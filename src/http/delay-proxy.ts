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
  /** When the first request came in, in ms since the epoch (0 before any). */
  firstAtMs: number;
  /** Time-weighted mean of requests in flight in each second from the first request in (the last one partly elapsed). */
  perSecond: number[];
}

/** The span of one entry of `InFlight.perSecond`. */
export const SERIES_MS = 1000;

/** Adds `count` requests held from `from` to `to` (ms since the first request) to the per-second areas. */
export function addArea(areas: number[], count: number, from: number, to: number): void {
  for (let at = from; at < to; ) {
    const bucket = Math.floor(at / SERIES_MS);
    const end = Math.min(to, (bucket + 1) * SERIES_MS);
    areas[bucket] = (areas[bucket] ?? 0) + count * (end - at);
    at = end;
  }
}

/** The time-weighted mean in flight of each second, from the areas `addArea` summed over `busyMs` (the last second partly elapsed). */
export const meansPerSecond = (areas: number[], busyMs: number): number[] =>
  Array.from(areas, (a = 0, i) => a / Math.max(1, Math.min(SERIES_MS, busyMs - i * SERIES_MS)));

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
  const areas: number[] = [];
  // undici keeps the upstream connections within the server's keep-alive hint: a node:http agent
  // reused sockets the server had just closed, and the run saw resets no target sent.
  const pool = new Pool(upstream.origin, { connections: 256 });
  const step = (by: number) => {
    const now = performance.now();
    if (requests === 0) first = now;
    else {
      area += current * (now - last);
      if (current > 0) addArea(areas, current, last - first, now - first);
    }
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
      firstAtMs: requests > 0 ? performance.timeOrigin + first : 0,
      perSecond: meansPerSecond(areas, last - first),
    }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
        void pool.close();
      }),
  };
}
