// A pass-through proxy on 127.0.0.1 that notes every request it forwards (method, path, time), so self-tests can see what a run really sent.

import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

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
        res.writeHead(bends.status?.(status) ?? status, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.destroy());
    req.pipe(forward);
  });
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
