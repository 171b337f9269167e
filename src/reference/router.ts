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
  }

  match(root: Root, method: string, path: string): Match {
    const parts = path.split('/').filter(Boolean);
    const allowed: string[] = [];
    for (const route of this.routes[root]) {
      const params = matchSegments(route, parts);
      if (!params) continue;
      if (route.op.method === method) return { kind: 'found', op: route.op, params };
      allowed.push(route.op.method);
    }
    return allowed.length ? { kind: 'method-not-allowed', allowed } : { kind: 'not-found' };
  }
}

function matchSegments(route: Route, parts: string[]): Record<string, string> | undefined {
  if (route.segments.length !== parts.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < parts.length; i++) {
    const seg = route.segments[i];
    const part = parts[i] as string;
    if (seg === undefined) return undefined;
    if (typeof seg === 'string') {
      if (seg !== part) return undefined;
    } else {
      try {
        params[seg.param] = decodeURIComponent(part);
      } catch {
        return undefined;
      }
    }
  }
  return params;
}
