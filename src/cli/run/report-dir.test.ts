// Unit tests of the report-directory phase alone: an earlier run's reports gone, the in-progress marker left, an earlier run's Allure results retired and another tool's files named and kept.

import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { listAsWritten } from '../../report/allure-writer.js';
import { IN_PROGRESS_MARKER, REPORT_FILES } from '../../report/complete.js';
import { scratchDirectory } from '../../test-support/scratch.js';
import { prepareReportDir } from './report-dir.js';

const work = scratchDirectory('report-dir');

test('removes the earlier reports, leaves the marker and a summary saying the run has not finished', async () => {
  const dir = join(mkdtempSync(join(work, 'report-dir-')), 'reports');
  mkdirSync(dir);
  for (const file of REPORT_FILES) writeFileSync(join(dir, file), 'an earlier run');
  const lines: string[] = [];
  const retired = prepareReportDir(dir, new Date('2026-01-01T00:00:00Z'), (l) => lines.push(l));
  await retired.done;
  expect(existsSync(join(dir, IN_PROGRESS_MARKER))).toBe(true);
  for (const file of REPORT_FILES.filter((f) => f !== 'summary.md')) expect(existsSync(join(dir, file))).toBe(false);
  expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toContain('started here at 2026-01-01T00:00:00.000Z');
  expect(lines).toEqual([]);
  expect(retired.foreign).toBe(0);
});

test("retires cloudconf's own Allure results and names, and keeps, another tool's", async () => {
  const dir = mkdtempSync(join(work, 'report-dir-'));
  const results = join(dir, 'allure-results');
  mkdirSync(results);
  writeFileSync(join(results, 'ours-result.json'), '{}');
  listAsWritten(results, ['ours-result.json']);
  writeFileSync(join(results, 'theirs.json'), '{}');
  const lines: string[] = [];
  const retired = prepareReportDir(dir, new Date(), (l) => lines.push(l));
  await retired.done;
  expect(retired.foreign).toBe(1);
  expect(readdirSync(results)).toEqual(['theirs.json']);
  expect(lines).toEqual([
    `cloudconf: ${results} holds 1 file(s) cloudconf did not write: left where they are (Allure reads them with this run's)`,
  ]);
});
