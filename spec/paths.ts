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
  const out: LiteralResource[] = [];
  for (const ops of byPath.values()) {
    const first = ops[0] as Operation;
    const siblings = [...byPath.values()]
      .map((others) => others[0] as Operation)
      .filter((o) => o.root === first.root && shadows(segmentsOf(o.path), segmentsOf(first.path)))
      .map((o) => o.path);
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
