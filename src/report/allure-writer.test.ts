// Self-tests of the queued Allure writer: every file written by flush time, a failed write reported rather than lost, and an earlier run's results gone without touching anything else.

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import type { TestCase, TestModule, Vitest } from 'vitest/node';
import type { Verdict } from '../vocabulary/outcome.js';
import { QueuedAllureReporter, QueuedAllureWriter, retireResults, WRITTEN_LIST } from './allure-writer.js';

const dirs: string[] = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cc-allure-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

test('flush resolves once every queued result and attachment is on disk', async () => {
  const dir = join(scratch(), 'results');
  const writer = new QueuedAllureWriter(dir);
  for (let i = 0; i < 200; i += 1) writer.writeResult({ uuid: `r${i}` });
  writer.writeAttachment('a-attachment.txt', Buffer.from('curl -X GET'));
  writer.writeEnvironmentInfo({ target: 'reference' });
  await writer.flush();
  expect(readdirSync(dir).filter((n) => n !== WRITTEN_LIST)).toHaveLength(202);
  expect(JSON.parse(readFileSync(join(dir, 'r199-result.json'), 'utf8'))).toEqual({ uuid: 'r199' });
  expect(readFileSync(join(dir, 'environment.properties'), 'utf8')).toBe('target=reference');
});

test('a write that fails makes flush reject', async () => {
  const dir = join(scratch(), 'results');
  const writer = new QueuedAllureWriter(dir);
  // Copying a file that does not exist cannot succeed.
  writer.writeAttachmentFromPath('copy.txt', join(dir, 'missing-source.txt'));
  await expect(writer.flush()).rejects.toThrow(/ENOENT/);
});

test('flush with nothing queued resolves at once', async () => {
  const writer = new QueuedAllureWriter(join(scratch(), 'results'));
  await expect(writer.flush()).resolves.toBeUndefined();
});

test("retireResults frees the results path at once and deletes the earlier run's files and a stopped run's leftovers, those cloudconf listed as written", async () => {
  const parent = scratch();
  const dir = join(parent, 'allure-results');
  mkdirSync(dir);
  writeFileSync(join(dir, 'old-result.json'), '{}');
  writeFileSync(join(dir, WRITTEN_LIST), 'old-result.json\n');
  const stopped = join(parent, 'allure-results.retired-1-2');
  mkdirSync(stopped);
  writeFileSync(join(stopped, 'older-result.json'), '{}');
  writeFileSync(join(stopped, WRITTEN_LIST), 'older-result.json\n');
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
  mkdirSync(dir);
  writeFileSync(join(dir, 'ours-result.json'), '{}');
  writeFileSync(join(dir, WRITTEN_LIST), 'ours-result.json\n../results.json\n');
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

test('the writer lists each file it writes before writing it', async () => {
  const dir = join(scratch(), 'results');
  const writer = new QueuedAllureWriter(dir);
  for (let i = 0; i < 5; i += 1) writer.writeResult({ uuid: `r${i}` });
  await writer.flush();
  const listed = readFileSync(join(dir, WRITTEN_LIST), 'utf8').split('\n').filter(Boolean).sort();
  expect(listed).toEqual(
    readdirSync(dir)
      .filter((n) => n !== WRITTEN_LIST)
      .sort(),
  );
});

test("each result's Allure status follows its verdict: a target's failure failed, the suite's error broken, a skip skipped", async () => {
  const dir = join(scratch(), 'results');
  const verdicts: Record<string, Verdict> = { a: 'fail', b: 'error', c: 'skipped', d: 'pass', e: 'non-strict' };
  const writer = new QueuedAllureWriter(dir, (id) => verdicts[id]);
  // allure-vitest calls every thrown Error broken: the target's failures came out broken.
  const given = { a: 'broken', b: 'broken', c: 'skipped', d: 'passed', e: 'passed' } as const;
  for (const [id, status] of Object.entries(given))
    writer.writeResult({ uuid: id, status, labels: [{ name: 'requirement', value: id }] });
  await writer.flush();
  const status = (id: string) => JSON.parse(readFileSync(join(dir, `${id}-result.json`), 'utf8')).status;
  expect(['a', 'b', 'c', 'd', 'e'].map(status)).toEqual(['failed', 'broken', 'skipped', 'passed', 'passed']);
});

test('the reporter writes each result as its test ends, lets go of its messages, and does not write it again at the end', async () => {
  const dir = join(scratch(), 'results');
  const reporter = new QueuedAllureReporter(dir);
  reporter.onInit({ projects: [] } as unknown as Vitest);
  const step = { name: 'GET /v4/account', start: 1, status: 'passed', stage: 'finished' };
  const task = {
    type: 'test',
    mode: 'run',
    id: 't1',
    name: 'account/view answers 200',
    file: { filepath: join(dir, 'x.test.ts') },
    meta: {
      allureRuntimeMessages: [
        { type: 'step_start', data: step },
        { type: 'step_stop', data: { stop: 2, status: 'passed', stage: 'finished' } },
      ],
    },
    result: { state: 'pass', startTime: 1, duration: 1 },
  };
  reporter.onTestCaseResult({ task } as unknown as TestCase);
  expect(task.meta).toEqual({});
  await reporter.onTestRunEnd([
    { task: { type: 'suite', mode: 'run', tasks: [task], meta: {} } },
  ] as unknown as TestModule[]);
  const results = readdirSync(dir).filter((f) => f.endsWith('-result.json'));
  expect(results).toHaveLength(1);
  const written = JSON.parse(readFileSync(join(dir, results[0] as string), 'utf8'));
  expect(written.steps.map((s: { name: string }) => s.name)).toEqual(['GET /v4/account']);
});
