// What the run's journal says is still on the target, as litter to delete: entities made and not deleted since, less those that went with their parent.

import { operationById, operations } from '../../spec/index.js';
import type { Operation } from '../../spec/types.js';
import { entityKey, type JournalTarget, type Made, readJournal } from '../target/journal.js';
import { removalOf } from '../target/removal.js';
import type { Litter } from './delete.js';

/** The view that goes with each removal operation, by the removal's id. */
const viewOf = new Map<string, Operation>(
  operations.flatMap((op) => {
    const r = removalOf(op);
    return r?.view ? [[r.remove.id, r.view]] : [];
  }),
);

/** The removal of the entity whose path this one's lies under (`/node/instances/{nodeId}` for a disk), with its parameters. */
function parentKey(m: Made): string | undefined {
  const remove = operationById.get(m.remove);
  if (!remove || remove.pathParams.length < 2) return undefined;
  const parentPath = remove.path.replace(/\/[^/]+\/\{[A-Za-z]+\}$/, '');
  const parent = operations.find((o) => o.method === 'DELETE' && o.root === remove.root && o.path === parentPath);
  if (!parent) return undefined;
  const params = Object.fromEntries(parent.pathParams.map((p) => [p.name, m.params[p.name] ?? '']));
  return entityKey(parent.id, params);
}

export interface JournalLitter {
  litter: Litter[];
  /** Whose journal it is (its first line), when it says. */
  target?: JournalTarget;
  /** Lines naming nothing a path can hold: never acted on. */
  unusable: number;
  /** Entities the journal says cannot be removed in their state. */
  kept: number;
}

export function litterFromJournal(path: string): JournalLitter {
  const { left, everMade, target, unusable, kept } = readJournal(path);
  const keys = new Set(left.map((m) => m.key));
  const litter = left.flatMap((m): Litter[] => {
    const remove = operationById.get(m.remove);
    if (!remove) return [];
    // A disk of an instance deleted since went with it: no request needed.
    const parent = parentKey(m);
    if (parent && everMade.has(parent) && !keys.has(parent)) return [];
    const view = viewOf.get(m.remove);
    return [{ remove, params: m.params, ...(m.label ? { label: m.label } : {}), ...(view ? { view } : {}) }];
  });
  return { litter, unusable, kept, ...(target ? { target } : {}) };
}
