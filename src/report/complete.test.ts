// Unit tests of the reports' completeness: a renderer that throws still leaves all four reports, marked incomplete; a started run leaves no earlier report looking current.

import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { scratchDirectory } from '../test-support/scratch.js';
import { IN_PROGRESS_MARKER, markFinished, markInProgress, REPORT_FILES } from './complete.js';
import { exitCodeOf, type Results } from './results.js';
import { requirement, results } from './test-support/sample-results.js';
import { RENDERERS, writeReports } from './write.js';

const work = scratchDirectory('complete');

const fresh = () => mkdtempSync(join(work, 'complete-'));
const read = (dir: string, file: string) => readFileSync(join(dir, file), 'utf8');
const passing = () => results([requirement('vpcs/list/paged', 'pass'), requirement('vpcs/create/label', 'pass')]);

for (const broken of Object.keys(RENDERERS) as (keyof typeof RENDERERS)[]) {
  test(`a ${broken} renderer that throws still leaves all four reports, each marked incomplete, and exit 2`, () => {
    const dir = fresh();
    const run = passing();
    writeReports(dir, run, {
      ...RENDERERS,
      [broken]: {
        ...RENDERERS[broken],
        render: () => {
          throw new Error('renderer exploded');
        },
      },
    });
    for (const file of REPORT_FILES) expect(existsSync(join(dir, file)), file).toBe(true);
    const written = JSON.parse(read(dir, 'results.json')) as Results;
    expect(written.incomplete?.reasons).toEqual([`rendering ${broken}: renderer exploded`]);
    expect(exitCodeOf(written)).toBe(2);
    expect(read(dir, 'summary.md')).toContain('renderer exploded');
    expect(read(dir, 'index.html')).toContain('renderer exploded');
    expect(read(dir, 'junit.xml')).toContain('renderer exploded');
  });
}

test('results.json that cannot be serialised is written without the exchanges, and says so', () => {
  const dir = fresh();
  const run = results([requirement('vpcs/create/label', 'fail')]);
  const failure = run.requirements[0]?.failures[0];
  if (!failure) throw new Error('sample has no failure');
  Object.assign(failure.exchanges[0] as object, {
    toJSON: () => {
      throw new RangeError('Invalid string length');
    },
  });
  writeReports(dir, run);
  const written = JSON.parse(read(dir, 'results.json')) as Results;
  expect(written.incomplete?.reasons[0]).toMatch(/^writing results\.json: Invalid string length/);
  expect(written.requirements[0]?.failures[0]?.exchanges).toEqual([]);
  expect(written.requirements[0]?.verdict).toBe('fail');
});

test('a complete run is not marked incomplete and keeps its exit code', () => {
  const dir = fresh();
  writeReports(dir, passing());
  const written = JSON.parse(read(dir, 'results.json')) as Results;
  expect(written.incomplete).toBeUndefined();
  expect(exitCodeOf(written)).toBe(0);
});

test('a run that starts removes the earlier reports and says it has not finished until it has', () => {
  const dir = fresh();
  writeReports(dir, passing());
  writeFileSync(join(dir, 'other.txt'), 'kept');
  markInProgress(dir, new Date('2026-01-01T00:00:00Z'));
  for (const file of ['results.json', 'junit.xml', 'index.html']) expect(existsSync(join(dir, file)), file).toBe(false);
  expect(read(dir, 'summary.md')).toContain('has not finished');
  expect(existsSync(join(dir, IN_PROGRESS_MARKER))).toBe(true);
  expect(read(dir, 'other.txt')).toBe('kept');
  writeReports(dir, passing());
  markFinished(dir);
  expect(existsSync(join(dir, IN_PROGRESS_MARKER))).toBe(false);
  expect(read(dir, 'summary.md')).not.toContain('has not finished');
});
