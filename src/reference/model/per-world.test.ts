// Unit tests of per-world state: one object per world, made once, never shared between worlds.

import { expect, test } from 'vitest';
import { perWorld } from './per-world.js';
import { World } from './world.js';

test('a world gets the same state every time, made on first use; another world gets its own', () => {
  let made = 0;
  const counters = perWorld(() => ({ made: ++made, count: 0 }));
  const first = new World();
  const second = new World();
  expect(made).toBe(0);
  counters(first).count += 2;
  expect(counters(first)).toEqual({ made: 1, count: 2 });
  expect(counters(second)).toEqual({ made: 2, count: 0 });
});
