// A target stricter than the documents, for self-tests of the accepting side (issue 28): the reference server behind a loopback proxy that refuses, with a 400 of the documented error shape, a `label` longer than a limit of its own on VPC creates and updates, before the request reaches the server.

import { createServer } from 'node:http';
import { startReferenceServer } from '../reference/server.js';
import { onLoopback } from './hostile-target.js';

export interface StricterTarget {
  baseUrl: string;
  token: string;
  /** Requests the proxy refused itself. */
  refused(): number;
  close(): Promise<void>;
}

/** VPC creates and updates (`POST /v4/vpcs`, `PUT /v4/vpcs/<id>`), whose `label` the documents allow up to 64 characters. */
const VPC_LABELLED = /^\/v4(beta)?\/vpcs(\/\d+)?\/?(\?|$)/;

const parse = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** Starts the reference server and, in front of it, a proxy that refuses VPC labels longer than `labelLimit` characters. */
export async function startStricterTarget(token: string, labelLimit: number): Promise<StricterTarget> {
  const reference = await startReferenceServer({ token });
  const upstream = new URL(reference.baseUrl).origin;
  let refused = 0;
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks);
    const path = req.url ?? '/';
    const method = req.method ?? 'GET';
    const label = (parse(raw.toString('utf8')) as { label?: unknown } | undefined)?.label;
    if ((method === 'POST' || method === 'PUT') && VPC_LABELLED.test(path) && typeof label === 'string') {
      if ([...label].length > labelLimit) {
        refused += 1;
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ errors: [{ field: 'label', reason: `label must be at most ${labelLimit} characters` }] }),
        );
        return;
      }
    }
    try {
      const headers: Record<string, string> = {};
      for (const name of ['authorization', 'content-type', 'accept']) {
        const v = req.headers[name];
        if (typeof v === 'string') headers[name] = v;
      }
      const up = await fetch(`${upstream}${path}`, {
        method,
        headers,
        ...(raw.length && method !== 'GET' && method !== 'HEAD' ? { body: raw } : {}),
      });
      const text = await up.text();
      const out: Record<string, string> = { 'content-type': up.headers.get('content-type') ?? 'application/json' };
      const allow = up.headers.get('allow');
      if (allow) out.allow = allow;
      res.writeHead(up.status, out);
      res.end(method === 'HEAD' ? undefined : text);
    } catch (error) {
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ errors: [{ reason: String(error) }] }));
    }
  });
  const proxy = await onLoopback(server);
  return {
    baseUrl: proxy.baseUrl,
    token,
    refused: () => refused,
    close: async () => {
      await proxy.close();
      await reference.close();
    },
  };
}
