// Matches a method and path to an encoded operation, reading every route from spec/ so the server serves exactly the documented API.

import type { Operation, Root } from '../../spec/types.js';

export type Match =
  | { kind: 'found'; op: Operation; params: Record<string, string> }
  | { kind: 'not-found' }
  | { kind: 'method-not-allowed'; allowed: string[] };

interface Route {
  op: Operation;
  segments: (string | { param: string })[];
}

const compile = (op: Operation): Route => ({
  op,
  segments: op.path
    .split('/')
    .filter(Boolean)
    .map((s) => (s.startsWith('{') ? { param: s.slice(1, -1) } : s)),
});

/** Literal segments before parameters, so `/managed/credentials/sshkey` wins over `/managed/credentials/{id}`. */
const specificity = (r: Route) => r.segments.map((s) => (typeof s === 'string' ? '0' : '1')).join('');

export class Router {
  private readonly routes: Record<Root, Route[]> = { base: [], beta: [] };

  constructor(operations: readonly Operation[]) {
    for (const op of operations) {
      const route = compile(op);
      this.routes[op.root].push(route);
      // Real clients call stable operations under the beta root too.
      if (op.root === 'base') this.routes.beta.push(route);
    }
    for (const list of Object.values(this.routes)) list.sort((a, b) => specificity(a).localeCompare(specificity(b)));
    for (const root of ['base', 'beta'] as Root[]) {
      for (const route of this.routes[root]) {
        const key = String(route.segments[0]);
        this.byFirst[root].set(key, [...(this.byFirst[root].get(key) ?? []), route]);
      }
    }
  }

  /** Every path starts with a literal segment (`vpcs`, `node`, ...): only routes sharing it can match. */
  private readonly byFirst: Record<Root, Map<string, Route[]>> = { base: new Map(), beta: new Map() };

  /**
   * The operation a method and path name. A path addresses one resource, the most specific template
   * it matches: a literal segment is never read as a parameter of a templated sibling
   * (`.../backups/cancel` is not backup `cancel`), so only that template's methods are allowed.
   * `literalFirst` false is the defect of reading it so (the `literal-segment-as-id` fault).
   */
  match(root: Root, method: string, path: string, literalFirst = true): Match {
    const parts = segmentsOf(path);
    const allowed: string[] = [];
    let addressed: string | undefined;
    // Routes come most specific first: the first template that matches is the resource addressed.
    for (const route of this.byFirst[root].get(parts[0] ?? '') ?? []) {
      if (literalFirst && addressed !== undefined && route.op.path !== addressed) continue;
      const params = matchSegments(route, parts);
      if (!params) continue;
      addressed ??= route.op.path;
      if (route.op.method === method) return { kind: 'found', op: route.op, params };
      allowed.push(route.op.method);
    }
    return allowed.length ? { kind: 'method-not-allowed', allowed: [...new Set(allowed)] } : { kind: 'not-found' };
  }

  /** The operations of the resource a path addresses (as `match` reads it), whatever their method. */
  operationsAt(root: Root, path: string): Operation[] {
    const parts = segmentsOf(path);
    const matching = (this.byFirst[root].get(parts[0] ?? '') ?? []).filter((r) => matchSegments(r, parts));
    const addressed = matching[0]?.op.path;
    return matching.filter((r) => r.op.path === addressed).map((r) => r.op);
  }

  /** The methods a path takes (none for an unknown path): what `Allow` and a CORS preflight list. */
  methodsAt(root: Root, path: string, literalFirst = true): string[] {
    const m = this.match(root, '', path, literalFirst);
    return m.kind === 'method-not-allowed' ? m.allowed : [];
  }
}

/** The non-empty segments of a path, as `split('/').filter(Boolean)` gives them, without its two arrays. */
function segmentsOf(path: string): string[] {
  const parts: string[] = [];
  let start = 0;
  while (start < path.length) {
    let end = path.indexOf('/', start);
    if (end < 0) end = path.length;
    if (end > start) parts.push(path.slice(start, end));
    start = end + 1;
  }
  return parts;
}

/** Ids that are themselves paths (`node/grub2`): a final parameter of these may span the remaining segments. */
const PATH_LIKE_PARAMS = new Set(['kernelId']);

function matchSegments(route: Route, parts: string[]): Record<string, string> | undefined {
  const last = route.segments.at(-1);
  if (typeof last === 'object' && PATH_LIKE_PARAMS.has(last.param) && parts.length > route.segments.length) {
    const head = parts.slice(0, route.segments.length - 1);
    const params = matchSegments({ ...route, segments: route.segments.slice(0, -1) }, head);
    const rest = decoded(parts.slice(route.segments.length - 1).join('/'));
    return params && rest !== undefined ? { ...params, [last.param]: rest } : undefined;
  }
  if (route.segments.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const seg = route.segments[i];
    const part = parts[i] as string;
    if (seg === undefined) return undefined;
    if (typeof seg === 'string') {
      if (seg !== part) return undefined;
    } else {
      const value = decoded(part);
      if (value === undefined) return undefined;
      params[seg.param] = value;
    }
  }
  return params;
}

function decoded(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}
