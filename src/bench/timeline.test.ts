// Self-test of the run timeline: which tests ran alone in their file, each file's chain of requests, and each worker's sum of chains.

import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readTimeline, workersOf } from './timeline.js';

/** A report directory with one Allure result per span: [id, file, worker, start, stop, requests]. */
function reportOf(spans: [string, string, string, number, number, number][]): string {
  const dir = mkdtempSync(join(tmpdir(), 'cloudconf-timeline-'));
  mkdirSync(join(dir, 'allure-results'));
  const requirements = spans.map(([id, , , , , requests]) => ({ id, requests }));
  writeFileSync(join(dir, 'results.json'), JSON.stringify({ requirements }));
  spans.forEach(([id, file, worker, start, stop], i) => {
    const result = {
      testCaseId: id,
      fullName: `cloudconf:suites/${file}#${id} [MUST] text`,
      start,
      stop,
      labels: [{ name: 'thread', value: worker }],
    };
    writeFileSync(join(dir, 'allure-results', `${i}-result.json`), JSON.stringify(result));
  });
  return dir;
}

describe('readTimeline', () => {
  const dir = reportOf([
    ['a/one', 'a.test.ts', 'w1', 0, 1000, 10],
    ['a/two', 'a.test.ts', 'w1', 100, 2000, 30],
    ['a/three', 'a.test.ts', 'w1', 2000, 3000, 20],
    ['a/four', 'a.test.ts', 'w1', 3000, 4000, 5],
    ['b/one', 'b.test.ts', 'w1', 4000, 5000, 7],
  ]);
  const t = readTimeline(dir);

  it('marks the tests that overlapped no other test of their file', () => {
    const alone = t.tests.filter((x) => x.alone).map((x) => x.id);
    expect(alone.sort()).toEqual(['a/four', 'a/three', 'b/one']);
  });

  it("counts a file's chain as its alone tests plus its longest other test", () => {
    const a = t.files.find((f) => f.file === 'suites/a.test.ts');
    expect(a).toMatchObject({ tests: 4, requests: 65, aloneTests: 2, aloneRequests: 25, chainRequests: 55 });
  });

  it("adds up a worker's file chains", () => {
    expect(workersOf(t)).toMatchObject([{ worker: 'w1', files: 2, chainRequests: 62 }]);
  });
});
