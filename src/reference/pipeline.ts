// The request pipeline of the reference server: auth, scope, access, query and body validation read from spec/, then the area handler, then paging.

import { conventionalStatus, PAGE, PAGE_SIZE, pageParam, pageSizeParam } from '../../spec/conventions.js';
import { checkBody, checkField, isObject, type Violation, withoutAbsentMembers } from '../../spec/evaluate.js';
import { mayHoldWholeFloats, parseKeepingWholeFloats, withRawNumbersRead } from '../../spec/raw-json.js';
import type { Operation } from '../../spec/types.js';
import { withEchoes, withKept } from './faults-echo.js';
import { repaired } from './faults-repair.js';
import { strictParamRefusal, strictRefusals } from './faults-strict.js';
import { stricterRefusals } from './faults-stricter.js';
import { can } from './model/access.js';
import { endActionsInProgress } from './model/early-end.js';
import { invalid, ModelError, type ModelErrorKind, notFound } from './model/errors.js';
import { ruleSkipped } from './model/seams.js';
import { hasScope, type Principal, type World } from './model/world.js';
import type { Handler, RequestContext } from './routes/context.js';
import { reworded } from './variant-answers.js';
import { SHORT_PAGE_CAP } from './variants.js';

export interface ApiResponse {
  status: number;
  body: unknown;
}

export interface IncomingApiRequest {
  op: Operation;
  params: Record<string, string>;
  query: URLSearchParams;
  token?: string;
  contentType?: string;
  rawBody: string;
  /** The body as received, for file uploads. */
  bytes?: Uint8Array;
}

const statusOf: Record<ModelErrorKind, number> = {
  validation: conventionalStatus.validation,
  unauthenticated: conventionalStatus.unauthenticated,
  forbidden: conventionalStatus.forbidden,
  'not-found': conventionalStatus.notFound,
  conflict: conventionalStatus.validation,
  busy: conventionalStatus.validation,
  disabled: 410,
  'too-large': conventionalStatus.payloadTooLarge,
  'unsupported-media-type': conventionalStatus.unsupportedMediaType,
  'method-not-allowed': conventionalStatus.methodNotAllowed,
};

export function errorResponse(error: ModelError, world: World): ApiResponse {
  const named = world.fault('error-field-misnamed')
    ? error.items.map((i) => (i.field ? { ...i, field: `${i.field}_x` } : i))
    : error.items;
  const items = reworded(world, named);
  const body = world.fault('error-body-wrong-shape') ? { error: error.message } : { errors: items };
  if (error.kind === 'not-found' && world.fault('not-found-as-400')) return { status: 400, body };
  return { status: error.status ?? statusOf[error.kind], body };
}

const fail = (kind: ModelErrorKind, reason: string, field?: string) =>
  new ModelError(kind, [{ ...(field ? { field } : {}), reason }]);

/** The first account's owner: whom the token faults let in, so handlers still have a caller. */
function owner(world: World): Principal | undefined {
  const account = world.accounts.values().next().value;
  const user = account?.users.values().next().value;
  return account && user ? { account, user, scopes: new Set(['*']) } : undefined;
}

function authenticate(world: World, op: Operation, token: string | undefined): Principal | undefined | ModelError {
  if (op.auth.token === 'none') return undefined;
  if (token === undefined) {
    if (op.auth.token === 'optional') return undefined;
    if (world.fault('no-token-accepted')) return owner(world);
    return fail('unauthenticated', 'Invalid Token');
  }
  const principal = world.principal(token) ?? (world.fault('invalid-token-accepted') ? owner(world) : undefined);
  if (!principal) return fail('unauthenticated', 'Invalid Token');
  return principal;
}

function authorize(
  world: World,
  op: Operation,
  principal: Principal | undefined,
  params: Record<string, string | number>,
): ModelError | undefined {
  if (!principal) return;
  const scope = op.auth.scope;
  if (
    scope !== 'none' &&
    scope !== 'none-listed' &&
    !(world.fault('read-write-excludes-read-only')
      ? principal.scopes.has('*') || principal.scopes.has(scope)
      : hasScope(principal.scopes, scope)) &&
    !world.fault('scope-ignored')
  ) {
    return fail('forbidden', `Your token lacks the ${scope} scope`);
  }
  const { user } = principal;
  if (!user.restricted) return;
  if (op.access.unrestrictedOnly && !world.fault('restricted-allowed')) {
    return fail('forbidden', 'Unauthorized: this operation is for unrestricted users');
  }
  const grant = op.access.globalGrant;
  if (grant && !user.grants.global[grant]) return fail('forbidden', `Unauthorized: the ${grant} grant is needed`);
  const entity = op.access.entity;
  if (entity) {
    const id = Number(params[entity.param]);
    if (!can(principal, entity.kind, id, 'read_only')) return notFound();
    if (!can(principal, entity.kind, id, entity.permission)) return fail('forbidden', 'Unauthorized');
  }
}

/** Path parameters typed as the documents type them; a value of the wrong type names no resource. */
function typedParams(
  world: World,
  op: Operation,
  raw: Record<string, string>,
): Record<string, string | number> | ModelError {
  const out: Record<string, string | number> = {};
  for (const p of op.pathParams) {
    const value = raw[p.name] ?? '';
    if (p.type === 'integer') {
      if (!/^\d{1,15}$/.test(value)) return notFound();
      const n = Number(value);
      const problems = checkField(p, n, p.name, p.name);
      if (problems.length) return invalid(p.name, (problems[0] as Violation).message);
      const strict = strictParamRefusal((name) => world.fault(name), op, p.name, n);
      if (strict) return invalid(p.name, strict);
      out[p.name] = n;
    } else out[p.name] = value;
  }
  return out;
}

function parseQuery(world: World, op: Operation, query: URLSearchParams): Record<string, string> | ModelError {
  const out: Record<string, string> = {};
  for (const p of op.query) {
    const raw = query.get(p.name);
    if (raw === null) continue;
    out[p.name] = raw;
    // The reference server applies the conventional bounds to every list (DECISIONS 8).
    const param = p.name === 'page' ? pageParam : p.name === 'page_size' ? pageSizeParam : p;
    const value = param.type === 'integer' ? (/^-?\d+$/.test(raw) ? Number(raw) : raw) : raw;
    const problems = checkField(param, value, p.name, p.name);
    if (problems.length && !world.fault('paging-bounds-ignored'))
      return invalid(p.name, (problems[0] as Violation).message);
    const strict = strictParamRefusal((name) => world.fault(name), op, p.name, value);
    if (strict) return invalid(p.name, strict);
  }
  return out;
}

/** The body, or the error refusing it. */
function parseBody(world: World, op: Operation, req: IncomingApiRequest): Record<string, unknown> | ModelError {
  if (!op.body || op.body.kind === 'file') return {};
  // A blank body is an empty object: its required fields are still missing.
  if (req.rawBody.trim() === '') return validated(world, op, {});
  if (world.fault('non-json-accepted') && !parseJson(req.rawBody)) return validated(world, op, {});
  if (req.contentType !== undefined && !/^application\/json\b/i.test(req.contentType)) {
    return fail('unsupported-media-type', 'Content-Type must be application/json');
  }
  // `5.0` stays as written, so an integer field refuses it; a server that reads it as 5 has the fault.
  const parsed = parseJson(req.rawBody, !world.fault('whole-float-read-as-integer'));
  if (!parsed) return invalid(undefined, 'Request body is not valid JSON');
  const body = validated(world, op, parsed.value);
  return body instanceof ModelError || !mayHoldWholeFloats(req.rawBody)
    ? body
    : (withRawNumbersRead(body) as Record<string, unknown>);
}

/** JSON.parse without the stack trace its SyntaxError would capture (costlier than the parse): undefined when not JSON. */
function parseJson(raw: string, keepWholeFloats = false): { value: unknown } | undefined {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    return { value: keepWholeFloats ? parseKeepingWholeFloats(raw) : JSON.parse(raw) };
  } catch {
    return undefined;
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/** What the event of a rejected request would name (for the event-for-rejected fault): the id in the path, the label sent. */
function rejectedEntity(op: Operation, req: IncomingApiRequest) {
  const id = Number(Object.values(req.params).at(-1) ?? 0) || 0;
  const body = parseJson(req.rawBody)?.value as { label?: unknown } | null | undefined;
  const label = typeof body?.label === 'string' ? body.label : null;
  return { id, type: op.id.split('/')[0] ?? '', label: label ?? '', url: '' };
}

function validated(world: World, op: Operation, body: unknown): Record<string, unknown> | ModelError {
  if (!op.body) return {};
  // Repairing faults rewrite bad values into valid ones before validation, as lenient servers do.
  const read = repaired((name) => world.fault(name), op, body);
  const violations = checkBody(op.body, read).filter((v) => !ruleSkipped(world, op.id, v.suffix));
  const stricter = isObject(read) ? stricterRefusals((name) => world.fault(name), op, read) : [];
  if (violations.length || stricter.length) {
    return new ModelError('validation', [
      ...violations.map(
        (v) => ({ field: v.location || undefined, reason: v.message }) as { field?: string; reason: string },
      ),
      ...stricter,
    ]);
  }
  // Too-strict faults refuse what the documents allow (a label over half its maximum, an optional field left out).
  const strict = strictRefusals((name) => world.fault(name), op, read);
  if (strict.length) return new ModelError('validation', strict);
  // An optional member sent as null was not given (DECISIONS 17): handlers never see it.
  return op.body.kind === 'json' ? (withoutAbsentMembers(op.body.fields, read) as Record<string, unknown>) : {};
}

/** The page size a list answers with: the one asked for, or under `short-pages` at most the cap where the documents show no bounds. */
function pageSizeOf(world: World, op: Operation, query: Record<string, string>): number {
  const asked = Number(query.page_size ?? PAGE_SIZE.default);
  return op.paging === 'bounds-not-shown' && world.variant('short-pages') ? Math.min(asked, SHORT_PAGE_CAP) : asked;
}

function page(world: World, op: Operation, items: unknown[], query: Record<string, string>) {
  const pageSize = pageSizeOf(world, op, query);
  const pageNumber = Number(
    query.page ?? (world.fault('default-page-last') ? Math.max(1, Math.ceil(items.length / pageSize)) : PAGE.default),
  );
  const pages = Math.max(1, Math.ceil(items.length / pageSize));
  const start = world.fault('paging-ignored') ? 0 : (pageNumber - 1) * pageSize;
  const data = world.fault('paging-ignored') ? items : items.slice(start, start + pageSize);
  const results = items.length + (world.fault('envelope-count-off') ? 1 : 0);
  if (world.fault('envelope-pages-missing')) return { data, page: pageNumber, results };
  return { data, page: pageNumber, pages, results };
}

/** The answer to a refused request; with the event-for-rejected fault, the event the refused operation would have recorded. */
function refused(world: World, req: IncomingApiRequest, caller: Principal | undefined, error: ModelError): ApiResponse {
  const { op } = req;
  const emission = op.events[0];
  if (caller && emission && error.kind === 'validation' && world.fault('event-for-rejected')) {
    caller.account.events.record(emission.action, rejectedEntity(op, req), caller.user.username);
  }
  return errorResponse(error, world);
}

/**
 * Each stage returns the error refusing a request rather than throwing it: V8 works out where every
 * throw happens (a costly walk of the stack) and never optimises a function that only exits by
 * throwing, and most requests of a conformance run are refused here. Handlers still throw.
 */
export function handle(world: World, handlers: Record<string, Handler>, req: IncomingApiRequest): ApiResponse {
  const { op } = req;
  if (op.status.kind === 'disabled')
    return refused(world, req, undefined, fail('disabled', 'This operation is disabled and no longer accessible'));
  const principal = authenticate(world, op, req.token);
  if (principal instanceof ModelError) return refused(world, req, undefined, principal);
  const params = typedParams(world, op, req.params);
  if (params instanceof ModelError) return refused(world, req, principal, params);
  const denied = authorize(world, op, principal, params);
  if (denied) return refused(world, req, principal, denied);
  const query = parseQuery(world, op, req.query);
  if (query instanceof ModelError) return refused(world, req, principal, query);
  const body = parseBody(world, op, req);
  if (body instanceof ModelError) return refused(world, req, principal, body);
  const handler = handlers[op.id];
  if (!handler)
    return refused(world, req, principal, notFound(`${op.name} is not implemented by the reference server`));
  const ctx: RequestContext = { op, world, params, query, body };
  if (principal) {
    ctx.principal = principal;
    ctx.account = principal.account;
  }
  if (op.body?.kind === 'file') ctx.file = { contentType: req.contentType, bytes: req.bytes ?? new Uint8Array(0) };
  try {
    const result = handler(ctx);
    if (principal && op.method === 'GET' && world.variant('held-actions-end-early'))
      endActionsInProgress(world, principal.account);
    if (op.response.kind === 'envelope') return { status: 200, body: page(world, op, result as unknown[], query) };
    const answer = withKept(world, op, params, result ?? {});
    return { status: 200, body: withEchoes((name) => world.fault(name), world, op, params, body, answer) };
  } catch (error) {
    if (error instanceof ModelError) return refused(world, req, principal, error);
    throw error;
  }
}
