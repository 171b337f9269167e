// Unit tests of per-world state: one object per world, made once, never shared between worlds, and carried by name through a snapshot.

import { expect, test } from 'vitest';
import { perWorld, perWorldStates, restorePerWorldStates } from './per-world.js';
import { World } from './world.js';

test('a world gets the same state every time, made on first use; another world gets its own', () => {
  let made = 0;
  const counters = perWorld('test-counters', () => ({ made: ++made, count: 0 }));
  const first = new World();
  const second = new World();
  expect(made).toBe(0);
  counters(first).count += 2;
  expect(counters(first)).toEqual({ made: 1, count: 2 });
  expect(counters(second)).toEqual({ made: 2, count: 0 });
});

test('states are taken by name and given back; one the snapshot lacks is made afresh; a name is declared once', () => {
  const tally = perWorld('test-tally', () => ({ n: 0 }));
  const world = new World();
  tally(world).n = 3;
  const saved = perWorldStates(world);
  expect(saved['test-tally']).toEqual({ n: 3 });
  restorePerWorldStates(world, { 'test-tally': { n: 7 } });
  expect(tally(world).n).toBe(7);
  restorePerWorldStates(world, {});
  expect(tally(world).n).toBe(0);
  expect(() => restorePerWorldStates(world, { 'test-unknown': {} })).toThrow(/unknown world-wide state/);
  expect(() => perWorld('test-tally', () => 0)).toThrow(/declared twice/);
});
