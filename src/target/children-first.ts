// Acts on a run's entities deepest path first (an interface before its profile, a subnet before its VPC), those of one depth a few at a time, so a cleanup across a network waits for each depth once and not for each entity.

import type { Operation } from '../../spec/types.js';

/** Entities of one depth acted on at once: enough to overlap the round trips, few enough for a fragile target (the run's `--concurrency` caps them too). */
export const AT_ONCE = 8;

/**
 * Entities of one depth a run's cleanup acts on at once: its `--concurrency` (the politeness the
 * user chose, which the limiter holds anyway), and no fewer than AT_ONCE. At eight, the cleanup
 * after the last test was the run's tail: 231 entities read back and deleted took 20 s through 200 ms.
 */
export const cleanupAtOnce = (concurrency: number | undefined): number => Math.max(AT_ONCE, concurrency ?? 0);

export interface ChildrenFirstOptions<T> {
  atOnce?: number;
  /** Items with the same key go one after another (the disks of one instance: a target may refuse a change while another runs). */
  apart?: (item: T) => string | undefined;
}

/**
 * Calls `each` on every item, deepest first: all items of a depth are done before the next depth
 * starts; within a depth they start in the order given, at most `atOnce` at a time, and never two
 * with the same `apart` key at once.
 */
export async function childrenFirst<T>(
  items: readonly T[],
  depth: (item: T) => number,
  each: (item: T) => Promise<void>,
  { atOnce = AT_ONCE, apart = () => undefined }: ChildrenFirstOptions<T> = {},
): Promise<void> {
  const depths = [...new Set(items.map(depth))].sort((a, b) => b - a);
  for (const d of depths)
    await oneDepth(
      items.filter((item) => depth(item) === d),
      each,
      atOnce,
      apart,
    );
}

async function oneDepth<T>(
  queue: T[],
  each: (item: T) => Promise<void>,
  atOnce: number,
  apart: (item: T) => string | undefined,
): Promise<void> {
  const busy = new Set<string>();
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  while (queue.length > 0 || running.size > 0) {
    const free = queue.findIndex((item) => {
      const key = apart(item);
      return key === undefined || !busy.has(key);
    });
    if (free >= 0 && running.size < atOnce) {
      const [item] = queue.splice(free, 1) as [T];
      const key = apart(item);
      if (key !== undefined) busy.add(key);
      // One item's failure does not stop the others: the first is thrown once all are done.
      const done: Promise<void> = each(item)
        .catch((error: unknown) => {
          failure ??= { error };
        })
        .finally(() => {
          if (key !== undefined) busy.delete(key);
          running.delete(done);
        });
      running.add(done);
      continue;
    }
    await Promise.race(running);
  }
  if (failure) throw failure.error;
}

/** The parent an entity's path names (its path parameters but the last), as an `apart` key; none for a top-level entity. */
export function parentKey(op: Operation, params: Record<string, string | number>): string | undefined {
  const parents = op.pathParams.slice(0, -1).map((p) => params[p.name]);
  return parents.length > 0 ? JSON.stringify(parents) : undefined;
}
