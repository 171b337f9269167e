// Self-tests of the Allure results writer: a run's results replace the earlier run's, which are deleted without touching anything else.

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { retireResults, writeAllureResults } from './allure-writer.js';
import { requirement, results } from './test-support/sample-results.js';

const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cc-allure-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

test("writeAllureResults replaces an earlier run's results with one result per requirement", async () => {
  const dir = scratch();
  mkdirSync(join(dir, 'allure-results'));
  writeFileSync(join(dir, 'allure-results', 'old-result.json'), '{}');
  const r = results([requirement('vpcs/create/a', 'fail'), requirement('vpcs/list/b', 'pass')]);
  const { files, retired } = writeAllureResults(dir, r);
  await retired;
  const names = readdirSync(join(dir, 'allure-results'));
  expect(names).toHaveLength(files);
  expect(names).not.toContain('old-result.json');
  const ids = names
    .filter((n) => n.endsWith('-result.json'))
    .map((n) => JSON.parse(readFileSync(join(dir, 'allure-results', n), 'utf8')).testCaseId);
  expect(ids.sort()).toEqual(['vpcs/create/a', 'vpcs/list/b']);
  expect(readdirSync(dir)).toEqual(['allure-results']);
});

test("retireResults frees the results path at once and deletes the earlier run's files and a stopped run's leftovers", async () => {
  const parent = scratch();
  const dir = join(parent, 'allure-results');
  mkdirSync(dir);
  writeFileSync(join(dir, 'old-result.json'), '{}');
  mkdirSync(join(parent, 'allure-results.retired-1-2'));
  writeFileSync(join(parent, 'results.json'), '{}');
  const gone = retireResults(dir);
  expect(readdirSync(parent)).not.toContain('allure-results');
  await gone;
  expect(readdirSync(parent)).toEqual(['results.json']);
});

test('retireResults with no earlier results or report directory resolves', async () => {
  await expect(retireResults(join(scratch(), 'nothing', 'allure-results'))).resolves.toBeUndefined();
});
