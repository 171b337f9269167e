// Self-test of the GitHub Action's script (action/run.mjs): run against a reference server, it passes the inputs to `cloudconf run` and hands the verdict counts and summary.md to the workflow.

import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { scratchDirectory } from '../test-support/scratch.js';
import { startServe } from './child.js';

const SCRIPT = fileURLToPath(new URL('../../action/run.mjs', import.meta.url));
const BIN = fileURLToPath(new URL('./bin.mjs', import.meta.url));
const work = scratchDirectory('action');

/** Runs the action's script as the composite step does, with the step's files in a temporary directory. */
function runAction(name: string, inputs: Record<string, string>) {
  const output = join(work, `${name}.output`);
  const summary = join(work, `${name}.summary`);
  writeFileSync(output, '');
  writeFileSync(summary, '');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    CLOUDCONF_BIN: BIN,
    GITHUB_OUTPUT: output,
    GITHUB_STEP_SUMMARY: summary,
  };
  for (const [key, value] of Object.entries(inputs)) env[key] = value;
  const r = spawnSync(process.execPath, [SCRIPT], { cwd: work, env, encoding: 'utf8', timeout: 300_000 });
  const outputs = Object.fromEntries(
    readFileSync(output, 'utf8')
      .trim()
      .split('\n')
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  return { status: r.status, stderr: r.stderr, outputs, summary: readFileSync(summary, 'utf8') };
}

const inputs = (baseUrl: string, reportDir: string) => ({
  CLOUDCONF_ACTION_BASE_URL: baseUrl,
  CLOUDCONF_TOKEN: 'action-token',
  CLOUDCONF_ACTION_SHARD: '1/1',
  CLOUDCONF_ACTION_MODE: 'full',
  CLOUDCONF_ACTION_ARGS: '--only tags --seed 1',
  CLOUDCONF_ACTION_REPORT_DIR: reportDir,
});

test('against a conformant server: exit 0, verdict counts and report directory as outputs, summary.md in the job summary', async () => {
  const server = await startServe('action-token');
  try {
    const r = runAction('clean', inputs(server.baseUrl, 'clean'));
    expect(r.status, r.stderr).toBe(0);
    expect(r.outputs['report-dir']).toBe(join(work, 'clean'));
    expect(r.outputs['exit-code']).toBe('0');
    expect(Number(r.outputs.pass)).toBeGreaterThan(0);
    expect(r.outputs).toMatchObject({ fail: '0', error: '0' });
    const results = JSON.parse(readFileSync(join(work, 'clean', 'results.json'), 'utf8'));
    expect(results.shard).toMatchObject({ index: 1, total: 1 });
    expect(Number(r.outputs.pass)).toBe(results.summary.pass);
    expect(r.summary).toBe(`${readFileSync(join(work, 'clean', 'summary.md'), 'utf8')}\n`);
  } finally {
    await server.stop();
  }
}, 300_000);

test('against a faulty server: exit 1 and the failures counted', async () => {
  const server = await startServe('action-token', ['--fault', 'tag-create-not-stored']);
  try {
    const r = runAction('faulty', inputs(server.baseUrl, 'faulty'));
    expect(r.status).toBe(1);
    expect(r.outputs['exit-code']).toBe('1');
    expect(Number(r.outputs.fail)).toBeGreaterThan(0);
    expect(r.summary).toContain('fail');
  } finally {
    await server.stop();
  }
}, 300_000);
