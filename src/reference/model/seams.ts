// The seams of the cross-cutting faults: each is implemented once, here or in the event log, so the models read like the rules they implement.

import type { World } from './world.js';

/** Applies an update to the stored item; under `update-ignored` the update answers as if applied but nothing changes. */
export function applyUpdate(world: World, apply: () => void): void {
  if (!world.fault('update-ignored')) apply();
}

/** Removes a deleted item from where it is stored; under `delete-keeps-item` the delete answers but the item stays. */
export function removeDeleted(world: World, remove: () => void): void {
  if (!world.fault('delete-keeps-item')) remove();
}

/**
 * Whether a body rule (`<operation id>/<rule>`) is switched off by its `skip:` fault: one name
 * switches off a rule the pipeline judges and one only a model can (uniqueness, state, cross rules).
 */
export const ruleSkipped = (world: World, operation: string, rule: string): boolean =>
  world.fault(`skip:${operation}/${rule}`);
