// How a run shows that an entity is its own before safe mode lets it change or delete it: the create answer echoed what was sent, and the entity, read back, still carries the run's prefix.

import { operations } from '../../spec/index.js';
import type { Operation } from '../../spec/types.js';

/** Members that name what a create made; an answer must give back the values sent in them. */
const NAMING_MEMBERS = ['label', 'username', 'name'] as const;

/** Members that carry the run's prefix: the label, else (a user) the username; a StackScript's `username` names its author. */
const PREFIXED_MEMBERS = ['label', 'username'] as const;

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * Why a create answer does not show it made what was sent (it names another entity), or undefined
 * when it gives back at least one naming member sent and contradicts none. A create sent without any naming member is taken on its
 * id alone (a disk clone, an address): the entity it hangs under was shown to be the run's first.
 */
export function echoProblem(sent: unknown, answer: Record<string, unknown>): string | undefined {
  if (!isRecord(sent)) return undefined;
  const named = NAMING_MEMBERS.filter((m) => typeof sent[m] === 'string');
  if (named.length === 0) return undefined;
  // A member the record does not show (a managed credential's username) proves nothing either way.
  for (const member of named) {
    if (answer[member] !== undefined && answer[member] !== sent[member]) {
      return `the create answer's \`${member}\` is ${JSON.stringify(answer[member])}, not the ${JSON.stringify(sent[member])} sent`;
    }
  }
  return named.some((m) => answer[m] === sent[m])
    ? undefined
    : `the create answer gives back none of ${named.map((m) => `\`${m}\``).join(', ')} sent`;
}

/** Why a record read back is not the run's (a label or username without its prefix), or undefined. */
export function prefixProblem(record: unknown, prefix: string): string | undefined {
  if (!isRecord(record)) return 'the entity read back is not a JSON object';
  const member = PREFIXED_MEMBERS.find((m) => record[m] !== undefined && record[m] !== null);
  if (!member) return undefined;
  const value = record[member];
  return typeof value === 'string' && value.startsWith(prefix)
    ? undefined
    : `its \`${member}\` read back does not start with the run's prefix ${prefix}`;
}

/** The view of the entity at the root of an operation's path (`GET /vpcs/{vpcId}` for a subnet's delete), if the encoding has one. */
export function rootView(op: Operation): Operation | undefined {
  const root = op.pathParams[0];
  if (!root) return undefined;
  const marker = `{${root.name}}`;
  const path = op.path.slice(0, op.path.indexOf(marker) + marker.length);
  return operations.find(
    (o) => o.method === 'GET' && o.root === op.root && o.path === path && o.response.kind !== 'envelope',
  );
}
