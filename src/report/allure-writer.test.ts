// Self-tests of the Allure results writer: a run's results replace the earlier run's, which are deleted without touching anything else.

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { retireResults, WRITTEN_LIST, writeAllureResults } from './allure-writer.js';
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

/** A results directory as a run left it: `files` written and listed as written (`listed`, by default the same). */
function earlierRun(dir: string, files: string[], listed = files) {
  mkdirSync(dir, { recursive: true });
  for (const name of files) writeFileSync(join(dir, name), '{}');
  writeFileSync(join(dir, WRITTEN_LIST), listed.map((name) => `${name}\n`).join(''));
}

test("writeAllureResults replaces an earlier run's results with one result per requirement", async () => {
  const dir = scratch();
  earlierRun(join(dir, 'allure-results'), ['old-result.json']);
  const r = results([requirement('vpcs/create/a', 'fail'), requirement('vpcs/list/b', 'pass')]);
  const { files, retired } = writeAllureResults(dir, r);
  await retired;
  const names = readdirSync(join(dir, 'allure-results'));
  expect(names.filter((n) => n !== WRITTEN_LIST)).toHaveLength(files);
  expect(names).not.toContain('old-result.json');
  const ids = names
    .filter((n) => n.endsWith('-result.json'))
    .map((n) => JSON.parse(readFileSync(join(dir, 'allure-results', n), 'utf8')).testCaseId);
  expect(ids.sort()).toEqual(['vpcs/create/a', 'vpcs/list/b']);
  expect(readdirSync(dir)).toEqual(['allure-results']);
});

test("retireResults frees the results path at once and deletes the earlier run's files and a stopped run's leftovers, those cloudconf listed as written", async () => {
  const parent = scratch();
  const dir = join(parent, 'allure-results');
  earlierRun(dir, ['old-result.json']);
  earlierRun(join(parent, 'allure-results.retired-1-2'), ['older-result.json']);
  writeFileSync(join(parent, 'results.json'), '{}');
  const retired = retireResults(dir);
  expect(readdirSync(parent)).not.toContain('allure-results');
  expect(retired.foreign).toBe(0);
  await retired.done;
  expect(readdirSync(parent)).toEqual(['results.json']);
});

test('retireResults leaves every file cloudconf did not list as written, and counts those in the results directory', async () => {
  const parent = scratch();
  const dir = join(parent, 'allure-results');
  earlierRun(dir, ['ours-result.json'], ['ours-result.json', '../results.json']);
  writeFileSync(join(dir, 'theirs-result.json'), '{}');
  const unlisted = join(parent, 'allure-results.retired-someone');
  mkdirSync(unlisted);
  writeFileSync(join(unlisted, 'keep.txt'), 'kept');
  writeFileSync(join(parent, 'results.json'), '{}');
  const retired = retireResults(dir);
  expect(retired.foreign).toBe(1);
  await retired.done;
  expect(readdirSync(dir)).toEqual(['theirs-result.json']);
  expect(readdirSync(unlisted)).toEqual(['keep.txt']);
  expect(readdirSync(parent).sort()).toEqual(['allure-results', 'allure-results.retired-someone', 'results.json']);
});

test('retireResults with no earlier results or report directory resolves', async () => {
  await expect(retireResults(join(scratch(), 'nothing', 'allure-results')).done).resolves.toBeUndefined();
});

test('a run lists each file it writes, and writes through no link planted at a name', () => {
  const dir = scratch();
  const r = results([requirement('vpcs/create/a', 'fail'), requirement('vpcs/list/b', 'pass')]);
  const { files } = writeAllureResults(dir, r);
  const target = join(dir, 'allure-results');
  const listed = readFileSync(join(target, WRITTEN_LIST), 'utf8').split('\n').filter(Boolean).sort();
  expect(listed).toEqual(
    readdirSync(target)
      .filter((n) => n !== WRITTEN_LIST)
      .sort(),
  );
  expect(listed).toHaveLength(files);
});

test("a run leaves another tool's files in allure-results where they are, and says how many", () => {
  const dir = scratch();
  mkdirSync(join(dir, 'allure-results'));
  writeFileSync(join(dir, 'allure-results', 'another-tool-result.json'), '{}');
  const { foreign } = writeAllureResults(dir, results([requirement('vpcs/create/a', 'pass')]));
  expect(foreign).toBe(1);
  expect(readdirSync(join(dir, 'allure-results'))).toContain('another-tool-result.json');
});
