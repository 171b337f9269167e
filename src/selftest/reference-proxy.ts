// The reference server behind a loopback proxy of a self-test's own: the proxy reads each request whole, lets the self-test answer it or pass it on, and answers 502 when passing it on fails.

import { createServer, type ServerResponse } from 'node:http';
import { startReferenceServer } from '../reference/server.js';
import { onLoopback } from './hostile-target.js';

export interface ProxiedRequest {
  method: string;
  /** The path with its query, as received. */
  path: string;
  body: Buffer;
  /** Sends the request on to the reference server with the named headers of the original, if present. */
  forward(headerNames: readonly string[]): Promise<Response>;
}

export interface ReferenceBehindProxy {
  baseUrl: string;
  /** The reference server's own base URL, past the proxy. */
  directUrl: string;
  close(): Promise<void>;
}

/** Starts the reference server with `token` and, in front of it, a proxy that gives every request to `handle`. */
export async function startReferenceBehindProxy(
  token: string,
  handle: (request: ProxiedRequest, res: ServerResponse) => Promise<void>,
): Promise<ReferenceBehindProxy> {
  const reference = await startReferenceServer({ token });
  const upstream = new URL(reference.baseUrl).origin;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const path = req.url ?? '/';
    const method = req.method ?? 'GET';
    const forward = (headerNames: readonly string[]) => {
      const headers: Record<string, string> = {};
      for (const name of headerNames) {
        const v = req.headers[name];
        if (typeof v === 'string') headers[name] = v;
      }
      return fetch(`${upstream}${path}`, {
        method,
        headers,
        ...(body.length && method !== 'GET' && method !== 'HEAD' ? { body } : {}),
      });
    };
    try {
      await handle({ method, path, body, forward }, res);
    } catch (error) {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ errors: [{ reason: String(error) }] }));
    }
  });
  const proxy = await onLoopback(server);
  return {
    baseUrl: proxy.baseUrl,
    directUrl: reference.baseUrl,
    close: async () => {
      await proxy.close();
      await reference.close();
    },
  };
}
