// A hostile target for self-tests of ownership and cleanup: the reference server behind a loopback proxy that rewrites chosen answers (another entity's id, a token echoed, escape sequences, a lone surrogate).

import { createServer } from 'node:http';
import { startReferenceServer } from '../reference/server.js';
import { onLoopback } from './hostile-target.js';

export interface Answer {
  status: number;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  json: unknown;
}

/** What the proxy does with one exchange: undefined passes the reference server's answer on as it is. */
export type Rewrite = (request: { method: string; path: string; body: unknown }, answer: Answer) => Answer | undefined;

export interface RewritingTarget {
  baseUrl: string;
  /** The reference server's own base URL, past the proxy. */
  directUrl: string;
  token: string;
  /** Requests received, in order: `METHOD /path`. */
  seen: string[];
  close(): Promise<void>;
}

const parse = (text: string): unknown => {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
};

export async function startRewritingTarget(token: string, rewrite: Rewrite): Promise<RewritingTarget> {
  const reference = await startReferenceServer({ token });
  const upstream = new URL(reference.baseUrl).origin;
  const seen: string[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    const path = req.url ?? '/';
    seen.push(`${req.method} ${path}`);
    try {
      const headers: Record<string, string> = {};
      for (const name of ['authorization', 'content-type']) {
        const v = req.headers[name];
        if (typeof v === 'string') headers[name] = v;
      }
      const method = req.method ?? 'GET';
      const up = await fetch(`${upstream}${path}`, {
        method,
        headers,
        ...(raw.length && method !== 'GET' && method !== 'HEAD' ? { body: raw } : {}),
      });
      const text = await up.text();
      const answer = { status: up.status, json: parse(text) };
      const changed = rewrite({ method, path: path.split('?')[0] ?? path, body: parse(raw.toString('utf8')) }, answer);
      const body = changed ? JSON.stringify(changed.json) : text;
      res.writeHead(changed ? changed.status : up.status, {
        'content-type': up.headers.get('content-type') ?? 'application/json',
      });
      res.end(body);
    } catch (error) {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ errors: [{ reason: String(error) }] }));
    }
  });
  const proxy = await onLoopback(server);
  return {
    baseUrl: proxy.baseUrl,
    directUrl: reference.baseUrl,
    token,
    seen,
    close: async () => {
      await proxy.close();
      await reference.close();
    },
  };
}
