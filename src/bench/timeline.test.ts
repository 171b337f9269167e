// Self-test of the run timeline: which tests ran alone in their file, each file's chain of requests, and each worker's sum of chains.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDirectory } from '../test-support/scratch.js';
import { describeInFlight, readTimeline, workersOf } from './timeline.js';

const work = scratchDirectory('timeline');

/** A report directory whose results.json has one test span per row: [id, area, worker, start, stop, requests]. */
function reportOf(spans: [string, string, string, number, number, number][]): string {
  const dir = mkdtempSync(join(work, 'timeline-'));
  const requirements = spans.map(([id, area, worker, start, stop, requests]) => ({
    id,
    part: 1,
    area,
    requests,
    startedAtMs: start,
    durationMs: stop - start,
    worker,
  }));
  writeFileSync(join(dir, 'results.json'), JSON.stringify({ requirements: [...requirements, { id: 'x/excluded' }] }));
  return dir;
}

describe('readTimeline', () => {
  const dir = reportOf([
    ['a/one', 'a', 'w1', 0, 1000, 10],
    ['a/two', 'a', 'w1', 100, 2000, 30],
    ['a/three', 'a', 'w1', 2000, 3000, 20],
    ['a/four', 'a', 'w1', 3000, 4000, 5],
    ['b/one', 'b', 'w1', 4000, 5000, 7],
  ]);
  const t = readTimeline(dir);

  it('marks the tests that overlapped no other test of their file', () => {
    const alone = t.tests.filter((x) => x.alone).map((x) => x.id);
    expect(alone.sort()).toEqual(['a/four', 'a/three', 'b/one']);
  });

  it("counts a file's chain as its alone tests plus its longest other test", () => {
    const a = t.files.find((f) => f.file === 'suites/part1/a.test.ts');
    expect(a).toMatchObject({ tests: 4, requests: 65, aloneTests: 2, aloneRequests: 25, chainRequests: 55 });
  });

  it("adds up a worker's file chains", () => {
    expect(workersOf(t)).toMatchObject([{ worker: 'w1', files: 2, chainRequests: 62 }]);
  });
});

describe('describeInFlight', () => {
  const t = readTimeline(
    reportOf([
      ['a/one', 'a', 'w1', 1000, 3000, 10],
      ['b/one', 'b', 'w2', 6000, 7000, 7],
    ]),
  );

  it('gives the mean of each five seconds and the files running then', () => {
    const text = describeInFlight({ firstAtMs: 0, perSecond: [4, 4, 2, 0, 0, 1, 1] }, t);
    const [, first, second] = text.split('\n');
    expect(first).toMatch(/^ +0 s +2\.0 ## a$/);
    expect(second).toMatch(/^ +5 s +1\.0 # b$/);
  });
});
