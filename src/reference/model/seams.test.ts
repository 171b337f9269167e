// Self-tests of the fault seams: each cross-cutting fault acts where it is implemented, and only when it is on.

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, test } from 'vitest';
import { applyUpdate, removeDeleted, ruleSkipped } from './seams.js';
import { World } from './world.js';

const reference = new URL('..', import.meta.url).pathname;

/** The server's source files under src/reference, by path relative to it. */
function sources(dir: string): { path: string; text: string }[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? sources(join(dir, e.name))
      : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts')
        ? [{ path: relative(reference, join(dir, e.name)), text: readFileSync(join(dir, e.name), 'utf8') }]
        : [],
  );
}

/** A cross-cutting fault checked by name outside its seam: an update, a delete, an event of its own or a skipped rule. */
const INLINE = /fault\(\s*['`](update-ignored|delete-keeps-item|event-missing:[^'`]*|skip:[^'`]*)['`]/g;

describe('fault seams', () => {
  test('update-ignored, delete-keeps-item, event-missing: and skip: are checked only at their seams', () => {
    const inline = sources(reference)
      .filter((file) => file.path !== 'model/seams.ts' && file.path !== 'model/event-log.ts')
      .flatMap((file) => [...file.text.matchAll(INLINE)].map((m) => `${file.path}: ${m[1]}`));
    expect(inline).toEqual([]);
  });

  test('an update is applied, and under update-ignored nothing changes', () => {
    for (const [faults, expected] of [
      [[], 'new'],
      [['update-ignored'], 'old'],
    ] as const) {
      const item = { label: 'old' };
      applyUpdate(new World(new Set(faults)), () => {
        item.label = 'new';
      });
      expect(item.label).toBe(expected);
    }
  });

  test('a deleted item is removed, and under delete-keeps-item it stays', () => {
    for (const [faults, expected] of [
      [[], false],
      [['delete-keeps-item'], true],
    ] as const) {
      const store = new Map([[1, 'item']]);
      removeDeleted(new World(new Set(faults)), () => store.delete(1));
      expect(store.has(1)).toBe(expected);
    }
  });

  test('the event log drops the events of an event-missing:<action> fault, and only those', () => {
    const world = new World(new Set(['event-missing:vpc_create']));
    const { events } = world.createAccount('owner', 'owner@example.com');
    events.record('vpc_create', null, 'owner');
    events.record('vpc_update', null, 'owner');
    expect(events.newestFirst().map((e) => e.action)).toEqual(['vpc_update']);
  });

  test('a body rule is skipped only under its own skip: fault', () => {
    const world = new World(new Set(['skip:vpcs/create/label-length']));
    expect(ruleSkipped(world, 'vpcs/create', 'label-length')).toBe(true);
    expect(ruleSkipped(world, 'vpcs/update', 'label-length')).toBe(false);
  });
});
