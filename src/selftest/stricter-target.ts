// A target stricter than the documents, for self-tests of the accepting side (issue 28): the reference server behind a loopback proxy that refuses, with a 400 of the documented error shape, a `label` longer than a limit of its own on VPC creates and updates, before the request reaches the server.

import { parseJsonBounded } from '../http/bounded-json.js';
import { startReferenceBehindProxy } from './reference-proxy.js';

export interface StricterTarget {
  baseUrl: string;
  token: string;
  /** Requests the proxy refused itself. */
  refused(): number;
  close(): Promise<void>;
}

/** VPC creates and updates (`POST /v4/vpcs`, `PUT /v4/vpcs/<id>`), whose `label` the documents allow up to 64 characters. */
const VPC_LABELLED = /^\/v4(beta)?\/vpcs(\/\d+)?\/?(\?|$)/;

/** Starts the reference server and, in front of it, a proxy that refuses VPC labels longer than `labelLimit` characters. */
export async function startStricterTarget(token: string, labelLimit: number): Promise<StricterTarget> {
  let refused = 0;
  const target = await startReferenceBehindProxy(token, async ({ method, path, body, forward }, res) => {
    const label = (parseJsonBounded(body.toString('utf8')) as { label?: unknown } | undefined)?.label;
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
    const up = await forward(['authorization', 'content-type', 'accept']);
    const text = await up.text();
    const out: Record<string, string> = { 'content-type': up.headers.get('content-type') ?? 'application/json' };
    const allow = up.headers.get('allow');
    if (allow) out.allow = allow;
    res.writeHead(up.status, out);
    res.end(method === 'HEAD' ? undefined : text);
  });
  return { baseUrl: target.baseUrl, token, refused: () => refused, close: target.close };
}
