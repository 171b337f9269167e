// The resources a path addresses, read from the operation paths: where a literal segment stands beside a sibling's parameter (`.../backups/cancel` beside `.../backups/{backupId}`), the literal names a resource of its own, never an id.

import type { HttpMethod, Operation, Root } from './types.js';

export interface LiteralResource {
  root: Root;
  /** The path as the documents write it (`/node/instances/{nodeId}/backups/cancel`). */
  path: string;
  /** The methods of the resource: one per operation at the path. */
  methods: HttpMethod[];
  /** An operation at the path (the first), for its path parameters. */
  operation: string;
  /** The templated sibling paths a router could mistake it for. */
  siblings: string[];
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);
const isParam = (segment: string) => segment.startsWith('{');

/** Whether `sibling`, of as many segments, has a parameter where `path` has a literal and agrees everywhere else. */
function shadows(sibling: string[], path: string[]): boolean {
  if (sibling.length !== path.length) return false;
  let literalAgainstParam = false;
  for (const [i, s] of sibling.entries()) {
    const p = path[i] as string;
    if (isParam(s) && !isParam(p)) literalAgainstParam = true;
    else if (s !== p && !(isParam(s) && isParam(p))) return false;
  }
  return literalAgainstParam;
}

/** Every path with a literal segment where a sibling path of the same root has a parameter, with its methods. */
export function literalResources(operations: readonly Operation[]): LiteralResource[] {
  const byPath = new Map<string, Operation[]>();
  for (const op of operations) {
    const key = `${op.root} ${op.path}`;
    byPath.set(key, [...(byPath.get(key) ?? []), op]);
  }
  // Each path split once: comparing every path with every other is quadratic.
  const paths = [...byPath.values()].map((ops) => {
    const first = ops[0] as Operation;
    return { ops, first, segments: segmentsOf(first.path) };
  });
  const out: LiteralResource[] = [];
  for (const { ops, first, segments } of paths) {
    const siblings = paths
      .filter((o) => o.first.root === first.root && shadows(o.segments, segments))
      .map((o) => o.first.path);
    if (siblings.length)
      out.push({
        root: first.root,
        path: first.path,
        methods: ops.map((o) => o.method),
        operation: first.id,
        siblings,
      });
  }
  return out;
}

/** Where the entity an operation creates or changes is read back. */
export interface EntityView {
  /** The view operation (`GET`). */
  view: Operation;
  /** For a create: the path parameter of the view that takes the `id` of the answer. */
  createdParam?: string;
}

/**
 * The view of the entity an operation leaves or changes: the created one (`GET <path>/{id}` after a
 * `POST <path>`), else the one its path names (`.../{nodeId}/rebuild` reads `.../{nodeId}`, a `PUT`
 * its own path); undefined where the documents have no such view (a card added without one).
 */
export function entityViewOf(op: Operation, operations: readonly Operation[]): EntityView | undefined {
  const views = operations.filter((o) => o.method === 'GET' && o.root === op.root);
  if (op.method === 'POST') {
    for (const view of views) {
      const segments = segmentsOf(view.path);
      const last = segments.at(-1);
      if (last && isParam(last) && `/${segments.slice(0, -1).join('/')}` === op.path)
        return { view, createdParam: last.slice(1, -1) };
    }
  }
  const segments = segmentsOf(op.path);
  const through = segments.findLastIndex(isParam);
  if (through < 0) return undefined;
  const path = `/${segments.slice(0, through + 1).join('/')}`;
  const view = views.find((o) => o.path === path);
  return view && { view };
}

/**
 * The collection reads (a GET at a shorter path) above an operation's path, nearest first: where a
 * target that lacks a collection lacks what lies under it too.
 */
export function collectionsAbove(op: Operation, operations: readonly Operation[]): Operation[] {
  const segments = op.path.split('/');
  const above: Operation[] = [];
  for (let n = segments.length - 1; n > 1; n--) {
    const path = segments.slice(0, n).join('/');
    const list = operations.find((o) => o.method === 'GET' && o.root === op.root && o.path === path);
    if (list) above.push(list);
  }
  return above;
}
