// Self-test of the worker count: a core each beside the main thread on loopback and at --concurrency 1 (one to two), more across a network, CLOUDCONF_WORKERS over both.

import { describe, expect, it, test } from 'vitest';
import {
  FAR_ROUND_TRIP_MS,
  FAR_WORKERS,
  NEAR_WORKERS_MAX,
  nearWorkers,
  testsPerWorker,
  workersFor,
} from './workers.js';

/** Cores, and the workers a run starts there for a near target: the main thread keeps a core, and no more than the maximum. */
const nearByCores: [number, number][] = [
  [1, 1],
  [2, 1],
  [3, 2],
  [64, NEAR_WORKERS_MAX],
];

test.each(nearByCores)('nearWorkers: on %i cores, %i', (cores, workers) => {
  expect(nearWorkers(cores)).toBe(workers);
});

describe('workersFor', () => {
  it('starts the near count for a target that answers at once, or whose round trip is unknown', () => {
    expect(workersFor(undefined, 32, 1.5, 8)).toBe(nearWorkers(8));
    expect(workersFor(undefined, 32, undefined, 2)).toBe(nearWorkers(2));
  });

  it('starts more workers for a target across a network, on any number of cores', () => {
    expect(workersFor(undefined, 32, FAR_ROUND_TRIP_MS + 30, 2)).toBe(FAR_WORKERS);
    expect(FAR_WORKERS).toBeGreaterThan(NEAR_WORKERS_MAX);
  });

  it('keeps the near count at --concurrency 1, where one request at a time leaves more workers waiting', () => {
    expect(workersFor(undefined, 1, 50, 8)).toBe(nearWorkers(8));
  });

  it('takes CLOUDCONF_WORKERS over the round trip and the cores', () => {
    expect(workersFor('3', 32, 50, 2)).toBe(3);
    expect(workersFor('3', 32, 1, 2)).toBe(3);
  });
});

describe('testsPerWorker', () => {
  it('keeps twice the concurrency in progress over all workers, however many there are', () => {
    expect(testsPerWorker(32, 2)).toBe(32);
    expect(testsPerWorker(32, 1)).toBe(64);
    expect(testsPerWorker(32, 4) * 4).toBe(2 * 32);
  });

  it('keeps at least one test in progress per worker', () => {
    expect(testsPerWorker(1, 4)).toBe(1);
  });
});
