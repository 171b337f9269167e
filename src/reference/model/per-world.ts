// State an area keeps for a whole world rather than per account (client ids, transfer tokens, address pools, promo codes): made on first use, gone with the world, and named so that a state snapshot carries it.

import type { World } from './world.js';

/** Every world-wide state by name, so a snapshot can take and give back each one. */
const registry = new Map<string, WeakMap<World, unknown>>();

/** A reader of one area's world-wide state: the same object for a world every time, made by `create` the first time. */
export function perWorld<T>(name: string, create: () => T): (world: World) => T {
  if (registry.has(name)) throw new Error(`per-world state ${name} is declared twice`);
  const states = new WeakMap<World, T>();
  registry.set(name, states as WeakMap<World, unknown>);
  return (world) => {
    let state = states.get(world);
    if (state === undefined) {
      state = create();
      states.set(world, state);
    }
    return state;
  };
}

/** The world-wide states a world has made so far, by name (for a state snapshot). */
export function perWorldStates(world: World): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, states] of registry) if (states.has(world)) out[name] = states.get(world);
  return out;
}

/** Puts back the states of a snapshot: one it does not hold is made afresh on next use; an unknown name is refused. */
export function restorePerWorldStates(world: World, saved: Record<string, unknown>, options = { dryRun: false }): void {
  for (const name of Object.keys(saved))
    if (!registry.has(name)) throw new Error(`state: unknown world-wide state ${name}`);
  if (options.dryRun) return;
  for (const [name, states] of registry) {
    if (name in saved) states.set(world, saved[name]);
    else states.delete(world);
  }
}
