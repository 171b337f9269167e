// Judges a recorded request against the encoding of its operation: the body, query and path values that break a rule, and the page asked for.

import { pageParam, pageSizeParam } from '../../spec/conventions.js';
import { requirementId } from '../../spec/derive.js';
import { checkBody, checkField, type Violation } from '../../spec/evaluate.js';
import { requirementById } from '../../spec/index.js';
import type { Operation, Param } from '../../spec/types.js';
import { type Exchange, holdsRedaction } from '../http/exchange.js';
import type { Matched } from './match.js';
import { isObject } from './recorded.js';

export interface RequestViolation {
  where: 'body' | 'query' | 'path';
  /** The requirement the broken rule belongs to; undefined when no requirement names it (a query value of the wrong type). */
  requirement?: string;
  /** Where the value sits (`subnets[0].label`, `page`): what an error item's `field` should name. */
  location: string;
  message: string;
}

export interface Paging {
  page?: number;
  pageSize?: number;
  /** Whether page and page size are integers within the conventional bounds, so envelope counts can be judged. */
  judgeable: boolean;
}

export interface JudgedRequest {
  violations: RequestViolation[];
  /** A body sent to a JSON operation that is not JSON, or not sent as JSON. */
  notJson: boolean;
  /** The body as parsed, when it is JSON. */
  body?: unknown;
  paging: Paging;
}

const JSON_TYPE = /^application\/([\w.-]+\+)?json\b/i;

/** The value at a location as evaluate.ts writes it (`a[0].b`), undefined when absent. */
export function valueAtLocation(value: unknown, location: string): unknown {
  let cur = value;
  for (const step of location.match(/[^.[\]]+/g) ?? []) {
    if (Array.isArray(cur)) cur = cur[Number(step)];
    else if (isObject(cur)) cur = cur[step];
    else return undefined;
  }
  return cur;
}

function bodyOf(op: Operation, e: Exchange) {
  const body = op.body;
  if (body?.kind !== 'json') return { violations: [], notJson: false };
  const text = e.request.body ?? '';
  const type = e.request.headers['content-type'];
  // A blank body is an empty object: its required fields are still missing.
  let value: unknown = {};
  if (text.trim() !== '') {
    try {
      value = JSON.parse(text);
    } catch {
      return { violations: [], notJson: true };
    }
  }
  const notJson = text.trim() !== '' && type !== undefined && !JSON_TYPE.test(type);
  // A field's value with a secret cut out of it (a password in a proxy's recording) is no value to judge.
  const violations = checkBody(body, value).filter(
    (v) => v.location === '' || !holdsRedaction(valueAtLocation(value, v.location)),
  );
  return { violations, notJson, value };
}

const asValue = (p: Param, raw: string): unknown => (p.type === 'integer' && /^-?\d+$/.test(raw) ? Number(raw) : raw);

function paramViolations(params: Param[], values: Map<string, unknown>): Violation[] {
  return params.flatMap((p) => (values.has(p.name) ? checkField(p, values.get(p.name), p.name, p.name) : []));
}

function pagingOf(query: URLSearchParams): Paging {
  const read = (p: Param) => {
    const raw = query.get(p.name);
    if (raw === null) return { ok: true };
    const value = asValue(p, raw);
    return { ok: checkField(p, value, p.name, p.name).length === 0, value: value as number };
  };
  const page = read(pageParam);
  const size = read(pageSizeParam);
  return {
    ...(page.value === undefined ? {} : { page: page.value }),
    ...(size.value === undefined ? {} : { pageSize: size.value }),
    judgeable: page.ok && size.ok,
  };
}

export function judgeRequest(match: Matched, e: Exchange): JudgedRequest {
  const { op } = match;
  const url = new URL(e.request.url, 'http://recorded.invalid');
  const named = (where: RequestViolation['where']) => (v: Violation) => {
    const id = requirementId({ operation: op.id, ...v.derivation });
    return { where, ...(requirementById.has(id) ? { requirement: id } : {}), location: v.location, message: v.message };
  };
  const queryValues = new Map<string, unknown>();
  for (const p of op.query) {
    const raw = url.searchParams.get(p.name);
    if (raw !== null) queryValues.set(p.name, asValue(p, raw));
  }
  const pathValues = new Map(Object.entries(match.params));
  const body = bodyOf(op, e);
  return {
    violations: [
      ...paramViolations(op.pathParams, pathValues).map(named('path')),
      ...paramViolations(op.query, queryValues).map(named('query')),
      ...body.violations.map(named('body')),
    ],
    notJson: body.notJson,
    ...('value' in body ? { body: body.value } : {}),
    paging: pagingOf(url.searchParams),
  };
}
