// Self-test of the young-generation cap of the run's worker threads: a worker that keeps many young objects alive grows its new space only to the cap.

import { Worker } from 'node:worker_threads';
import { describe, expect, test } from 'vitest';
import { capWorkerYoungGeneration, WORKER_SEMI_SPACE_MB } from './worker-heap.js';

// Keeps about 150 MB of small objects alive, so that scavenges see a high survival rate and V8 grows the new space as far as it may.
const GROWING_WORKER = `
const { parentPort } = require('node:worker_threads');
const v8 = require('node:v8');
const kept = [];
let biggest = 0;
for (let i = 0; i < 3_000_000; i++) {
  kept.push({ i, s: 'x' + i });
  if (i % 100_000 === 0) {
    const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    biggest = Math.max(biggest, space.space_size);
  }
}
parentPort.postMessage(biggest);
`;

function newSpacePeakOfWorker(): Promise<number> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(GROWING_WORKER, { eval: true });
    worker.once('message', (bytes: number) => {
      resolve(bytes);
      void worker.terminate();
    });
    worker.once('error', reject);
  });
}

describe('worker young generation', () => {
  test('a worker started after the cap grows its new space to at most three semi-spaces of the cap', async () => {
    capWorkerYoungGeneration();
    const peak = await newSpacePeakOfWorker();
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(3 * WORKER_SEMI_SPACE_MB * 2 ** 20);
  }, 60_000);
});
