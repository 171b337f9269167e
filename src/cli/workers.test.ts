// Self-test of the worker count: two on loopback and at --concurrency 1, more across a network, CLOUDCONF_WORKERS over both.

import { describe, expect, it } from 'vitest';
import { FAR_ROUND_TRIP_MS, FAR_WORKERS, NEAR_WORKERS, testsPerWorker, workersFor } from './workers.js';

describe('workersFor', () => {
  it('keeps two workers for a target that answers at once, or whose round trip is unknown', () => {
    expect(workersFor(undefined, 32, 1.5)).toBe(NEAR_WORKERS);
    expect(workersFor(undefined, 32, undefined)).toBe(NEAR_WORKERS);
  });

  it('starts more workers for a target across a network', () => {
    expect(workersFor(undefined, 32, FAR_ROUND_TRIP_MS + 30)).toBe(FAR_WORKERS);
    expect(FAR_WORKERS).toBeGreaterThan(NEAR_WORKERS);
  });

  it('keeps two at --concurrency 1, where one request at a time leaves more workers waiting', () => {
    expect(workersFor(undefined, 1, 50)).toBe(NEAR_WORKERS);
  });

  it('takes CLOUDCONF_WORKERS over the round trip', () => {
    expect(workersFor('3', 32, 50)).toBe(3);
    expect(workersFor('3', 32, 1)).toBe(3);
  });
});

describe('testsPerWorker', () => {
  it('keeps as many tests in progress over all workers as two workers had', () => {
    expect(testsPerWorker(32, NEAR_WORKERS)).toBe(32);
    expect(testsPerWorker(32, 4) * 4).toBe(2 * 32);
  });

  it('keeps at least one test in progress per worker', () => {
    expect(testsPerWorker(1, 4)).toBe(1);
  });
});
