// State an area keeps for a whole world rather than per account (client ids, transfer tokens, address pools, promo codes): made on first use, gone with the world.

import type { World } from './world.js';

/** A reader of one area's world-wide state: the same object for a world every time, made by `create` the first time. */
export function perWorld<T>(create: () => T): (world: World) => T {
  const states = new WeakMap<World, T>();
  return (world) => {
    let state = states.get(world);
    if (state === undefined) {
      state = create();
      states.set(world, state);
    }
    return state;
  };
}
