// A pass-through proxy on 127.0.0.1 that notes every request it forwards (method, path, time), so self-tests can see what a run really sent.

import { createServer, request } from 'node:http';
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

export async function startRecordingProxy(upstreamBaseUrl: string): Promise<RecordingProxy> {
  const upstream = new URL(upstreamBaseUrl);
  const seen: Recorded[] = [];
  const server = createServer((req, res) => {
    seen.push({ method: req.method ?? '', path: req.url ?? '', at: Date.now() });
    const forward = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
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
