// Self-tests of the fault catalogue: every fault the code checks is catalogued, every catalogued fault exists in the code, and every expected catch is a requirement.

import { describe, expect, test } from 'vitest';
import { requirementById } from '../../spec/index.js';
import { faults } from './faults.js';
import { World } from './model/world.js';
import { namesInCode } from './test-support/names-in-code.js';

/** Fault names written literally in the server's code (`world.fault('name')`); `skip:` names are generic. */
const inCode = namesInCode('fault', 'faults.ts');

describe('fault catalogue', () => {
  test('every fault the server code checks is catalogued', () => {
    const catalogued = new Set(faults.map((x) => x.name));
    expect([...inCode].filter((name) => !catalogued.has(name))).toEqual([]);
  });

  test('every catalogued fault exists in the server code (skip:, repair:, strict:, event-missing: and echo: faults are generic)', () => {
    const generic = ['skip:', 'repair:', 'strict:', 'event-missing:', 'echo:'];
    expect(
      faults
        .filter((x) => !generic.some((family) => x.name.startsWith(family)) && !inCode.has(x.name))
        .map((x) => x.name),
    ).toEqual([]);
  });

  test('every requirement a fault is expected to fail exists', () => {
    const bad = faults.flatMap((x) =>
      x.catches.filter((id) => !requirementById.has(id)).map((id) => `${x.name}: ${id}`),
    );
    expect(bad).toEqual([]);
  });

  test('names are unique', () => {
    const names = faults.map((x) => x.name);
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });
});

describe('fault names are typed', () => {
  test('world.fault takes catalogued names and the generated families, and a typo fails the typecheck', () => {
    const world = new World(new Set(['update-ignored', 'skip:vpcs/create/label-length']));
    expect(world.fault('update-ignored')).toBe(true);
    expect(world.fault('skip:vpcs/create/label-length')).toBe(true);
    expect(world.fault('repair:vpcs/create/label-length')).toBe(false);
    expect(world.fault('strict:vpcs/create/label-length-accepted')).toBe(false);
    // @ts-expect-error: no fault has this name; if FaultName ever widens to string, tsc fails on this unused directive.
    expect(world.fault('update-ignord')).toBe(false);
  });
});
