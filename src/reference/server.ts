// The reference server: node:http around the pipeline, serving /v4 and /v4beta on loopback, with the optional control interface.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { operations } from '../../spec/index.js';
import { offersOperation, type Profile } from '../../spec/profile.js';
import type { Root } from '../../spec/types.js';
import { CONTROL_PREFIX } from '../vocabulary/control.js';
import { handleControl } from './control.js';
import { registerFaultSet } from './control-runtime.js';
import { type CorsPolicy, corsHeaders, isCrossOrigin, isPreflight, preflightHeaders } from './cors.js';
import { entities } from './holdings.js';
import { describeInjection, type Injection, injectedAnswer, preferred, takeRule } from './injection.js';
import { DEFAULT_JOURNAL_LIMITS, Journal, type JournalLimits } from './journal.js';
import { journalControl } from './journal-control.js';
import { LANDING_POLICY, landingPage } from './landing.js';
import { ModelError } from './model/errors.js';
import { recordLogin } from './model/events.js';
import { createWorld } from './model/wiring.js';
import type { World } from './model/world.js';
import { type ApiResponse, errorResponse, handle, type IncomingApiRequest } from './pipeline.js';
import { type Match, Router } from './router.js';
import { RawBody } from './routes/context.js';
import { handlers } from './routes/index.js';
import { type Answer, jsonAnswer, recordedHeaders, type ServedExchange } from './served.js';
import { servedOpenapi } from './served-openapi.js';
import { variantShaped } from './variant-answers.js';

/** Bodies above this are refused with 413: far above any documented body (65535-character fields). */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface ReferenceOptions {
  port?: number;
  host?: string;
  /** The owner's full-scope token; random when absent. */
  token?: string;
  actionDelayMs?: number;
  control?: boolean;
  faults?: string[];
  /** Conformant variants to switch on (`cloudconf variants`): behaviours the documents allow besides the server's own. */
  variants?: string[];
  /** A Unix socket to serve on as well, for a client on the same machine (no TCP stack on the way). */
  socketPath?: string;
  /** CORS for browser clients (`serve` turns it on for any origin); off when absent. */
  cors?: CorsPolicy;
  /** Called once per request after its answer is written: request logs, HAR files. */
  onExchange?: (served: ServedExchange) => void;
  /** Play a partial implementation: only what the profile offers is served (`serve --offer`). */
  offer?: PartialOffer;
  /** The request journal's bounds (`GET /__cloudconf/requests`, `requests` below); `false` keeps none. */
  journal?: Partial<JournalLimits> | false;
}

/** What a partial implementation serves, and how it answers the rest of the documented routes. */
export interface PartialOffer {
  profile: Profile;
  /** 404 (the route is unknown to it) or 501 (it knows the route and says it is not implemented). */
  status: 404 | 501;
}

/** What the HTTP layer adds around the API: CORS, the record of each exchange, the partial offer, the request journal. */
export type HttpLayer = Pick<ReferenceOptions, 'cors' | 'onExchange' | 'offer'> & { journal?: Journal };

export interface RunningReference {
  baseUrl: string;
  betaUrl: string;
  /** The owner's full-scope token. */
  token: string;
  world: World;
  /** The Unix socket it also serves on, when one was asked for. */
  socketPath?: string;
  /** What the server received and answered (absent with `journal: false`): list, count, clear. */
  requests?: Journal;
  close(): Promise<void>;
}

const router = new Router(operations);

const roots: [string, Root][] = [
  ['/v4beta', 'beta'],
  ['/v4', 'base'],
];

/** A request without Content-Length or Transfer-Encoding has no body: answering it needs no wait for the stream's end. */
const hasBody = (req: IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined ||
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

const NO_BODY = Buffer.alloc(0);

/** Calls `done` once with the body (undefined above the cap), or `failed` if the stream breaks first. */
function readBody(req: IncomingMessage, done: (raw: Buffer | undefined) => void, failed: (error: unknown) => void) {
  const chunks: Buffer[] = [];
  let size = 0;
  let settled = false;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size <= MAX_BODY_BYTES) chunks.push(chunk);
  });
  req.on('end', () => {
    if (settled) return;
    settled = true;
    done(size > MAX_BODY_BYTES ? undefined : chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
  });
  req.on('error', (error) => {
    if (settled) return;
    settled = true;
    failed(error);
  });
}

interface Target {
  pathname: string;
  query: URLSearchParams;
}

/**
 * Targets whose path `new URL` leaves as it is (origin form; no dot segment, escaped dot, backslash,
 * space, `#` or non-ASCII character), so slicing them gives what URL would, without its parse.
 */
const PLAIN_TARGET = /^\/(?!\/)[-\w!$&'()*+,/:;=@~%]*(?:\?[!-"$-~]*)?$/;

function requestTarget(url: string): Target {
  if (PLAIN_TARGET.test(url) && !/%2e/i.test(url)) {
    const q = url.indexOf('?');
    if (q < 0) return { pathname: url, query: new URLSearchParams() };
    return { pathname: url.slice(0, q), query: new URLSearchParams(url.slice(q + 1)) };
  }
  const parsed = new URL(url, 'http://reference');
  return { pathname: parsed.pathname, query: parsed.searchParams };
}

const rootOf = (pathname: string): Root | undefined => {
  for (const [prefix, root] of roots) {
    if (pathname.startsWith(prefix) && (pathname.length === prefix.length || pathname[prefix.length] === '/'))
      return root;
  }
  return undefined;
};

const bearer = (header: string | undefined) => {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return m ? m[1] : header === undefined ? undefined : '';
};

/**
 * A match as a partial implementation sees it: an operation it does not offer is a method it does
 * not allow where it offers another at that path, else `unoffered` (it answers the offer's status).
 */
function partialMatch(
  root: Root,
  method: string,
  path: string,
  offer: PartialOffer | undefined,
  literalFirst: boolean,
): Match | 'unoffered' {
  const match = router.match(root, method, path, literalFirst);
  if (!offer || match.kind === 'not-found') return match;
  if (match.kind === 'found' && offersOperation(offer.profile, match.op)) return match;
  const offeredHere = router.operationsAt(root, path).filter((op) => offersOperation(offer.profile, op));
  if (offeredHere.length)
    return { kind: 'method-not-allowed', allowed: [...new Set(offeredHere.map((op) => op.method))] };
  return 'unoffered';
}

function apiResponse(
  world: World,
  root: Root,
  method: string,
  target: Target,
  req: IncomingMessage,
  raw: Buffer | undefined,
  offer?: PartialOffer,
): ApiResponse & { allow?: string[] } {
  // HEAD answers as GET does, without the body (the writer drops it).
  const asked = method === 'HEAD' && !world.fault('head-refused') ? 'GET' : method;
  const literalFirst = !world.fault('literal-segment-as-id');
  const match = partialMatch(root, asked, target.pathname.slice(root === 'beta' ? 7 : 3), offer, literalFirst);
  if (match === 'unoffered') {
    const notImplemented = offer?.status === 501;
    const reason = notImplemented ? 'Not implemented' : 'Not found';
    return errorResponse(new ModelError('not-found', [{ reason }], notImplemented ? 501 : undefined), world);
  }
  if (match.kind === 'not-found') return errorResponse(new ModelError('not-found', [{ reason: 'Not found' }]), world);
  if (match.kind === 'method-not-allowed' && world.fault('method-not-allowed-as-400')) {
    return errorResponse(new ModelError('validation', [{ reason: 'Bad request' }]), world);
  }
  if (match.kind === 'method-not-allowed') {
    const refused = errorResponse(
      new ModelError('method-not-allowed', [{ reason: `Allowed: ${match.allowed.join(', ')}` }]),
      world,
    );
    return { ...refused, allow: world.fault('allow-header-fixed') ? ['GET', 'POST', 'PUT', 'DELETE'] : match.allowed };
  }
  if (raw === undefined && !world.fault('oversized-body-accepted'))
    return errorResponse(new ModelError('too-large', [{ reason: 'Request body too large' }]), world);
  const token = bearer(req.headers.authorization);
  const contentType = req.headers['content-type'];
  const request: IncomingApiRequest = {
    op: match.op,
    params: match.params,
    query: target.query,
    rawBody: raw === undefined || raw.length === 0 ? '' : raw.toString('utf8'),
    bytes: raw ?? NO_BODY,
  };
  if (token !== undefined) request.token = token;
  if (contentType) request.contentType = contentType;
  return handle(world, handlers, request);
}

/** The API's answer as bytes and headers: the media type, `Allow` on a 405, the Bearer challenge on a 401. */
function apiAnswer(
  world: World,
  root: Root,
  method: string,
  target: Target,
  req: IncomingMessage,
  raw?: Buffer,
  offer?: PartialOffer,
) {
  const r = apiResponse(world, root, method, target, req, raw, offer);
  if (r.body instanceof RawBody) {
    return { status: r.status, headers: { 'content-type': r.body.contentType }, body: Buffer.from(r.body.bytes) };
  }
  const headers: Record<string, string> = { 'content-type': jsonMediaType(world) };
  if (r.allow) headers.allow = r.allow.join(', ');
  if (r.status === 401 && !world.fault('www-authenticate-missing')) headers['www-authenticate'] = 'Bearer';
  return { status: r.status, headers, body: Buffer.from(JSON.stringify(variantShaped(world, r.body))) };
}

const jsonMediaType = (world: World) =>
  world.fault('responses-not-json')
    ? 'text/plain'
    : world.fault('json-vendor-media-type')
      ? 'application/vnd.cloudconf+json'
      : 'application/json';

// A bug in the reference server: say so plainly rather than hang the client.
const serverError = (error: unknown) =>
  jsonAnswer(500, { errors: [{ reason: `reference server error: ${(error as Error).message}` }] });

/** The landing page shows the state as the control interface does: the same cross-origin guard, never journaled. */
export const LANDING_PATH = '/';
const isControlPath = (pathname: string) => pathname.startsWith(`${CONTROL_PREFIX}/`) || pathname === LANDING_PATH;
const CONTROL_METHODS = ['GET', 'POST', 'PUT', 'DELETE'];
const controlClosed = jsonAnswer(403, {
  errors: [{ reason: 'the control interface refuses cross-origin requests (serve --cors-control opens it)' }],
});

/** The answer to an OPTIONS: a 204 naming the route's methods (the CORS headers when it is a preflight), 404 off the routes. */
function optionsAnswer(layer: HttpLayer, req: IncomingMessage, methods: string[]): Answer {
  if (!methods.length) return jsonAnswer(404, { errors: [{ reason: 'Not found' }] });
  const listed = methods.includes('GET') ? [...methods, 'HEAD'] : methods;
  const cors = isPreflight(req) ? preflightHeaders(layer.cors, req, listed) : {};
  return { status: 204, headers: { allow: listed.join(', '), ...cors }, body: NO_BODY };
}

/** The injection a request gets: its own `Prefer` header first, else the next queued rule that matches. */
function injectionFor(world: World, req: IncomingMessage, method: string, pathname: string) {
  const prefer = req.headers.prefer;
  return preferred(Array.isArray(prefer) ? prefer.join(', ') : prefer) ?? takeRule(world, method, pathname);
}

interface Exchange {
  world: World;
  control: boolean;
  layer: HttpLayer;
  req: IncomingMessage;
  res: ServerResponse;
  target: Target;
  startedAt: Date;
  started: number;
}

function finish(x: Exchange, answer: Answer, raw: Buffer | undefined, injected?: string): void {
  const { req, res, layer } = x;
  const openToPages = !isControlPath(x.target.pathname) || layer.cors?.control === true;
  const headers: Record<string, string | number> = {
    ...answer.headers,
    ...(openToPages && !isPreflight(req) ? corsHeaders(layer.cors, req) : {}),
  };
  if (answer.status !== 204) headers['content-length'] = answer.body.length;
  res.writeHead(answer.status, headers);
  res.end(req.method === 'HEAD' || answer.status === 204 ? undefined : answer.body);
  record(x, raw, answer, injected, headers);
}

function record(
  x: Exchange,
  raw: Buffer | undefined,
  answer: Answer | undefined,
  injected?: string,
  headers: Record<string, string | number> = {},
): void {
  const { onExchange, journal } = x.layer;
  const journaled = journal !== undefined && !isControlPath(x.target.pathname);
  if (!onExchange && !journaled) return;
  const served: ServedExchange = {
    startedAt: x.startedAt,
    method: x.req.method ?? 'GET',
    url: x.req.url ?? '/',
    requestHeaders: recordedHeaders(x.req.headers),
    requestBody: raw?.toString('utf8') ?? '',
    status: answer?.status ?? 0,
    responseHeaders: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, String(v)])),
    responseBody: x.req.method === 'HEAD' || !answer ? '' : answer.body.toString('utf8'),
    ms: Math.round((performance.now() - x.started) * 10) / 10,
    ...(injected ? { injected } : {}),
  };
  onExchange?.(served);
  if (journaled) journal.add(served);
}

/** The answer of everything that is not injected: control interface, OPTIONS, the OpenAPI document, the API. */
function plainAnswer(x: Exchange, method: string, raw: Buffer | undefined): Answer {
  const { world, req, target } = x;
  if (x.control && isControlPath(target.pathname)) {
    if (isCrossOrigin(req) && !x.layer.cors?.control) return controlClosed;
    if (method === 'OPTIONS') return optionsAnswer(x.layer, req, CONTROL_METHODS);
    if (target.pathname === LANDING_PATH) return landingAnswer(x, method);
    const path = target.pathname.slice(CONTROL_PREFIX.length);
    if (path === '/entities' && method === 'GET') {
      const listed = entities(world, target.query);
      return jsonAnswer(listed.status, listed.body);
    }
    const journaled =
      x.layer.journal && journalControl(x.layer.journal, method, path, target.query, raw?.toString('utf8') ?? '');
    if (journaled) return jsonAnswer(journaled.status, journaled.body);
    const r = handleControl(world, method, target.pathname.slice(CONTROL_PREFIX.length), raw?.toString('utf8') ?? '');
    return jsonAnswer(r.status, r.body);
  }
  if (target.pathname === OPENAPI_PATH && (method === 'GET' || method === 'HEAD'))
    return jsonAnswer(200, servedOpenapi(`http://${req.headers.host ?? '127.0.0.1'}`));
  const root = rootOf(target.pathname);
  if (!root) return jsonAnswer(404, { errors: [{ reason: 'Not found' }] });
  if (method === 'OPTIONS' && !world.fault('allow-header-fixed')) {
    const path = target.pathname.slice(root === 'beta' ? 7 : 3);
    const offer = x.layer.offer;
    const methods = offer
      ? router
          .operationsAt(root, path)
          .filter((op) => offersOperation(offer.profile, op))
          .map((op) => op.method)
      : router.methodsAt(root, path, !world.fault('literal-segment-as-id'));
    return optionsAnswer(x.layer, req, [...new Set(methods)]);
  }
  return apiAnswer(world, root, method, target, req, raw, x.layer.offer);
}

/** The landing page (GET and HEAD): plain HTML under a policy that runs no script and loads nothing. */
function landingAnswer(x: Exchange, method: string): Answer {
  if (method !== 'GET' && method !== 'HEAD')
    return jsonAnswer(405, { errors: [{ reason: 'Allowed: GET, HEAD' }] }, { allow: 'GET, HEAD' });
  const origin = `http://${x.req.headers.host ?? '127.0.0.1'}`;
  return {
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': LANDING_POLICY,
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    },
    body: Buffer.from(landingPage(x.world, x.layer.journal, origin)),
  };
}

/** Where the server serves its OpenAPI document, with `servers` set to its own URLs. */
export const OPENAPI_PATH = '/openapi.json';

function respond(x: Exchange) {
  return (raw: Buffer | undefined) => {
    const method = x.req.method ?? 'GET';
    try {
      const api = rootOf(x.target.pathname) !== undefined && !isPreflight(x.req);
      const injection = api ? injectionFor(x.world, x.req, method, x.target.pathname) : undefined;
      if (typeof injection === 'string') {
        return finish(x, jsonAnswer(400, { errors: [{ field: 'Prefer', reason: injection }] }), raw);
      }
      if (!injection) return finish(x, plainAnswer(x, method, raw), raw);
      const then = () => {
        try {
          applyInjection(x, injection, method, raw);
        } catch (error) {
          finish(x, serverError(error), raw);
        }
      };
      if (injection.delayMs) setTimeout(then, injection.delayMs).unref();
      else then();
    } catch (error) {
      finish(x, serverError(error), raw);
    }
  };
}

function applyInjection(x: Exchange, injection: Injection, method: string, raw: Buffer | undefined): void {
  const said = describeInjection(injection);
  if (x.res.destroyed || injection.drop) {
    x.req.socket.destroy();
    record(x, raw, undefined, said);
    return;
  }
  const answer =
    injection.status === undefined
      ? plainAnswer(x, method, raw)
      : injectedAnswer(injection as Injection & { status: number });
  finish(x, answer, raw, said);
}

export function createReferenceHandler(world: World, control: boolean, layer: HttpLayer = {}) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const x: Exchange = {
      world,
      control,
      layer,
      req,
      res,
      target: { pathname: '/', query: new URLSearchParams() },
      startedAt: new Date(),
      started: performance.now(),
    };
    try {
      x.target = requestTarget(req.url ?? '/');
      const answer = respond(x);
      // Most requests are GETs: answered at once, without waiting for the stream's end.
      if (!hasBody(req)) return answer(NO_BODY);
      readBody(req, answer, (error) => finish(x, serverError(error), undefined));
    } catch (error) {
      finish(x, serverError(error), undefined);
    }
  };
}

export async function startReferenceServer(options: ReferenceOptions = {}): Promise<RunningReference> {
  const faultSet = new Set(options.faults ?? []);
  const world = createWorld(faultSet, options.actionDelayMs ?? 0, new Set(options.variants ?? []));
  registerFaultSet(world, faultSet);
  const account = world.createAccount('owner', 'owner@example.com');
  const token = world.issueToken(account, 'owner', ['*'], options.token);
  recordLogin(account, 'owner');
  const journal =
    options.journal === false
      ? undefined
      : new Journal({ ...DEFAULT_JOURNAL_LIMITS, ...(options.journal ?? {}) }, (word) => world.tokens.has(word));
  const layer: HttpLayer = {
    ...(options.cors ? { cors: options.cors } : {}),
    ...(options.onExchange ? { onExchange: options.onExchange } : {}),
    ...(options.offer ? { offer: options.offer } : {}),
    ...(journal ? { journal } : {}),
  };
  const handler = createReferenceHandler(world, options.control ?? true, layer);
  const server = await listening(handler, (s, done) => s.listen(options.port ?? 0, options.host ?? '127.0.0.1', done));
  const onSocket = options.socketPath;
  // The socket is a shortcut for clients on this machine: a path that cannot be listened on leaves TCP alone.
  const local =
    onSocket === undefined
      ? undefined
      : await listening(handler, (s, done) => s.listen(onSocket, done)).catch(() => undefined);
  const { port } = server.address() as AddressInfo;
  const origin = `http://${options.host ?? '127.0.0.1'}:${port}`;
  return {
    baseUrl: `${origin}/v4`,
    betaUrl: `${origin}/v4beta`,
    token,
    world,
    ...(local && onSocket !== undefined ? { socketPath: onSocket } : {}),
    ...(journal ? { requests: journal } : {}),
    close: async () => {
      await Promise.all([server, ...(local ? [local] : [])].map(closed));
    },
  };
}

/** A node:http server with the reference handler, once `listen` has it listening. */
async function listening(
  handler: ReturnType<typeof createReferenceHandler>,
  listen: (server: Server, done: () => void) => void,
): Promise<Server> {
  const server = createServer(handler);
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    listen(server, resolve);
  });
  return server;
}

const closed = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
