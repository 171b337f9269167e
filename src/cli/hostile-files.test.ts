// Self-tests of the user's own files and the CI's outputs: a run removes only what cloudconf wrote in its report directory, follows no symbolic link planted at one of its names, and the Action hands on only this run's outputs (proven by its run id), each free of line breaks.

import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { WRITTEN_LIST } from '../report/allure-writer.js';
import { scratchDirectory } from '../test-support/scratch.js';
import { closedPort, runCli } from './child.js';

const work = scratchDirectory('files');
const BOUND_MS = 60_000;
const ONE_REQUIREMENT = ['--only', 'vpcs/create/label-length', '--seed', '1'];

/** A file of the user's outside the report directory, with content that must never change. */
function precious(name: string): string {
  const path = join(work, `${name}-precious.txt`);
  writeFileSync(path, 'the user keeps this\n');
  return path;
}
const untouched = (path: string) => readFileSync(path, 'utf8') === 'the user keeps this\n';

describe("the report directory's allure-results", () => {
  test("a run removes only the results cloudconf wrote: another tool's files and retired-looking directories stay", {
    timeout: 2 * BOUND_MS,
  }, async () => {
    const dir = join(work, 'allure');
    const results = join(dir, 'allure-results');
    mkdirSync(results, { recursive: true });
    writeFileSync(join(results, 'other-tool-result.json'), '{"name":"another tool"}');
    mkdirSync(join(dir, 'allure-results.retired-mine'));
    writeFileSync(join(dir, 'allure-results.retired-mine', 'keep.txt'), 'mine');

    const first = await runCli(['run', ...ONE_REQUIREMENT, '--report-dir', dir], { boundMs: BOUND_MS });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toMatch(/allure-results holds 1 file\(s\) cloudconf did not write: left where they are/);
    const written = readFileSync(join(results, WRITTEN_LIST), 'utf8').split('\n').filter(Boolean);
    expect(written.length).toBeGreaterThan(0);

    const second = await runCli(['run', ...ONE_REQUIREMENT, '--report-dir', dir], { boundMs: BOUND_MS });
    expect(second.code, second.stderr).toBe(0);
    // The first run's results are gone, wherever they were retired to (but the names every run
    // writes, such as categories.json, which the second run wrote again); nothing else went.
    const rewritten = new Set(readFileSync(join(results, WRITTEN_LIST), 'utf8').split('\n').filter(Boolean));
    const firstOnly = written.filter((name) => !rewritten.has(name));
    expect(firstOnly.length).toBeGreaterThan(0);
    const everything = readdirSync(dir, { recursive: true }).map(String);
    expect(firstOnly.filter((name) => everything.some((path) => path.endsWith(name)))).toEqual([]);
    expect(readFileSync(join(results, 'other-tool-result.json'), 'utf8')).toBe('{"name":"another tool"}');
    expect(readFileSync(join(dir, 'allure-results.retired-mine', 'keep.txt'), 'utf8')).toBe('mine');
  });
});

describe('a symbolic link at a name cloudconf writes', () => {
  // RUN-IN-PROGRESS and results.json are members of the class the issue does not name.
  for (const name of ['created.jsonl', 'RUN-IN-PROGRESS', 'results.json']) {
    test(`${name}: the run refuses the directory with one line and the file it points to is untouched`, {
      timeout: BOUND_MS,
    }, async () => {
      const dir = join(work, `link-${name}`);
      mkdirSync(dir, { recursive: true });
      const target = precious(name);
      symlinkSync(target, join(dir, name));
      const r = await runCli(['run', ...ONE_REQUIREMENT, '--report-dir', dir], { boundMs: BOUND_MS });
      expect(r.code).toBe(2);
      expect(r.stderr.trim()).toMatch(
        new RegExp(`^cloudconf: \\S+/${name} is a symbolic link: cloudconf neither follows`),
      );
      expect(untouched(target)).toBe(true);
    });
  }

  // A member the issue does not name: re-rendering a run's reports.
  test(
    'report --render: a summary.md linked elsewhere is refused, not written through',
    async () => {
      const dir = join(work, 'render');
      const made = await runCli(['run', ...ONE_REQUIREMENT, '--report-dir', dir], { boundMs: BOUND_MS });
      expect(made.code, made.stderr).toBe(0);
      const target = precious('render');
      rmSync(join(dir, 'summary.md'));
      symlinkSync(target, join(dir, 'summary.md'));
      const r = await runCli(['report', '--render', dir], { boundMs: BOUND_MS });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/summary\.md is a symbolic link/);
      expect(untouched(target)).toBe(true);
    },
    2 * BOUND_MS, // two processes, each bounded
  );

  // A member the issue does not name: a shard's results carrying a link Allure would read into the report.
  test(
    "report --merge copies no symbolic link out of a shard's allure-results",
    async () => {
      const shard = join(work, 'shard');
      const made = await runCli(['run', ...ONE_REQUIREMENT, '--shard', '1/1', '--report-dir', shard], {
        boundMs: BOUND_MS,
      });
      expect(made.code, made.stderr).toBe(0);
      symlinkSync(precious('merge'), join(shard, 'allure-results', 'stolen-attachment.txt'));
      const out = join(work, 'merged');
      const r = await runCli(['report', '--merge', shard, '--out', out], { boundMs: BOUND_MS });
      expect(r.code, r.stderr).toBe(0);
      expect(existsSync(join(out, 'allure-results', 'stolen-attachment.txt'))).toBe(false);
      expect(readdirSync(join(out, 'allure-results')).length).toBeGreaterThan(1);
    },
    2 * BOUND_MS, // two processes, each bounded
  );
});

const SCRIPT = fileURLToPath(new URL('../../action/run.mjs', import.meta.url));
const BIN = fileURLToPath(new URL('./bin.mjs', import.meta.url));

/** Runs the Action's script against a target that is not there, with the step's files in `dir`. */
async function actionAgainstNothing(dir: string, reportDir: string) {
  const output = join(dir, 'github-output');
  const summary = join(dir, 'step-summary');
  writeFileSync(output, '');
  writeFileSync(summary, '');
  const r = spawnSync(process.execPath, [SCRIPT], {
    cwd: dir,
    encoding: 'utf8',
    timeout: BOUND_MS,
    env: {
      ...process.env,
      CLOUDCONF_BIN: BIN,
      GITHUB_OUTPUT: output,
      GITHUB_STEP_SUMMARY: summary,
      CLOUDCONF_TOKEN: 'action-files-token',
      CLOUDCONF_ACTION_BASE_URL: `http://127.0.0.1:${await closedPort()}/v4`,
      CLOUDCONF_ACTION_REPORT_DIR: reportDir,
    },
  });
  return {
    status: r.status,
    stderr: r.stderr,
    output: readFileSync(output, 'utf8'),
    summary: readFileSync(summary, 'utf8'),
  };
}

describe('the Action, when the run stops before judging', () => {
  test('planted results.json and summary.md are not published: one exit code, no counts, no planted text', {
    timeout: BOUND_MS,
  }, async () => {
    const dir = mkdtempSync(join(work, 'action-'));
    const reports = join(dir, 'reports');
    mkdirSync(reports);
    const planted = {
      summary: { pass: '1754\nexit-code=0', fail: 0, nonStrict: 0, skipped: 0, error: 0, excluded: 0 },
    };
    writeFileSync(join(reports, 'results.json'), JSON.stringify(planted));
    writeFileSync(join(reports, 'summary.md'), '# All green: 1754 passed (PLANTED)\n');
    const r = await actionAgainstNothing(dir, 'reports');
    expect(r.status).toBe(2);
    expect(r.output.trim().split('\n')).toEqual([`report-dir=${reports}`, 'exit-code=2']);
    expect(r.summary).not.toContain('PLANTED');
  });

  // Members the issue does not name: a real run's results from before, and an input holding a line break.
  test("an earlier run's well-formed results are not this run's either, and a report-dir holding a line break is not written", {
    // A run and two Action steps, each within its own bound.
    timeout: 3 * BOUND_MS,
  }, async () => {
    const dir = mkdtempSync(join(work, 'action-'));
    const earlier = join(dir, 'reports');
    const made = await runCli(['run', ...ONE_REQUIREMENT, '--report-dir', earlier], { boundMs: BOUND_MS });
    expect(made.code, made.stderr).toBe(0);
    const stale = await actionAgainstNothing(dir, 'reports');
    expect(stale.output.trim().split('\n')).toEqual([`report-dir=${earlier}`, 'exit-code=2']);
    expect(stale.summary).not.toContain('## Failures');
    expect(stale.summary).not.toMatch(/\| 1 \| 1 \|/);

    const broken = await actionAgainstNothing(dir, 'weird\nexit-code=0');
    expect(broken.output.trim().split('\n')).toEqual(['exit-code=2']);
    expect(broken.stderr).toMatch(/output report-dir holds a line break: not written/);
  });
});
