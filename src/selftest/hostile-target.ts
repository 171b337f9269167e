// Small misbehaving HTTP servers on 127.0.0.1, one behaviour each, for the self-tests of how the client and a run survive a hostile target.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { SELFTEST_IDLE_MS, startRecordingProxy } from '../http/recording-proxy.js';

export const hostileBehaviours = [
  'silent',
  'slow',
  'reset',
  'html',
  'truncated',
  'error500',
  'limit429',
  'huge500',
  'deepJson',
  'gzipBomb',
  'hangsAfterPreflight',
] as const;
export type HostileBehaviour = (typeof hostileBehaviours)[number];

export interface HostileTarget {
  /** `{base_url}` of the target. */
  baseUrl: string;
  /** Requests received, in order: `METHOD /path`. */
  seen: string[];
  close(): Promise<void>;
}

const JSON_TYPE = { 'content-type': 'application/json' };

/** A 4 MiB JSON error body: under the client's 16 MiB cap, so it is read whole every time. */
const HUGE_ERROR = Buffer.from(JSON.stringify({ errors: [{ reason: 'x'.repeat(4 * 1024 * 1024) }] }));

/** JSON nested 3,000 deep in about 6 KB. */
const DEEP_JSON = Buffer.from(`${'['.repeat(3000)}${']'.repeat(3000)}`);

/** 10 MB of gzip (about 10 GB once inflated), sent as a gzip-encoded JSON answer. */
let bomb: Buffer | undefined;
const gzipBomb = () => {
  if (!bomb) {
    const unit = gzipSync(Buffer.alloc(64 * 1024 * 1024), { level: 9 });
    bomb = Buffer.concat(Array.from({ length: Math.ceil((10 * 1024 * 1024) / unit.length) }, () => unit));
  }
  return bomb;
};

/** What each behaviour does with a request; `silent` does nothing at all. */
/** How a behaviour answers one request: `nth` counts the requests this target has had, this one included. */
const behave: Record<HostileBehaviour, (req: IncomingMessage, res: ServerResponse, nth: number) => void> = {
  silent: () => {},
  // Headers at once, then the body a byte at a time, slower than any sane timeout.
  slow: (_req, res) => {
    const body = '{"data":[],"page":1,"pages":1,"results":0}';
    res.writeHead(200, { ...JSON_TYPE, 'content-length': String(body.length) });
    let i = 0;
    const drip = setInterval(() => {
      if (res.destroyed || i >= body.length) return clearInterval(drip);
      res.write(body[i]);
      i += 1;
    }, 400);
    res.on('close', () => clearInterval(drip));
  },
  reset: (req) => req.socket.destroy(),
  html: (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><html><body><h1>Welcome to nginx!</h1></body></html>');
  },
  // A JSON body cut halfway: the length promises more than ever comes.
  truncated: (_req, res) => {
    res.writeHead(200, { ...JSON_TYPE, 'content-length': '200' });
    res.write('{"data":[{"id":1,"label":"cut');
    setTimeout(() => res.socket?.destroy(), 20);
  },
  error500: (_req, res) => {
    res.writeHead(500, JSON_TYPE);
    res.end('{"errors":[{"reason":"Internal Server Error"}]}');
  },
  limit429: (_req, res) => {
    res.writeHead(429, { ...JSON_TYPE, 'retry-after': '1' });
    res.end('{"errors":[{"reason":"Too Many Requests"}]}');
  },
  huge500: (_req, res) => {
    res.writeHead(500, { ...JSON_TYPE, 'content-length': String(HUGE_ERROR.length) });
    res.end(HUGE_ERROR);
  },
  deepJson: (_req, res) => {
    res.writeHead(200, JSON_TYPE);
    res.end(DEEP_JSON);
  },
  // The preflight's read (the first request) gets an empty list at once; every later request waits for ever.
  hangsAfterPreflight: (_req, res, nth) => {
    if (nth > 1) return;
    res.writeHead(200, JSON_TYPE);
    res.end('{"data":[],"page":1,"pages":1,"results":0}');
  },
  gzipBomb: (_req, res) => {
    const body = gzipBomb();
    res.writeHead(200, { ...JSON_TYPE, 'content-encoding': 'gzip', 'content-length': String(body.length) });
    res.end(body);
  },
};

/** A server of a self-test on a free loopback port: its `{base_url}`, and a close that ends every connection first. */
export async function onLoopback(server: Server): Promise<{ baseUrl: string; close(): Promise<void> }> {
  server.keepAliveTimeout = SELFTEST_IDLE_MS;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v4`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A misbehaving server. With `preflightAnswered`, its first request (the run's preflight read) gets an
 * empty list, so that a run gets past the preflight and meets the behaviour in its suites.
 */
export async function startHostileTarget(
  behaviour: HostileBehaviour,
  { preflightAnswered = false } = {},
): Promise<HostileTarget> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    req.resume();
    if (preflightAnswered && seen.length === 1) behave.hangsAfterPreflight(req, res, 1);
    else behave[behaviour](req, res, seen.length);
  });
  return { ...(await onLoopback(server)), seen };
}

/** How a hostile proxy bends the answers of a real target: refusals answered 200 (with their error body), or writes refused with 401. */
export type ProxyBend = 'refusals200' | 'writes401';

/**
 * A proxy on 127.0.0.1 in front of a conforming target that bends some of its answers, for the
 * bugs a target shows only once the run is deep in a flow (a loop that waits for a refusal).
 */
export async function startHostileProxy(upstreamBaseUrl: string, bend: ProxyBend): Promise<HostileTarget> {
  const writes401 = (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'GET' || req.url?.startsWith('/__cloudconf')) return false;
    req.resume();
    res.writeHead(401, JSON_TYPE);
    res.end('{"errors":[{"reason":"Invalid Token"}]}');
    return true;
  };
  const refusals200 = (status: number) => (status >= 400 && status < 500 ? 200 : status);
  const proxy = await startRecordingProxy(
    upstreamBaseUrl,
    bend === 'writes401' ? { answerItself: writes401 } : { status: refusals200 },
  );
  return {
    baseUrl: proxy.baseUrl,
    get seen() {
      return proxy.seen.map((r) => `${r.method} ${r.path}`);
    },
    close: () => proxy.close(),
  };
}
