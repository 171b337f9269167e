// A hostile target for self-tests of ownership and cleanup: the reference server behind a loopback proxy that rewrites chosen answers (another entity's id, a token echoed, escape sequences, a lone surrogate).

import { parseJsonBounded } from '../http/bounded-json.js';
import { startReferenceBehindProxy } from './reference-proxy.js';

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

export async function startRewritingTarget(token: string, rewrite: Rewrite): Promise<RewritingTarget> {
  const seen: string[] = [];
  const target = await startReferenceBehindProxy(token, async ({ method, path, body: raw, forward }, res) => {
    seen.push(`${method} ${path}`);
    const up = await forward(['authorization', 'content-type']);
    const text = await up.text();
    const answer = { status: up.status, json: parseJsonBounded(text) };
    const request = { method, path: path.split('?')[0] ?? path, body: parseJsonBounded(raw.toString('utf8')) };
    const changed = rewrite(request, answer);
    const body = changed ? JSON.stringify(changed.json) : text;
    res.writeHead(changed ? changed.status : up.status, {
      'content-type': up.headers.get('content-type') ?? 'application/json',
    });
    res.end(body);
  });
  return { ...target, token, seen };
}
