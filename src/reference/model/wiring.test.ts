// Self-test of the model wiring: building worlds wires the models once, so each per-instance hook runs once per event.

import { describe, expect, test } from 'vitest';
import { instanceDeletedHooks, instanceMovedHooks } from './instances.js';
import { createWorld, wireModels } from './wiring.js';

describe('model wiring', () => {
  test('building several worlds installs each hook once', () => {
    createWorld();
    createWorld(new Set(), 10);
    wireModels();
    expect(instanceDeletedHooks).toHaveLength(2);
    expect(instanceMovedHooks).toHaveLength(2);
    expect(new Set(instanceDeletedHooks).size).toBe(2);
  });
});
