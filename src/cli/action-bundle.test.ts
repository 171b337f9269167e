// Self-test of the GitHub Action's bundle step (action/bundle.mjs): after a run, it writes a bundle signed with the key from the environment, names it and its SHA-256 as outputs, and never prints the key.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, expect, test } from 'vitest';
import { generateKeys } from '../report/bundle/sign.js';
import { scratchDirectory } from '../test-support/scratch.js';
import { runSuite } from './run.js';
import { verify } from './verify.js';

const SCRIPT = fileURLToPath(new URL('../../action/bundle.mjs', import.meta.url));
const BIN = fileURLToPath(new URL('./bin.mjs', import.meta.url));
const work = scratchDirectory('action-bundle');

beforeAll(async () => {
  await runSuite(
    { only: 'vpcs/create', seed: '1', runs: '1', allure: false, quiet: true, reportDir: join(work, 'report') },
    () => {},
  );
  writeFileSync(
    join(work, 'product.json'),
    JSON.stringify({ name: 'Action Cloud', version: '1', vendor: 'v', url: 'https://example.test/' }),
  );
}, 120_000);

function bundleStep(env: Record<string, string>) {
  const output = join(work, 'output');
  writeFileSync(output, '');
  const r = spawnSync(process.execPath, [SCRIPT], {
    cwd: work,
    env: {
      ...process.env,
      CLOUDCONF_BIN: BIN,
      GITHUB_OUTPUT: output,
      CLOUDCONF_ACTION_REPORT_DIR: 'report',
      CLOUDCONF_ACTION_PRODUCT: 'product.json',
      ...env,
    },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: r.status, printed: `${r.stdout}${r.stderr}`, output: readFileSync(output, 'utf8') };
}

test('with a signing key in the environment: a signed bundle, its path and SHA-256 as outputs, the key never printed', async () => {
  const keys = generateKeys();
  const r = bundleStep({ CLOUDCONF_ACTION_BUNDLE: 'conformance.tar.gz', CLOUDCONF_SIGNING_KEY: keys.privatePem });
  expect(r.status, r.printed).toBe(0);
  const file = join(work, 'conformance.tar.gz');
  const sha256 = createHash('sha256').update(readFileSync(file)).digest('hex');
  expect(r.output).toBe(`bundle=${file}\nbundle-sha256=${sha256}\n`);
  const body = keys.privatePem.split('\n')[1] as string;
  expect(r.printed).not.toContain(body);
  const pub = join(work, 'action.pub');
  writeFileSync(pub, keys.publicPem);
  expect(await verify(file, { key: [pub] }, () => {})).toBe(0);
}, 60_000);

test('without a key the bundle is written unsigned, and the step says so', () => {
  const r = bundleStep({ CLOUDCONF_ACTION_BUNDLE: 'unsigned.tar.gz', CLOUDCONF_SIGNING_KEY: '' });
  expect(r.status, r.printed).toBe(0);
  expect(r.printed).toContain('no signing-key: the bundle is not signed');
}, 60_000);

test('a signing key that is not one: the step fails with one line and no output, the value not printed', () => {
  const r = bundleStep({ CLOUDCONF_ACTION_BUNDLE: 'bad.tar.gz', CLOUDCONF_SIGNING_KEY: 'NOT-A-KEY-BUT-SECRET-9f2c' });
  expect(r.status).toBe(2);
  expect(r.printed).toContain('the environment variable CLOUDCONF_SIGNING_KEY holds no private key in PEM');
  expect(r.printed).not.toContain('NOT-A-KEY-BUT-SECRET-9f2c');
  expect(r.output).toBe('');
}, 60_000);
