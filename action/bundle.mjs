// The GitHub Action's bundle step (action.yml): writes the run's reports as one conformance bundle, signed with the key of the signing-key input (kept in the environment, never on a command line or on disk), and names it and its SHA-256 as outputs.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const env = process.env;
const input = (name) => (env[`CLOUDCONF_ACTION_${name}`] ?? '').trim();
const actionRoot = fileURLToPath(new URL('..', import.meta.url));

/** The cloudconf binary the run step used: CLOUDCONF_BIN, or the package it installed under RUNNER_TEMP. */
const cloudconfBin = () =>
  env.CLOUDCONF_BIN ||
  join(env.RUNNER_TEMP ?? actionRoot, 'cloudconf-action', 'node_modules', 'cloudconf', 'src', 'cli', 'bin.mjs');

/** One `name=value` line for $GITHUB_OUTPUT; a value holding a line break is refused, never written. */
function outputLine(name, value) {
  if (/[\r\n]/.test(value)) throw new Error(`the ${name} output holds a line break`);
  return `${name}=${value}\n`;
}

function main() {
  const reportDir = resolve(input('REPORT_DIR') || 'cloudconf-report');
  const bundle = resolve(input('BUNDLE'));
  const args = ['report', '--bundle', reportDir, '--out', bundle];
  if (input('PRODUCT')) args.push('--product', input('PRODUCT'));
  if (env.CLOUDCONF_SIGNING_KEY?.trim()) args.push('--sign', 'env://CLOUDCONF_SIGNING_KEY');
  else console.error('cloudconf action: no signing-key: the bundle is not signed (the publishing site refuses it)');
  const child = spawnSync(process.execPath, [cloudconfBin(), ...args], { stdio: 'inherit', env });
  if (child.status !== 0 || !existsSync(bundle)) return child.status || 2;
  const sha256 = createHash('sha256').update(readFileSync(bundle)).digest('hex');
  if (env.GITHUB_OUTPUT)
    appendFileSync(env.GITHUB_OUTPUT, outputLine('bundle', bundle) + outputLine('bundle-sha256', sha256));
  return 0;
}

process.exitCode = main();
