// Finds the operation of spec/ a recorded method and path call: the root the path names, literal segments, and path parameters of the documented types.

import { operations as allOperations } from '../../spec/index.js';
import type { Operation, Root } from '../../spec/types.js';

/** The roots of the documents' URLs: `{base_url}` ends in /v4, `{base_url_beta}` in /v4beta. */
const ROOTS: Record<string, Root> = { v4: 'base', v4beta: 'beta' };

/** Whether a path segment is a root of the documents' URLs. */
export const isRoot = (segment: string): boolean => Object.hasOwn(ROOTS, segment);

export interface Located {
  /** The root the URL names; undefined when the recording left it out. */
  root?: Root;
  /** Raw (still percent-encoded) segments after the root. */
  segments: string[];
}

/** Splits a URL path at its root: everything up to and including `/v4` or `/v4beta` is the base URL. */
export function locate(pathname: string): Located {
  const parts = pathname.split('/').filter(Boolean);
  const at = parts.findIndex(isRoot);
  if (at < 0) return { segments: parts };
  return { root: ROOTS[parts[at] as string] as Root, segments: parts.slice(at + 1) };
}

export interface Matched {
  op: Operation;
  /** Path parameters, integers as numbers. */
  params: Record<string, string | number>;
}

type Segment = string | { name: string; type: 'integer' | 'string' };

interface Route {
  op: Operation;
  segments: Segment[];
}

const INTEGER = /^-?\d{1,15}$/;

const decoded = (s: string): string | undefined => {
  try {
    return decodeURIComponent(s);
  } catch {
    return undefined;
  }
};

function compile(op: Operation): Route {
  const segments = op.path
    .split('/')
    .filter(Boolean)
    .map((s): Segment => {
      if (!s.startsWith('{')) return s;
      const name = s.slice(1, -1);
      const param = op.pathParams.find((p) => p.name === name);
      return { name, type: param?.type ?? 'string' };
    });
  return { op, segments };
}

/** Literal segments sort before parameters, so `/managed/credentials/sshkey` wins over `/{credentialId}`. */
const specificity = (r: Route) => r.segments.map((s) => (typeof s === 'string' ? '0' : '1')).join('');

function bind(route: Route, parts: string[]): Matched | undefined {
  if (route.segments.length !== parts.length) return undefined;
  const params: Record<string, string | number> = {};
  for (const [i, seg] of route.segments.entries()) {
    const part = parts[i] as string;
    if (typeof seg === 'string') {
      if (seg !== part) return undefined;
      continue;
    }
    const value = decoded(part);
    if (value === undefined || value === '') return undefined;
    if (seg.type === 'integer') {
      if (!INTEGER.test(value)) return undefined;
      params[seg.name] = Number(value);
    } else params[seg.name] = value;
  }
  return { op: route.op, params };
}

export class OperationIndex {
  private readonly routes: Route[];

  constructor(operations: readonly Operation[] = allOperations) {
    this.routes = operations.map(compile).sort((a, b) => specificity(a).localeCompare(specificity(b)));
  }

  /**
   * The operation a request calls. Under `/v4` only stable operations answer; under `/v4beta` beta
   * ones and, as clients call them there too, stable ones; a path without a root may be either.
   * A last string parameter may span the remaining segments (kernel ids such as `node/grub2`
   * written with a literal slash), but only when no route matches segment for segment.
   */
  match(method: string, pathname: string): Matched | undefined {
    const { root, segments } = locate(pathname);
    const inRoot = this.routes.filter((r) => root !== 'base' || r.op.root === 'base');
    // The most specific template the path matches is the resource it addresses, whatever the method:
    // a literal segment (`.../backups/cancel`) is never an id of a templated sibling.
    for (const route of inRoot) {
      if (!bind(route, segments)) continue;
      const same = inRoot.find((r) => r.op.path === route.op.path && r.op.method === method);
      return same && bind(same, segments);
    }
    const candidates = inRoot.filter((r) => r.op.method === method);
    for (const route of candidates) {
      const last = route.segments.at(-1);
      if (typeof last !== 'object' || last.type !== 'string' || segments.length <= route.segments.length) continue;
      const head = segments.slice(0, route.segments.length - 1);
      const rest = segments.slice(route.segments.length - 1).join('/');
      const m = bind(route, [...head, encodeURIComponent(decoded(rest) ?? rest)]);
      if (m) return m;
    }
    return undefined;
  }
}
