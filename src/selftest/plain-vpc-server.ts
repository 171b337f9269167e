// A plain HTTP server that offers only the API's conventions and the twelve VPC operations, written by hand from Part 1 and DECISIONS (never from spec/ or the reference server), and 404 everywhere else: the partial implementation the self-tests run the whole suite against.

import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { envelope, pagingOf } from './plain/paging.js';
import { jsonBody, readBytes } from './plain/request.js';
import { DOCUMENTED_LIMITS, type Json, type PlainLimits, type Problem } from './plain/rules.js';
import { Invalid, type NotAcceptedPolicy, NotFound, VpcModel } from './plain/vpc-model.js';

export interface PlainVpcServerOptions {
  /** The one full-scope token it accepts (a random one by default). */
  token?: string;
  /** The region ids a VPC may be created in. */
  regions?: string[];
  /** Limits other than the documents' (`{ labelMax: 32 }` plays a server stricter than the documents). */
  limits?: Partial<PlainLimits>;
  /** Whether an update naming a field "not accepted" on update is refused (400) or has the field ignored. */
  notAccepted?: NotAcceptedPolicy;
  /**
   * Checks the token before the route, as a server behind an authenticating gateway does: a path
   * it does not serve answers 401, not 404, to a request without a valid token (DECISIONS 1 orders neither).
   */
  authenticateFirst?: boolean;
}

export interface PlainVpcServer {
  /** `{base_url}`: `http://127.0.0.1:<port>/v4`. */
  baseUrl: string;
  token: string;
  regions: string[];
  close(): Promise<void>;
}

const ROOT = '/v4';
export const DEFAULT_REGIONS = ['pl-central', 'pl-west'];

/** What a handler has of a request: integer path parameters, the query and the JSON body. */
interface Call {
  params: Record<string, number>;
  query: URLSearchParams;
  body: Json;
}

/** A handler's answer: 200 with the body. */
type Handler = (call: Call) => unknown;

interface Route {
  /** Segments of the path; `{name}` is an integer path parameter. */
  segments: string[];
  methods: Partial<Record<'GET' | 'POST' | 'PUT' | 'DELETE', Handler>>;
}

/** The twelve VPC operations (Part 1, Endpoints, VPCs). */
function routesOf(model: VpcModel, limits: PlainLimits): Route[] {
  const paged = (items: (call: Call) => unknown[]) => (call: Call) => {
    const paging = pagingOf(call.query, limits);
    if (Array.isArray(paging)) throw new Invalid(paging);
    return envelope(items(call), paging);
  };
  const route = (path: string, methods: Route['methods']): Route => ({ segments: path.split('/').slice(1), methods });
  // Every route that names a parameter has it: 0, which no entity has, stands for none.
  const vpc = (call: Call) => call.params.vpcId ?? 0;
  const subnet = (call: Call) => call.params.vpcSubnetId ?? 0;
  return [
    route('/vpcs', {
      GET: paged(() => model.listVpcs()),
      POST: ({ body }) => model.createVpc(body),
    }),
    route('/vpcs/{vpcId}', {
      GET: (call) => model.viewVpc(vpc(call)),
      PUT: (call) => model.updateVpc(vpc(call), call.body),
      DELETE: (call) => {
        model.deleteVpc(vpc(call));
        return {};
      },
    }),
    route('/networking/vpcs/ips', { GET: paged(() => model.ips()) }),
    route('/vpcs/{vpcId}/ips', { GET: paged((call) => model.ips(vpc(call))) }),
    route('/vpcs/{vpcId}/subnets', {
      GET: paged((call) => model.listSubnets(vpc(call))),
      POST: (call) => model.createSubnet(vpc(call), call.body),
    }),
    route('/vpcs/{vpcId}/subnets/{vpcSubnetId}', {
      GET: (call) => model.viewSubnet(vpc(call), subnet(call)),
      PUT: (call) => model.updateSubnet(vpc(call), subnet(call), call.body),
      DELETE: (call) => {
        model.deleteSubnet(vpc(call), subnet(call));
        return {};
      },
    }),
  ];
}

/** The route of a path and its parameters; a parameter that is no integer id matches no route. */
function match(routes: readonly Route[], path: string): { route: Route; params: Record<string, number> } | undefined {
  const segments = path.split('/').slice(1);
  for (const route of routes) {
    if (route.segments.length !== segments.length) continue;
    const params: Record<string, number> = {};
    const fits = route.segments.every((s, i) => {
      const given = segments[i] ?? '';
      if (!s.startsWith('{')) return s === given;
      if (!/^[0-9]+$/.test(given) || !Number.isSafeInteger(Number(given))) return false;
      params[s.slice(1, -1)] = Number(given);
      return true;
    });
    if (fits) return { route, params };
  }
  return undefined;
}

/** Writes a JSON answer; Node leaves the body out of the answer to a HEAD and keeps its length. */
function answer(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

const errors = (problems: readonly Problem[]) => ({ errors: problems });
const reason = (text: string) => errors([{ reason: text }]);
const NOT_FOUND = reason('Not found');

/** The token of a Bearer authorization header. */
function bearerToken(req: IncomingMessage): string | undefined {
  return /^Bearer +(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
}

/** The 401 of a request without the server's token, or undefined when it carries it. */
function unauthenticated(req: IncomingMessage, res: ServerResponse, token: string): true | undefined {
  const given = bearerToken(req);
  if (given === token) return undefined;
  const challenge = given === undefined ? 'Bearer' : 'Bearer error="invalid_token"';
  answer(res, 401, reason('Invalid Token'), { 'www-authenticate': challenge });
  return true;
}

interface Context {
  routes: Route[];
  token: string;
  limits: PlainLimits;
  authenticateFirst: boolean;
}

async function handle(req: IncomingMessage, res: ServerResponse, context: Context): Promise<void> {
  // Read (or drain) the body first, whatever the answer: the client then always finishes sending.
  const bytes = await readBytes(req, context.limits.bodyMaxBytes);
  if (context.authenticateFirst && unauthenticated(req, res, context.token)) return;
  const url = new URL(req.url ?? '/', 'http://plain.invalid');
  const path = url.pathname.startsWith(`${ROOT}/`) ? url.pathname.slice(ROOT.length) : undefined;
  const found = path === undefined ? undefined : match(context.routes, path);
  if (!found) return answer(res, 404, NOT_FOUND);
  const method = req.method === 'HEAD' ? 'GET' : (req.method as keyof Route['methods']);
  const handler = found.route.methods[method];
  if (!handler) {
    const allowed = Object.keys(found.route.methods);
    const allow = [...allowed, ...(allowed.includes('GET') ? ['HEAD'] : [])].join(', ');
    return answer(res, 405, reason('Method not allowed'), { allow });
  }
  if (unauthenticated(req, res, context.token)) return;
  const read = method === 'POST' || method === 'PUT' ? jsonBody(req, bytes) : { ok: true as const, body: {} };
  if (!read.ok) return answer(res, read.status, reason(read.reason));
  try {
    answer(res, 200, handler({ params: found.params, query: url.searchParams, body: read.body }));
  } catch (error) {
    if (error instanceof NotFound) return answer(res, 404, NOT_FOUND);
    if (error instanceof Invalid) return answer(res, 400, errors(error.problems));
    throw error;
  }
}

/** Starts the plain server on 127.0.0.1 at a free port. */
export async function startPlainVpcServer(options: PlainVpcServerOptions = {}): Promise<PlainVpcServer> {
  const token = options.token ?? `plain-${randomBytes(16).toString('hex')}`;
  const regions = options.regions ?? DEFAULT_REGIONS;
  const limits = { ...DOCUMENTED_LIMITS, ...options.limits };
  const model = new VpcModel({ regions, limits, notAccepted: options.notAccepted ?? 'refuse' });
  const context = { routes: routesOf(model, limits), token, limits, authenticateFirst: !!options.authenticateFirst };
  const server = createServer((req, res) => {
    handle(req, res, context).catch(() => {
      if (!res.headersSent) answer(res, 500, reason('Internal error'));
      else res.destroy();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${ROOT}`,
    token,
    regions: [...regions],
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
