// States in which the documents say an entity cannot be removed (an accepted or canceled transfer, the default payment method): a run's cleanup neither tries to remove such an entity nor lists it as left.

import { operationById, operations, requirementById, stateTables } from './index.js';
import type { Operation } from './types.js';

export interface RemovalLimit {
  /** The operations that remove the entity (a deprecated form beside its replacement). */
  removes: string[];
  /** The requirements that forbid the removal in such a state. */
  requirements: string[];
  /** Operations whose success (on the entity their path names) puts it in such a state. */
  after: string[];
  /** A member of the entity's record, read back, whose value puts it in such a state. */
  member?: { name: string; values: readonly unknown[] };
}

/** An operation, or the replacement of a deprecated one: state tables name the replacements. */
const current = (op: Operation): string =>
  op.status.kind === 'deprecated' ? (op.status.replacement[0] ?? op.id) : op.id;

/** Every operation that stands for the same one (itself, its replacement, the deprecated forms). */
export const formsOf = (id: string): string[] => {
  const op = operationById.get(id);
  const of = op ? current(op) : id;
  return operations.filter((o) => current(o) === of).map((o) => o.id);
};

/** A DELETE, or a destructive action without a body (a transfer's cancel): what removes a created entity. */
const removes = (op: Operation) => op.method === 'DELETE' || (op.effects.includes('destructive') && !op.body);

/**
 * From each state table: the removal may start only from the states its transitions leave; any
 * other transition out of those states (an accept; the removal itself) ends where it cannot.
 */
const fromStateTables: RemovalLimit[] = stateTables.flatMap((table) =>
  table.transitions.flatMap((removal) => {
    const remove = operationById.get(removal.trigger);
    if (!remove || !removes(remove) || table.transitions.some((t) => t.trigger === removal.trigger && t !== removal))
      return [];
    const forms = formsOf(removal.trigger);
    const after = table.transitions
      .filter((t) => t.from === removal.from && t.to !== removal.from && operationById.has(t.trigger))
      .flatMap((t) => formsOf(t.trigger))
      .filter((id) => !forms.includes(id));
    // The requirements that say so, named by the state: `<removal>/not-<state>`.
    const requirements = table.states
      .map((state) => `${removal.trigger}/not-${state}`)
      .filter((id) => requirementById.has(id));
    return after.length && requirements.length ? [{ removes: forms, requirements, after }] : [];
  }),
);

export const removalLimits: readonly RemovalLimit[] = [
  ...fromStateTables,
  {
    removes: ['billing/payment-methods/delete'],
    requirements: ['billing/payment-methods/delete/default-rejected'],
    after: [],
    // The create body's member of that name: the record, read back, is taken to carry it too.
    member: { name: 'is_default', values: [true] },
  },
];

/** The limits on removing what an operation removes. */
export const limitsOfRemoval = (removeId: string): RemovalLimit[] =>
  removalLimits.filter((l) => l.removes.includes(removeId));
