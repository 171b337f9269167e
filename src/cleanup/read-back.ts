// Before a cleanup deletes an entity, it reads it back from the target it deletes on: the record must be the one the path names and carry the run's prefix (or the name the target's own create answer gave it); the label shown is the one read back.

import type { Operation } from '../../spec/types.js';
import { idMemberOf, readBackProblem } from '../target/ownership.js';
import type { Session } from '../target/session.js';

/** An entity a cleanup would delete (delete.ts's Litter). */
interface Entity {
  remove: Operation;
  params: Record<string, string | number>;
  /** The label the journal's record of the target's create answer gave it, or the list item's. */
  label?: string;
  view?: Operation;
}

export type ReadBack =
  /** Shown to be the run's; `label` is what the target holds now. */
  | { ours: true; label?: string }
  /** Already gone (404): nothing to delete. */
  | { gone: true }
  | { problem: string; label?: string };

const labelOf = (record: unknown): string | undefined => {
  const r = record as Record<string, unknown> | undefined;
  const value = r?.label ?? r?.username;
  return typeof value === 'string' ? value : undefined;
};

/**
 * Whether an entity of the litter is the run's: a name in the path (a tag's label, a username) must
 * start with the prefix; otherwise the entity read back must be that entity, carrying the prefix. An
 * entity the encoding gives no view of is taken on the journal's record of the target's own answer.
 */
export async function readBack(session: Session, l: Entity, prefix: string): Promise<ReadBack> {
  const param = l.remove.pathParams.at(-1);
  if (!param) return { problem: 'its path names no entity' };
  const named = idMemberOf(param.name);
  if (named === 'label' || named === 'username') {
    const value = String(l.params[param.name]);
    return value.startsWith(prefix) || value === l.label
      ? { ours: true, label: value }
      : { problem: `its ${named} does not start with the run's prefix ${prefix}`, label: value };
  }
  const view = l.view;
  if (!view) return { ours: true, ...(l.label ? { label: l.label } : {}) };
  const e = await session.client.send({
    method: 'GET',
    url: session.url(view, l.params),
    token: session.config.token,
  });
  if (e.response?.status === 404) return { gone: true };
  if (e.response?.status !== 200)
    return { problem: `it could not be read back (${e.response?.status ?? e.transportError?.code ?? 'no answer'})` };
  const label = labelOf(e.response.json);
  const problem = readBackProblem(view, l.params, e.response.json, { prefix, ...(l.label ? { madeAs: l.label } : {}) });
  return problem ? { problem, ...(label ? { label } : {}) } : { ours: true, ...(label ? { label } : {}) };
}
