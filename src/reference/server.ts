// The reference server: node:http around the pipeline, serving /v4 and /v4beta on loopback, with the optional control interface.

import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { operations } from '../../spec/index.js';
import type { Root } from '../../spec/types.js';
import { handleControl } from './control.js';
import { ModelError } from './model/errors.js';
import { recordLogin } from './model/events.js';
import { World } from './model/world.js';
import { type ApiResponse, errorResponse, handle } from './pipeline.js';
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
}

export interface RunningReference {
  baseUrl: string;
  betaUrl: string;
  /** The owner's full-scope token. */
  token: string;
  world: World;
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
  headers: Record<string, string> = {},
  contentType = 'application/json',
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': contentType,
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

function sendRaw(res: ServerResponse, status: number, body: RawBody): void {
  res.writeHead(status, { 'content-type': body.contentType, 'content-length': body.bytes.length });
  res.end(body.bytes);
}

function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? undefined : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const bearer = (header: string | undefined) => {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return m ? m[1] : header === undefined ? undefined : '';
};

function apiResponse(
  world: World,
  root: Root,
  method: string,
  url: URL,
  req: IncomingMessage,
  raw: Buffer | undefined,
): ApiResponse {
  const match = router.match(root, method, url.pathname.slice(root === 'beta' ? 7 : 3));
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
  return handle(world, handlers, {
    op: match.op,
    params: match.params,
    query: url.searchParams,
    ...(token === undefined ? {} : { token }),
    ...(req.headers['content-type'] ? { contentType: req.headers['content-type'] } : {}),
    rawBody: raw?.toString('utf8') ?? '',
    bytes: raw ?? Buffer.alloc(0),
  });
}

export function createReferenceHandler(world: World, control: boolean) {
  return async (req: IncomingMessage, res: ServerResponse) => {
    try {
      const url = new URL(req.url ?? '/', 'http://reference');
      const method = req.method ?? 'GET';
      const raw = await readBody(req);
      if (control && url.pathname.startsWith(`${CONTROL_PREFIX}/`)) {
        const r = handleControl(world, method, url.pathname.slice(CONTROL_PREFIX.length), raw?.toString('utf8') ?? '');
        return send(res, r.status, r.body);
      }
      const root = roots.find(([prefix]) => url.pathname === prefix || url.pathname.startsWith(`${prefix}/`));
      if (!root) return send(res, 404, { errors: [{ reason: 'Not found' }] });
      const r = apiResponse(world, root[1], method, url, req, raw);
      if (r.body instanceof RawBody) return sendRaw(res, r.status, r.body);
      const type = world.fault('responses-not-json') ? 'text/plain' : 'application/json';
      send(res, r.status, r.body, r.status === 405 ? { allow: 'GET, POST, PUT, DELETE' } : {}, type);
    } catch (error) {
      // A bug in the reference server: say so plainly rather than hang the client.
      send(res, 500, { errors: [{ reason: `reference server error: ${(error as Error).message}` }] });
    }
  };
}

export async function startReferenceServer(options: ReferenceOptions = {}): Promise<RunningReference> {
  const world = new World(new Set(options.faults ?? []), options.actionDelayMs ?? 0);
  const account = world.createAccount('owner', 'owner@example.com');
  const token = world.issueToken(account, 'owner', ['*'], options.token);
  recordLogin(account, 'owner');
  const server: Server = createServer(createReferenceHandler(world, options.control ?? true));
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://${options.host ?? '127.0.0.1'}:${port}`;
  return {
    baseUrl: `${origin}/v4`,
    betaUrl: `${origin}/v4beta`,
    token,
    world,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
