// Self-test of acting deepest first: no item of a depth starts before the deeper ones are done, items of one depth overlap up to the bound, and they start in the order given.

import { describe, expect, it, test } from 'vitest';
import type { Operation } from '../../spec/types.js';
import { AT_ONCE, childrenFirst, cleanupAtOnce, parentKey } from './children-first.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

test('deeper items are all done before a shallower one starts; one depth overlaps up to the bound, in the order given', async () => {
  const items = [
    { name: 'vpc-a', depth: 1 },
    { name: 'subnet-1', depth: 2 },
    { name: 'vpc-b', depth: 1 },
    { name: 'subnet-2', depth: 2 },
    { name: 'subnet-3', depth: 2 },
    { name: 'instance', depth: 1 },
  ];
  const events: string[] = [];
  let inside = 0;
  let most = 0;
  await childrenFirst(
    items,
    (i) => i.depth,
    async (i) => {
      events.push(`start ${i.name}`);
      inside += 1;
      most = Math.max(most, inside);
      await tick();
      inside -= 1;
      events.push(`end ${i.name}`);
    },
    { atOnce: 2 },
  );
  const lastDeepEnd = Math.max(...['subnet-1', 'subnet-2', 'subnet-3'].map((n) => events.indexOf(`end ${n}`)));
  const firstShallowStart = Math.min(...['vpc-a', 'vpc-b', 'instance'].map((n) => events.indexOf(`start ${n}`)));
  expect(lastDeepEnd).toBeLessThan(firstShallowStart);
  expect(most).toBe(2);
  expect(events.filter((e) => e.startsWith('start')).map((e) => e.slice(6))).toEqual([
    'subnet-1',
    'subnet-2',
    'subnet-3',
    'vpc-a',
    'vpc-b',
    'instance',
  ]);
});

test('an empty list does nothing', async () => {
  let called = false;
  await childrenFirst(
    [],
    () => 0,
    async () => {
      called = true;
    },
  );
  expect(called).toBe(false);
});

test('items with the same key go one after another, others alongside', async () => {
  const disks = [
    { node: 1, disk: 'a' },
    { node: 1, disk: 'b' },
    { node: 2, disk: 'c' },
  ];
  const inside = new Map<number, number>();
  let mostOnOneNode = 0;
  let mostAtOnce = 0;
  let atOnce = 0;
  await childrenFirst(
    disks,
    () => 2,
    async (d) => {
      inside.set(d.node, (inside.get(d.node) ?? 0) + 1);
      atOnce += 1;
      mostOnOneNode = Math.max(mostOnOneNode, inside.get(d.node) ?? 0);
      mostAtOnce = Math.max(mostAtOnce, atOnce);
      await tick();
      atOnce -= 1;
      inside.set(d.node, (inside.get(d.node) ?? 1) - 1);
    },
    { apart: (d) => String(d.node) },
  );
  expect(mostOnOneNode).toBe(1);
  expect(mostAtOnce).toBe(2);
});

test('one failing item leaves the others done, and its error is thrown at the end', async () => {
  const done: string[] = [];
  await expect(
    childrenFirst(
      ['a', 'b', 'c'],
      () => 1,
      async (x) => {
        await tick();
        if (x === 'a') throw new Error('a failed');
        done.push(x);
      },
    ),
  ).rejects.toThrow('a failed');
  expect(done.sort()).toEqual(['b', 'c']);
});

test('the parent key names what a path nests in, and nothing for a top-level entity', () => {
  const op = (...names: string[]) => ({ pathParams: names.map((name) => ({ name })) }) as unknown as Operation;
  expect(parentKey(op('nodeId', 'diskId'), { nodeId: 7, diskId: 3 })).toBe(
    parentKey(op('nodeId', 'diskId'), { nodeId: 7, diskId: 4 }),
  );
  expect(parentKey(op('nodeId', 'diskId'), { nodeId: 7, diskId: 3 })).not.toBe(
    parentKey(op('nodeId', 'diskId'), { nodeId: 8, diskId: 3 }),
  );
  expect(parentKey(op('nodeId'), { nodeId: 7 })).toBeUndefined();
});

describe('cleanupAtOnce', () => {
  it("takes the run's concurrency, never fewer than AT_ONCE", () => {
    expect(cleanupAtOnce(32)).toBe(32);
    expect(cleanupAtOnce(64)).toBe(64);
    expect(cleanupAtOnce(4)).toBe(AT_ONCE);
    expect(cleanupAtOnce(undefined)).toBe(AT_ONCE);
  });
});
