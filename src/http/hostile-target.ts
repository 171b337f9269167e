// Small misbehaving HTTP servers on 127.0.0.1, one behaviour each, for the self-tests of how the client and a run survive a hostile target.

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const hostileBehaviours = ['silent', 'slow', 'reset', 'html', 'truncated', 'error500', 'limit429'] as const;
export type HostileBehaviour = (typeof hostileBehaviours)[number];

export interface HostileTarget {
  /** `{base_url}` of the target. */
  baseUrl: string;
  /** Requests received, in order: `METHOD /path`. */
  seen: string[];
  close(): Promise<void>;
}

const JSON_TYPE = { 'content-type': 'application/json' };

/** What each behaviour does with a request; `silent` does nothing at all. */
const behave: Record<HostileBehaviour, (req: IncomingMessage, res: ServerResponse) => void> = {
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
};

export async function startHostileTarget(behaviour: HostileBehaviour): Promise<HostileTarget> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    req.resume();
    behave[behaviour](req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v4`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
