// Before any verdict, a few authenticated reads the run will judge show that the base URL answers this API and that the token is accepted; otherwise the run stops with one line saying what it saw.

import { operationOf, operations } from '../../spec/index.js';
import { offersOperation } from '../../spec/profile.js';
import type { Operation, Requirement } from '../../spec/types.js';
import type { SendRequest } from '../http/client.js';
import type { Exchange } from '../http/exchange.js';
import type { RunConfig } from './config.js';
import { clientFor } from './session.js';
import { tlsTrouble } from './tls-trouble.js';

/** Errors of a connection that never opened: nothing listens there, or the name does not resolve. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

/** Errors of a connection that opened but carried no HTTP answer: most often the wrong scheme for the port. */
const NOT_HTTP = /^(ECONNRESET|EPROTO|UND_ERR_SOCKET|HPE_|ERR_SSL_|ERR_TLS_)/;

/** Answers that say the route is not there (or not served): the next read may be. */
const NOT_HERE = new Set([404, 405, 501]);

/** A message of the network stack on one line (OpenSSL's end with a newline), cut to a readable length. */
const oneLine = (text = '') => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 160 ? `${line.slice(0, 160)}…` : line;
};

const firstLine = (e: Exchange) => {
  const line = (e.response?.text ?? '').trim().split('\n')[0] ?? '';
  return line ? ` (${JSON.stringify(line.length > 120 ? `${line.slice(0, 120)}…` : line)})` : '';
};

const said = (e: Exchange) =>
  `${e.request.method} ${e.request.url} answered ${e.response ? `${e.response.status}${firstLine(e)}` : `nothing (${e.transportError?.code})`}`;

/** A read that can go first: a GET without path parameters at the stable root, not disabled, in the profile. */
const probeable = (config: RunConfig, op: Operation) =>
  op.method === 'GET' &&
  op.pathParams.length === 0 &&
  op.root === 'base' &&
  op.status.kind !== 'disabled' &&
  (!config.profile || offersOperation(config.profile, op));

/**
 * The reads to try, one per area (an implementation offers whole areas or none of one, most often),
 * the areas the selection judges first: every implementation answers the authentication convention
 * on what it offers. Within an area an authenticated read comes first: it shows the token too.
 */
export function probesFor(config: RunConfig, judged: readonly Requirement[]): Operation[] {
  const judgedAreas = new Set(judged.map((r) => operationOf(r)?.area ?? r.area));
  const authenticatedFirst = (a: Operation, b: Operation) =>
    Number(a.auth.scope === 'none') - Number(b.auth.scope === 'none');
  const candidates = operations.filter((op) => probeable(config, op)).sort(authenticatedFirst);
  const firstOfEach = [...new Map(candidates.reverse().map((op) => [op.area, op])).values()].reverse();
  return [
    ...firstOfEach.filter((op) => judgedAreas.has(op.area)),
    ...firstOfEach.filter((op) => !judgedAreas.has(op.area)),
  ];
}

/** The hint of a base URL whose every read was not there. */
function baseHint(baseUrl: string): string {
  const versioned = /\/v\d+(beta)?$/.test(new URL(baseUrl).pathname);
  return versioned
    ? `is the target serving this API at ${baseUrl}?`
    : "does --base-url end with the API's version path (e.g. https://api.example.com/v4)?";
}

/** The round trip of the preflight's answered reads, the least of them. */
export interface RoundTrip {
  roundTripMs?: number;
  /**
   * While the least round trip is at or above this, the read that let the run go is sent again, up
   * to four times: a first answer pays for the connection and the server's first call, and a loaded
   * machine can hold any one answer, so a single slow one does not make a loopback target look far.
   */
  confirmFromMs?: number;
}

/** Reads sent again at most to confirm a slow round trip. */
const CONFIRMING_READS = 4;

/**
 * Sends the read again while the least round trip so far is at or above the mark, keeping the least.
 * A read slower than the first cannot change the choice, so each is cut there (its own client, with
 * that timeout), and one that does not answer ends the confirming: a target that stalls after its
 * first answer delays the run by one round trip, not a request timeout.
 */
async function confirmRoundTrip(config: RunConfig, request: SendRequest, timing: RoundTrip): Promise<void> {
  const { confirmFromMs: mark, roundTripMs: first } = timing;
  if (mark === undefined || first === undefined || first < mark) return;
  const client = clientFor({ ...config, timeoutMs: Math.ceil(first) });
  let least = first;
  try {
    for (let i = 0; i < CONFIRMING_READS && least >= mark; i++) {
      const again = await client.send(request);
      if (!again.response) break;
      least = Math.min(least, again.durationMs);
    }
  } finally {
    timing.roundTripMs = least;
    await client.close();
  }
}

/**
 * Why the run cannot judge the target, or undefined when it can; `timing` gets the round trip of an
 * answered request. Only what is certain stops a run: a connection that never opened or carried no
 * HTTP, a 401 or 403 to the token, or no read of the API answering at all. A target that answers
 * badly in other ways (500, silence) is judged by the suites.
 */
export async function preflight(
  config: RunConfig,
  judged: readonly Requirement[],
  timing: RoundTrip = {},
): Promise<string | undefined> {
  const client = clientFor(config);
  const notHere: Exchange[] = [];
  try {
    for (const op of probesFor(config, judged)) {
      const request: SendRequest = {
        method: 'GET',
        url: `${config.baseUrl}${op.path}`,
        ...(op.auth.scope === 'none' ? {} : { token: config.token }),
      };
      const e = await client.send(request);
      const code = e.transportError?.code ?? '';
      const tls = e.response ? undefined : tlsTrouble(config.baseUrl, e.transportError);
      if (tls) return tls;
      if (!e.response && UNREACHABLE.has(code))
        return `cannot reach ${config.baseUrl}: ${code} (${e.transportError?.message}); is the target running, and is --base-url right?`;
      if (!e.response && NOT_HTTP.test(code))
        return `${said(e)}: the connection carried no HTTP answer (${oneLine(e.transportError?.message)}); is the scheme right (http:// or https://), and the port?`;
      // Silence or a dripping body: the suites will judge that, without more waiting here.
      if (!e.response) return undefined;
      timing.roundTripMs = Math.min(timing.roundTripMs ?? Number.POSITIVE_INFINITY, e.durationMs);
      const status = e.response.status;
      if (status === 401 || status === 403) return `the token is refused: ${said(e)}; check --token or CLOUDCONF_TOKEN`;
      if (!NOT_HERE.has(status)) {
        await confirmRoundTrip(config, request, timing);
        return undefined;
      }
      notHere.push(e);
    }
    if (notHere.length === 0) return undefined;
    const shown = notHere.slice(0, 2).map(said).join('; ');
    const more = notHere.length > 2 ? `, and ${notHere.length - 2} more reads alike` : '';
    return `nothing at ${config.baseUrl} answers as this API: ${shown}${more}; ${baseHint(config.baseUrl)}`;
  } finally {
    await client.close();
  }
}
