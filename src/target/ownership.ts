// How a run shows that an entity is its own before safe mode lets it change or delete it: the create answer echoed what was sent, and the entity, read back, still carries the run's prefix.

import { operations, resourceById } from '../../spec/index.js';
import type { Field, Operation } from '../../spec/types.js';

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

/** The record member that names an entity: the parameter's own name when a record has it (username, token, address), `label` for labels, else `id`. */
export function idMemberOf(param: string): string {
  if (param === 'username' || param === 'token' || param === 'address') return param;
  return /Label$/.test(param) ? 'label' : 'id';
}

const shown = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
};

/** The member that carries the run's prefix in a record of this view: the documented label, else username; for a record the documents do not show, whichever it has. */
function prefixedMember(
  fields: readonly Field[] | undefined,
  record: Record<string, unknown>,
): Field | string | undefined {
  if (fields) return PREFIXED_MEMBERS.map((m) => fields.find((f) => f.name === m)).find((f) => f !== undefined);
  return PREFIXED_MEMBERS.find((m) => record[m] !== undefined && record[m] !== null);
}

/**
 * Why a record read back through `view` does not show the entity as the run's, or undefined when it
 * does. It must be one record (not a list), the one the path names (its id), and carry the run's
 * prefix in its label or username where the documents give it one, or else the very name the
 * target's own create answer gave it (`madeAs`, from the journal): a boundary label made by the run.
 */
export function readBackProblem(
  view: Operation,
  params: Record<string, string | number>,
  record: unknown,
  owner: { prefix: string; madeAs?: string },
): string | undefined {
  if (!isRecord(record)) return 'the entity read back is not a JSON object';
  if (Array.isArray(record.data)) return 'what was read back is a list, not the entity';
  const param = view.pathParams.at(-1);
  const resource = view.response.kind === 'object' && view.response.resource;
  const fields = resource ? resourceById.get(resource)?.fields : undefined;
  if (param) {
    const member = idMemberOf(param.name);
    const named = record[member];
    if (named !== undefined && String(named) !== String(params[param.name]))
      return `the record read back is ${member} ${shown(named)}, not the ${shown(params[param.name])} of the path`;
    if (named === undefined && fields?.some((f) => f.name === member))
      return `the record read back does not give its \`${member}\``;
  }
  const prefixed = prefixedMember(fields, record);
  if (!prefixed) return undefined;
  const name = typeof prefixed === 'string' ? prefixed : prefixed.name;
  const value = record[name];
  if ((value === undefined || value === null) && typeof prefixed !== 'string' && prefixed.nullable) return undefined;
  if (typeof value === 'string' && (value.startsWith(owner.prefix) || value === owner.madeAs)) return undefined;
  return `its \`${name}\` read back${value === undefined ? ' is missing and' : ''} does not start with the run's prefix ${owner.prefix}`;
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
