// The script of the GitHub Action (action.yml): installs cloudconf, runs it with the action's inputs, and hands the verdict counts and summary.md to the workflow.

import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const env = process.env;
const input = (name) => (env[`CLOUDCONF_ACTION_${name}`] ?? '').trim();
const actionRoot = fileURLToPath(new URL('..', import.meta.url));

/** The cloudconf binary: CLOUDCONF_BIN when given (CI's own checkout), else the package installed from the registry. */
function cloudconfBin() {
  if (env.CLOUDCONF_BIN) return env.CLOUDCONF_BIN;
  const version = input('VERSION') || JSON.parse(readFileSync(join(actionRoot, 'package.json'), 'utf8')).version;
  const prefix = join(env.RUNNER_TEMP ?? actionRoot, 'cloudconf-action');
  const npm = spawnSync('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', `cloudconf@${version}`], {
    stdio: 'inherit',
  });
  if (npm.status !== 0) throw new Error(`npm install cloudconf@${version} failed`);
  return join(prefix, 'node_modules', 'cloudconf', 'src', 'cli', 'bin.mjs');
}

/** The arguments of `cloudconf run` from the inputs; the token stays in the environment (CLOUDCONF_TOKEN). */
function runArguments(reportDir) {
  const args = ['run', '--report-dir', reportDir];
  if (input('BASE_URL')) args.push('--base-url', input('BASE_URL'));
  if (input('SHARD')) args.push('--shard', input('SHARD'));
  if (input('MODE')) args.push('--mode', input('MODE'));
  if (input('ARGS')) args.push(...input('ARGS').split(/\s+/));
  return args;
}

/** `name=value` lines for $GITHUB_OUTPUT. */
function outputLines(reportDir, exitCode, summary) {
  const counts = summary
    ? {
        pass: summary.pass,
        fail: summary.fail,
        'non-strict': summary.nonStrict,
        skipped: summary.skipped,
        error: summary.error,
        excluded: summary.excluded,
      }
    : {};
  return Object.entries({ 'report-dir': reportDir, 'exit-code': exitCode, ...counts }).map(([k, v]) => `${k}=${v}`);
}

function main() {
  const reportDir = resolve(input('REPORT_DIR') || 'cloudconf-report');
  const child = spawnSync(process.execPath, [cloudconfBin(), ...runArguments(reportDir)], { stdio: 'inherit', env });
  const exitCode = child.status ?? 2;
  const resultsFile = join(reportDir, 'results.json');
  const summary = existsSync(resultsFile) ? JSON.parse(readFileSync(resultsFile, 'utf8')).summary : undefined;
  if (env.GITHUB_OUTPUT) appendFileSync(env.GITHUB_OUTPUT, `${outputLines(reportDir, exitCode, summary).join('\n')}\n`);
  const summaryFile = join(reportDir, 'summary.md');
  if (env.GITHUB_STEP_SUMMARY && existsSync(summaryFile)) {
    appendFileSync(env.GITHUB_STEP_SUMMARY, `${readFileSync(summaryFile, 'utf8')}\n`);
  }
  if (!summary) console.error(`cloudconf action: no ${resultsFile}: the run did not get to its reports`);
  return exitCode;
}

process.exitCode = main();
