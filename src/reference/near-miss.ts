// The near miss of a request the fake refused: which operation it called, what the answer said, and which rules of the documents it broke (requirement, level, our sentence and where the documents say it), for the client developer who sent it.

import { requirementId } from '../../spec/derive.js';
import { checkBody } from '../../spec/evaluate.js';
import { operations, requirementById, requirements } from '../../spec/index.js';
import type { DerivedFrom, Operation, Requirement, Root } from '../../spec/types.js';
import { Router } from './router.js';

export interface BrokenRule {
  requirement: string;
  level: string;
  /** The rule in one sentence. */
  text: string;
  /** Where the documents state it: part and section. */
  documents: string;
}

export interface NearMiss {
  /** The operation of the documents the request called. */
  operation?: string;
  /** What the answer's error body said (`field: reason`). */
  said: string[];
  /** The rules it broke; empty when none of the encoding names the refusal (a rule of state, a conflict). */
  rules: BrokenRule[];
  /** What to change, when no rule says it: the route, the methods a path takes. */
  hint?: string;
}

const router = new Router(operations);
const ROOTS: [string, Root][] = [
  ['/v4beta', 'beta'],
  ['/v4', 'base'],
];

function routeOf(path: string): { root: Root; rest: string } | undefined {
  for (const [prefix, root] of ROOTS)
    if (path === prefix || path.startsWith(`${prefix}/`)) return { root, rest: path.slice(prefix.length) };
  return undefined;
}

/** The operation a method and path call, when one of the documents does. */
export function operationAt(method: string, path: string): Operation | undefined {
  const route = routeOf(path);
  if (!route) return undefined;
  const m = router.match(route.root, method === 'HEAD' ? 'GET' : method, route.rest);
  return m.kind === 'found' ? m.op : undefined;
}

const broken = (r: Requirement): BrokenRule => ({
  requirement: r.id,
  level: r.level,
  text: r.text,
  documents: `Part ${r.source.part}, ${r.source.section}`,
});

/** The requirement derived for an operation, when the encoding has it. */
function derived(op: Operation, from: DerivedFrom): Requirement | undefined {
  return requirementById.get(requirementId({ operation: op.id, ...from } as Parameters<typeof requirementId>[0]));
}

function said(responseBody: string): { lines: string[]; fields: string[] } {
  try {
    const parsed = JSON.parse(responseBody) as { errors?: { field?: unknown; reason?: unknown }[] };
    const items = Array.isArray(parsed.errors) ? parsed.errors : [];
    return {
      lines: items.map((e) => (typeof e.field === 'string' ? `${e.field}: ${String(e.reason)}` : String(e.reason))),
      fields: items.flatMap((e) => (typeof e.field === 'string' ? [e.field] : [])),
    };
  } catch {
    return { lines: [], fields: [] };
  }
}

/** The body rules a request body breaks, by the same evaluator the pipeline refuses with. */
function bodyRules(op: Operation, requestBody: string): Requirement[] {
  if (op.body?.kind !== 'json') return [];
  let body: unknown;
  try {
    body = requestBody.trim() === '' ? {} : JSON.parse(requestBody);
  } catch {
    return [];
  }
  const ids = new Set(checkBody(op.body, body).map((v) => `${op.id}/${v.suffix}`));
  return [...ids].flatMap((id) => requirementById.get(id) ?? []);
}

/** Prose rules of the operation about a field the answer named: rules of state the evaluator cannot decide. */
const proseAbout = (op: Operation, fields: string[]) =>
  requirements.filter((r) => {
    const subject = r.subject;
    if (r.derived || subject.kind !== 'operation' || subject.operation !== op.id || !subject.field) return false;
    return fields.some((f) => f.replace(/\[\d+\]/g, '') === subject.field);
  });

function accessRules(op: Operation, reasons: string): Requirement[] {
  const candidates: (Requirement | undefined)[] = /scope/i.test(reasons)
    ? [derived(op, { kind: 'auth', check: 'scope-required' })]
    : /unrestricted/i.test(reasons)
      ? [derived(op, { kind: 'unrestricted-only' })]
      : op.access.globalGrant && /grant/i.test(reasons)
        ? [derived(op, { kind: 'global-grant', grant: op.access.globalGrant })]
        : (['read_only', 'read_write'] as const).map((permission) =>
            derived(op, { kind: 'entity-permission', permission }),
          );
  return candidates.filter((r): r is Requirement => r !== undefined);
}

/** Why the fake refused a request (a 4xx of the API), in the documents' terms. */
export function nearMiss(
  method: string,
  path: string,
  status: number,
  requestBody: string,
  responseBody: string,
): NearMiss {
  const answer = said(responseBody);
  const op = operationAt(method, path);
  if (!op) {
    const route = routeOf(path);
    const methods = route ? router.methodsAt(route.root, route.rest) : [];
    return {
      said: answer.lines,
      rules: [],
      hint: methods.length
        ? `the documents have ${methods.join(', ')} on this path, not ${method}`
        : `no operation of the documents has this path (under ${route ? route.root : 'no root'})`,
    };
  }
  let rules: Requirement[] = [];
  if (status === 401) rules = [derived(op, { kind: 'auth', check: 'token-required' })].flatMap((r) => r ?? []);
  else if (status === 403) rules = accessRules(op, answer.lines.join(' '));
  else if (status === 404) rules = [derived(op, { kind: 'unknown-id' })].flatMap((r) => r ?? []);
  else if (status === 410) rules = [derived(op, { kind: 'disabled' })].flatMap((r) => r ?? []);
  else {
    rules = bodyRules(op, requestBody);
    if (!rules.length) rules = proseAbout(op, answer.fields);
  }
  return { operation: op.id, said: answer.lines, rules: rules.map(broken) };
}
