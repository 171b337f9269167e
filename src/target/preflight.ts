// Before any verdict, two cheap reads show that the base URL answers this API and that the token is accepted; otherwise the run stops with one line saying which.

import { opOf } from '../../spec/index.js';
import type { Operation } from '../../spec/types.js';
import type { Exchange } from '../http/exchange.js';
import type { RunConfig } from './config.js';
import { clientFor } from './session.js';
import { tlsTrouble } from './tls-trouble.js';

/** Reads without path parameters on the API's base path: one that needs no token, so it shows whether the path is this API's whatever the token. */
export const PUBLIC_READ = 'kernels/list';
/** A read that needs the token. */
export const TOKEN_READ = 'account/view';

/** Errors of a connection that never opened: nothing listens there, or the name does not resolve. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

const line = (op: Operation, url: string, e: Exchange) =>
  `${op.method} ${url} answered ${e.response?.status ?? e.transportError?.code}`;

/**
 * Why the run cannot reach the API, or undefined when it can; `timing` gets the round trip of an
 * answered request. Only what is certain stops a run: a
 * connection that never opened, a 404 to a path every target has, a 401 or 403 to the token; a
 * target that answers badly in other ways (500, HTML, silence) is judged by the suites.
 */
export async function preflight(config: RunConfig, timing: { roundTripMs?: number } = {}): Promise<string | undefined> {
  const client = clientFor(config);
  try {
    const pub = opOf(PUBLIC_READ);
    const pubUrl = `${config.baseUrl}${pub.path}`;
    const open = await client.send({ method: pub.method, url: pubUrl });
    const code = open.transportError?.code;
    const tls = open.response ? undefined : tlsTrouble(config.baseUrl, open.transportError);
    if (tls) return tls;
    if (!open.response && code && UNREACHABLE.has(code))
      return `cannot reach ${config.baseUrl}: ${code} (${open.transportError?.message}); is the target running, and is --base-url right?`;
    if (open.response?.status === 404 || open.response?.status === 405)
      return `${config.baseUrl} does not answer this API: ${line(pub, pubUrl, open)}; does --base-url end with the API's version path (e.g. /v4)?`;
    // No answer at all (silence, a dripping body): the suites will judge that, without a second wait here.
    if (!open.response) return undefined;
    const own = opOf(TOKEN_READ);
    const ownUrl = `${config.baseUrl}${own.path}`;
    const auth = await client.send({ method: own.method, url: ownUrl, token: config.token });
    // The shorter of the two answered requests: one slow answer on a loaded machine does not make a loopback target far.
    if (auth.response) timing.roundTripMs = Math.min(open.durationMs, auth.durationMs);
    const status = auth.response?.status;
    if (status === 401 || status === 403)
      return `the token is refused: ${line(own, ownUrl, auth)}; check --token or CLOUDCONF_TOKEN`;
    return undefined;
  } finally {
    await client.close();
  }
}
