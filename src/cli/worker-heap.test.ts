// Self-tests of the young-generation caps of a run's threads: a worker, or the main thread, that keeps many young objects alive grows its new space only to the cap.

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { describe, expect, test } from 'vitest';
import { capWorkerYoungGeneration, MAIN_NEW_SPACE_BYTES, WORKER_SEMI_SPACE_MB } from './worker-heap.js';

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

// The main thread of a process of its own (the growth factor the cap steers is process-wide), yielding now and then as a run does.
const GROWING_MAIN = `
import { getHeapSpaceStatistics } from 'node:v8';
const { capMainYoungGeneration } = await import(${JSON.stringify(fileURLToPath(new URL('./worker-heap.ts', import.meta.url)))});
capMainYoungGeneration();
const kept = [];
let biggest = 0;
for (let round = 0; round < 300; round++) {
  const batch = [];
  for (let i = 0; i < 20_000; i++) batch.push({ i, s: 'x' + i });
  kept.push(batch);
  if (kept.length > 8) kept.shift();
  if (round % 10 === 0) await new Promise((resolve) => setImmediate(resolve));
  biggest = Math.max(biggest, getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size);
}
console.log(biggest);
`;

describe('main thread young generation', () => {
  test('the main thread grows its new space at most one step past the cap once it is capped (uncapped: 128 MB here)', () => {
    const env = { ...process.env, NODE_OPTIONS: '' };
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', GROWING_MAIN], {
      encoding: 'utf8',
      env,
    });
    expect(child.status, child.stderr).toBe(0);
    const peak = Number(child.stdout.trim());
    expect(peak).toBeGreaterThan(0);
    // The observer runs after the scavenges of a busy stretch: one growth can come before it.
    expect(peak).toBeLessThanOrEqual(2 * MAIN_NEW_SPACE_BYTES);
  }, 60_000);
});

describe('worker young generation', () => {
  test('a worker started after the cap grows its new space to at most three semi-spaces of the cap', async () => {
    capWorkerYoungGeneration();
    const peak = await newSpacePeakOfWorker();
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(3 * WORKER_SEMI_SPACE_MB * 2 ** 20);
  }, 60_000);
});
