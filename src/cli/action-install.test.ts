// Self-test of how the GitHub Action gets cloudconf and its arguments: `args` on several lines keeps each value's spaces, and `package` installs a tarball from the workspace (as `repository` installs the action's own packed checkout), putting `cloudconf` on the job's PATH.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { scratchDirectory } from '../test-support/scratch.js';

const SCRIPT = fileURLToPath(new URL('../../action/run.mjs', import.meta.url));
const work = scratchDirectory('action-install');

/** A stand-in for cloudconf's bin: it writes the arguments it was given to $RECORD and exits 0. */
const RECORDER = `import { writeFileSync } from 'node:fs';\nwriteFileSync(process.env.RECORD, JSON.stringify(process.argv.slice(2)));\n`;

function runAction(name: string, inputs: Record<string, string>) {
  const record = join(work, `${name}.argv.json`);
  const path = join(work, `${name}.path`);
  writeFileSync(path, '');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    RECORD: record,
    GITHUB_PATH: path,
    GITHUB_OUTPUT: join(work, `${name}.output`),
    RUNNER_TEMP: join(work, `${name}-temp`),
    ...inputs,
  };
  const r = spawnSync(process.execPath, [SCRIPT], { cwd: work, env, encoding: 'utf8', timeout: 120_000 });
  const argv = existsSync(record) ? (JSON.parse(readFileSync(record, 'utf8')) as string[]) : undefined;
  return { status: r.status, stderr: r.stderr, argv, path: readFileSync(path, 'utf8') };
}

test('args on several lines: one argument a line, or an option and its value, spaces kept', { timeout: 60_000 }, () => {
  const bin = join(work, 'recorder.mjs');
  writeFileSync(bin, RECORDER);
  const r = runAction('lines', {
    CLOUDCONF_BIN: bin,
    CLOUDCONF_ACTION_REPORT_DIR: 'out',
    CLOUDCONF_ACTION_ARGS: '--only vpcs\n  --header X-Gateway-Key: a b  c\n--label-note=two words\n\n--strict\n',
  });
  expect(r.status, r.stderr).toBe(0);
  expect(r.argv).toEqual([
    'run',
    '--report-dir',
    join(work, 'out'),
    '--run-id',
    expect.stringMatching(/^[0-9a-f-]{36}$/),
    '--only',
    'vpcs',
    '--header',
    'X-Gateway-Key: a b  c',
    '--label-note=two words',
    '--strict',
  ]);
});

test('args on one line are split at white space, as before', { timeout: 60_000 }, () => {
  const bin = join(work, 'recorder.mjs');
  writeFileSync(bin, RECORDER);
  const r = runAction('line', { CLOUDCONF_BIN: bin, CLOUDCONF_ACTION_ARGS: '--only tags   --seed 1' });
  expect(r.argv?.slice(5)).toEqual(['--only', 'tags', '--seed', '1']);
});

test('package: a tarball in the workspace is installed and run, and its bin joins the PATH', {
  timeout: 120_000,
}, () => {
  // A package named cloudconf whose bin records its arguments, packed as `npm pack` packs a clone.
  const source = join(work, 'fake-cloudconf');
  mkdirSync(join(source, 'src', 'cli'), { recursive: true });
  writeFileSync(
    join(source, 'package.json'),
    JSON.stringify({ name: 'cloudconf', version: '0.0.0-test', type: 'module', bin: { cloudconf: 'src/cli/bin.mjs' } }),
  );
  writeFileSync(join(source, 'src', 'cli', 'bin.mjs'), `#!/usr/bin/env node\n${RECORDER}`);
  const packed = spawnSync('npm', ['pack', '--pack-destination', work], { cwd: source, encoding: 'utf8' });
  expect(packed.status, packed.stderr).toBe(0);
  const r = runAction('tarball', {
    CLOUDCONF_BIN: '',
    CLOUDCONF_ACTION_PACKAGE: './cloudconf-0.0.0-test.tgz',
    CLOUDCONF_ACTION_ARGS: '--only tags',
  });
  expect(r.status, r.stderr).toBe(0);
  expect(r.argv?.slice(5)).toEqual(['--only', 'tags']);
  const bin = join(work, 'tarball-temp', 'cloudconf-action', 'node_modules', '.bin');
  expect(r.path).toBe(`${bin}\n`);
  expect(existsSync(join(bin, 'cloudconf'))).toBe(true);
});

test('package: a tarball that is not there fails the step and says which', { timeout: 60_000 }, () => {
  const r = runAction('missing', { CLOUDCONF_BIN: '', CLOUDCONF_ACTION_PACKAGE: './no-such.tgz' });
  expect(r.status).not.toBe(0);
  expect(r.stderr).toContain(`package: no file ${join(work, 'no-such.tgz')}`);
  expect(r.argv).toBeUndefined();
});
