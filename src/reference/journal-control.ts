// The journal's routes of the control interface: `GET /requests` (filters in the query), `DELETE /requests`, `POST /requests/count` (a matcher in the body); every member checked, a bad one refused with one reason.

import { type Journal, MAX_LISTED, type RequestMatcher } from './journal.js';

interface ControlResponse {
  status: number;
  body: unknown;
}

const ok = (body: unknown): ControlResponse => ({ status: 200, body });
const bad = (reason: string): ControlResponse => ({ status: 400, body: { errors: [{ reason }] } });

const MATCHER_MEMBERS = ['method', 'path', 'pathPrefix', 'status', 'operation', 'since', 'until'] as const;
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

function time(name: string, value: unknown): Date | string {
  const date = typeof value === 'string' ? new Date(value) : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : `${name} must be an ISO 8601 date and time`;
}

/** A status (400), a class (`4xx`) or `dropped`; undefined for anything else. */
function status(value: unknown): number | string | undefined {
  const n = typeof value === 'string' && /^\d{3}$/.test(value) ? Number(value) : value;
  if (typeof n === 'number') return Number.isInteger(n) && n >= 100 && n <= 599 ? n : undefined;
  if (typeof n === 'string' && (/^[1-5]xx$/i.test(n) || n === 'dropped')) return n.toLowerCase();
  return undefined;
}

/** A matcher from JSON members (strings from a query, or a body); a reason when one is wrong. */
export function matcherOf(input: Record<string, unknown>): RequestMatcher | string {
  const unknown = Object.keys(input).filter((k) => !(MATCHER_MEMBERS as readonly string[]).includes(k));
  if (unknown.length) return `unknown matcher member ${unknown.join(', ')} (known: ${MATCHER_MEMBERS.join(', ')})`;
  const m: RequestMatcher = {};
  for (const name of ['path', 'pathPrefix', 'operation'] as const) {
    const value = input[name];
    if (value === undefined) continue;
    if (typeof value !== 'string' || value === '') return `${name} must be a non-empty string`;
    m[name] = value;
  }
  if (input.method !== undefined) {
    if (typeof input.method !== 'string' || !METHODS.includes(input.method.toUpperCase()))
      return `method must be one of ${METHODS.join(', ')}`;
    m.method = input.method.toUpperCase();
  }
  if (input.status !== undefined) {
    const s = status(input.status);
    if (s === undefined) return 'status must be a status (400), a class (4xx) or dropped';
    m.status = s;
  }
  for (const name of ['since', 'until'] as const) {
    if (input[name] === undefined) continue;
    const t = time(name, input[name]);
    if (typeof t === 'string') return t;
    m[name] = t;
  }
  return m;
}

/** `GET /requests?method=&pathPrefix=&status=&since=&limit=`: the newest entries first. */
function listed(journal: Journal, query: URLSearchParams): ControlResponse {
  const members: Record<string, unknown> = {};
  let limit = 100;
  for (const [name, value] of query) {
    if (name === 'limit') {
      limit = Number(value);
      if (!/^\d+$/.test(value) || limit < 1 || limit > MAX_LISTED) return bad(`limit must be 1 to ${MAX_LISTED}`);
    } else members[name] = value;
  }
  const matcher = matcherOf(members);
  if (typeof matcher === 'string') return bad(matcher);
  return ok({ ...journal.list(matcher, limit), journal: journal.usage() });
}

/** Routes under `/requests`, or undefined for a path it does not serve. */
export function journalControl(
  journal: Journal,
  method: string,
  path: string,
  query: URLSearchParams,
  raw: string,
): ControlResponse | undefined {
  switch (`${method} ${path}`) {
    case 'GET /requests':
      return listed(journal, query);
    case 'DELETE /requests':
      return ok({ cleared: journal.clear() });
    case 'POST /requests/count': {
      let body: unknown;
      try {
        body = raw.trim() === '' ? {} : JSON.parse(raw);
      } catch {
        return bad('the matcher must be a JSON object');
      }
      if (body === null || typeof body !== 'object' || Array.isArray(body))
        return bad('the matcher must be a JSON object');
      const matcher = matcherOf(body as Record<string, unknown>);
      return typeof matcher === 'string' ? bad(matcher) : ok({ count: journal.count(matcher) });
    }
    default:
      return undefined;
  }
}
