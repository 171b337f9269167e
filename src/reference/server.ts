// The reference server: node:http around the pipeline, serving /v4 and /v4beta on loopback, with the optional control interface.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { operations } from '../../spec/index.js';
import type { Root } from '../../spec/types.js';
import { handleControl } from './control.js';
import { ModelError } from './model/errors.js';
import { recordLogin } from './model/events.js';
import { World } from './model/world.js';
import { type ApiResponse, errorResponse, handle, type IncomingApiRequest } from './pipeline.js';
import { Router } from './router.js';
import { RawBody } from './routes/context.js';
import { handlers } from './routes/index.js';

export const CONTROL_PREFIX = '/__cloudconf';
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
  /** A Unix socket to serve on as well, for a client on the same machine (no TCP stack on the way). */
  socketPath?: string;
}

export interface RunningReference {
  baseUrl: string;
  betaUrl: string;
  /** The owner's full-scope token. */
  token: string;
  world: World;
  /** The Unix socket it also serves on, when one was asked for. */
  socketPath?: string;
  close(): Promise<void>;
}

const router = new Router(operations);

const roots: [string, Root][] = [
  ['/v4beta', 'beta'],
  ['/v4', 'base'],
];

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  contentType = 'application/json',
  allow?: string,
): void {
  const text = JSON.stringify(body);
  const headers: Record<string, string | number> = {
    'content-type': contentType,
    'content-length': Buffer.byteLength(text),
  };
  if (allow !== undefined) headers.allow = allow;
  res.writeHead(status, headers);
  res.end(text);
}

function sendRaw(res: ServerResponse, status: number, body: RawBody): void {
  res.writeHead(status, { 'content-type': body.contentType, 'content-length': body.bytes.length });
  res.end(body.bytes);
}

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

function apiResponse(
  world: World,
  root: Root,
  method: string,
  target: Target,
  req: IncomingMessage,
  raw: Buffer | undefined,
): ApiResponse {
  const match = router.match(root, method, target.pathname.slice(root === 'beta' ? 7 : 3));
  if (match.kind === 'not-found') return errorResponse(new ModelError('not-found', [{ reason: 'Not found' }]), world);
  if (match.kind === 'method-not-allowed' && world.fault('method-not-allowed-as-400')) {
    return errorResponse(new ModelError('validation', [{ reason: 'Bad request' }]), world);
  }
  if (match.kind === 'method-not-allowed') {
    return errorResponse(
      new ModelError('method-not-allowed', [{ reason: `Allowed: ${match.allowed.join(', ')}` }]),
      world,
    );
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

// A bug in the reference server: say so plainly rather than hang the client.
const serverError = (res: ServerResponse, error: unknown) =>
  send(res, 500, { errors: [{ reason: `reference server error: ${(error as Error).message}` }] });

function respond(world: World, control: boolean, req: IncomingMessage, res: ServerResponse, target: Target) {
  return (raw: Buffer | undefined) => {
    try {
      const method = req.method ?? 'GET';
      if (control && target.pathname.startsWith(`${CONTROL_PREFIX}/`)) {
        const r = handleControl(
          world,
          method,
          target.pathname.slice(CONTROL_PREFIX.length),
          raw?.toString('utf8') ?? '',
        );
        return send(res, r.status, r.body);
      }
      const root = rootOf(target.pathname);
      if (!root) return send(res, 404, { errors: [{ reason: 'Not found' }] });
      const r = apiResponse(world, root, method, target, req, raw);
      if (r.body instanceof RawBody) return sendRaw(res, r.status, r.body);
      const type = world.fault('responses-not-json') ? 'text/plain' : 'application/json';
      send(res, r.status, r.body, type, r.status === 405 ? 'GET, POST, PUT, DELETE' : undefined);
    } catch (error) {
      serverError(res, error);
    }
  };
}

export function createReferenceHandler(world: World, control: boolean) {
  return (req: IncomingMessage, res: ServerResponse) => {
    try {
      const answer = respond(world, control, req, res, requestTarget(req.url ?? '/'));
      // Most requests are GETs: answered at once, without waiting for the stream's end.
      if (!hasBody(req)) return answer(NO_BODY);
      readBody(req, answer, (error) => serverError(res, error));
    } catch (error) {
      serverError(res, error);
    }
  };
}

export async function startReferenceServer(options: ReferenceOptions = {}): Promise<RunningReference> {
  const world = new World(new Set(options.faults ?? []), options.actionDelayMs ?? 0);
  const account = world.createAccount('owner', 'owner@example.com');
  const token = world.issueToken(account, 'owner', ['*'], options.token);
  recordLogin(account, 'owner');
  const handler = createReferenceHandler(world, options.control ?? true);
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
