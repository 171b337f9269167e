// Self-test of the bench's delayed rows: each names its delay, its two floors with their shares of the wall time, and the wall time over the higher floor.

import { describe, expect, it } from 'vitest';
import type { DelayedRun } from './delayed.js';
import { type Delayed, delayedTable } from './table.js';

const run = (over: Partial<Omit<DelayedRun, 'verdicts'>>): Omit<DelayedRun, 'verdicts'> => ({
  label: 'x',
  delayMs: 50,
  wallSeconds: 60,
  judgedRequests: 24_000,
  requests: 24_000,
  peak: 32,
  mean: 20,
  busyMs: 55_000,
  upstreamMs: 4,
  firstAtMs: 0,
  perSecond: [],
  criticalPathSeconds: 18,
  criticalShare: 0.3,
  concurrency: 32,
  throughputFloorSeconds: 37.5,
  fileChainRequests: 360,
  fileChainSeconds: 18,
  fileChain: 'suites/conventions.test.ts',
  exitCode: 0,
  ...over,
});

describe('delayedTable', () => {
  const far = run({ delayMs: 200, wallSeconds: 200, criticalPathSeconds: 80, throughputFloorSeconds: 160 });
  const wide = run({
    concurrency: 64,
    wallSeconds: 40,
    criticalPathSeconds: 30,
    criticalShare: 0.75,
    throughputFloorSeconds: 18.75,
  });
  const d: Delayed = {
    full: run({}),
    wide,
    far,
    serial: run({}),
    concurrent: run({}),
    pairSelection: 'Part 1',
    differences: [],
  };
  const lines = delayedTable(d).split('\n');

  it('gives every row as many cells as the header', () => {
    const cells = (line: string) => line.split('|').length;
    for (const line of lines) expect(cells(line)).toBe(cells(lines[0] ?? ''));
  });

  it('gives the throughput floor and its share, and the wall time over the higher floor', () => {
    expect(lines[2]).toContain('| 37.5 s (63%) | 1.60 |');
    expect(lines[4]).toMatch(
      /^\| whole default run, default `--concurrency` \| 200 ms \| 200\.0 s .*\| 160\.0 s \(80%\) \| 1\.25 \|$/,
    );
  });

  it('takes the critical path when it is the higher floor', () => {
    expect(lines[3]).toContain('| 30.0 s (75%) | 18.8 s (47%) | 1.33 |');
  });
});
