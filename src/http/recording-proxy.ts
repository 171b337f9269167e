// A pass-through proxy on 127.0.0.1 that notes every request it forwards (method, path, time), so self-tests can see what a run really sent.

import { createServer, type IncomingHttpHeaders, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How long the servers of self-tests keep an idle connection open: longer than a run's client keeps
 * one (10 s). With node's 5 s a server closes one just as the client, its timers late on a loaded
 * machine, sends on it, and that request fails with no answer.
 */
export const SELFTEST_IDLE_MS = 30_000;

export interface Recorded {
  method: string;
  path: string;
  at: number;
}

export interface RecordingProxy {
  /** The upstream's base URL, seen through the proxy. */
  baseUrl: string;
  seen: Recorded[];
  close(): Promise<void>;
}

/** How a proxy may bend what passes, for hostile self-tests: answer a request itself (true when it did), or change an answer's status. */
export interface ProxyBends {
  answerItself?: (req: IncomingMessage, res: ServerResponse) => boolean;
  status?: (status: number) => number;
}

/**
 * An answer's headers without those of the upstream's connection: its Keep-Alive hint would tell
 * the client how long the upstream keeps a connection, not the proxy (RFC 9110 section 7.6.1).
 */
function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const { connection: _connection, 'keep-alive': _keepAlive, 'transfer-encoding': _encoding, ...rest } = headers;
  return rest;
}

export async function startRecordingProxy(upstreamBaseUrl: string, bends: ProxyBends = {}): Promise<RecordingProxy> {
  const upstream = new URL(upstreamBaseUrl);
  const seen: Recorded[] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', path: req.url ?? '', at: Date.now() });
    if (bends.answerItself?.(req, res)) return;
    const forward = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        const status = answer.statusCode ?? 502;
        res.writeHead(bends.status?.(status) ?? status, endToEnd(answer.headers));
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
  server.keepAliveTimeout = SELFTEST_IDLE_MS;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${upstream.pathname}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
