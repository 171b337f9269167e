// The script of the GitHub Action (action.yml): installs cloudconf, runs it with the action's inputs, and hands the verdict counts and summary.md of that very run (proven by its run id) to the workflow.

import { spawnSync } from 'node:child_process';

import { randomUUID } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';

import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const env = process.env;
const input = (name) => (env[`CLOUDCONF_ACTION_${name}`] ?? '').trim();
const actionRoot = fileURLToPath(new URL('..', import.meta.url));

/** A results.json or summary.md larger than this is no report of a run: not read. */
const MAX_REPORT_BYTES = 256 * 1024 * 1024;

const npmRun = (args, cwd, what) => {
  const npm = spawnSync('npm', args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
  if (npm.status !== 0) throw new Error(`${what} failed (npm ${args[0]}: exit ${npm.status})`);
};

/**
 * What `npm install` takes for the `package` input: the registry's cloudconf at `version` (this
 * action's own by default); a tarball (`npm pack` of a clone, a path in the workspace); or
 * `repository`, this action's own files at the ref `uses:` named, packed as a release would be.
 */
function packageSpec(prefix) {
  const source = input('PACKAGE');
  if (source === 'repository') {
    npmRun(['ci', '--no-audit', '--no-fund'], actionRoot, 'installing the repository of the action');
    npmRun(['pack', '--pack-destination', prefix], actionRoot, 'packing the repository of the action');
    const packed = readdirSync(prefix).find((name) => /^cloudconf-.*\.tgz$/.test(name));
    if (!packed) throw new Error(`npm pack left no cloudconf-*.tgz in ${prefix}`);
    return join(prefix, packed);
  }
  if (source) {
    const tarball = resolve(source);
    if (!existsSync(tarball)) throw new Error(`package: no file ${tarball} (a tarball from npm pack, or repository)`);
    return tarball;
  }
  return `cloudconf@${input('VERSION') || JSON.parse(readFileSync(join(actionRoot, 'package.json'), 'utf8')).version}`;
}

/**
 * The cloudconf binary: CLOUDCONF_BIN when given (CI's own checkout), else the package installed as
 * the `package` input says; its bin directory joins the job's PATH, so later steps run `cloudconf`.
 */
function cloudconfBin() {
  if (env.CLOUDCONF_BIN) return env.CLOUDCONF_BIN;
  const prefix = join(env.RUNNER_TEMP ?? actionRoot, 'cloudconf-action');
  mkdirSync(prefix, { recursive: true });
  const spec = packageSpec(prefix);
  npmRun(['install', '--prefix', prefix, '--no-audit', '--no-fund', spec], prefix, `npm install ${spec}`);
  if (env.GITHUB_PATH) appendFileSync(env.GITHUB_PATH, `${join(prefix, 'node_modules', '.bin')}\n`);
  return join(prefix, 'node_modules', 'cloudconf', 'src', 'cli', 'bin.mjs');
}

/**
 * The `args` input as arguments. On one line, split at white space. On several lines, each line is
 * one argument, so a value keeps its spaces; a line `--name value` is the option and its value
 * (split at its first white space, unless the option is written `--name=value`).
 */
function extraArguments(text) {
  if (!text.includes('\n')) return text.split(/\s+/).filter(Boolean);
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .flatMap((line) => {
      const option = /^(-[^\s=]+)\s+(.*)$/.exec(line);
      return option ? [option[1], option[2]] : [line];
    });
}

/** The arguments of `cloudconf run` from the inputs; the token stays in the environment (CLOUDCONF_TOKEN). */
function runArguments(reportDir, runId) {
  const args = ['run', '--report-dir', reportDir, '--run-id', runId];
  if (input('BASE_URL')) args.push('--base-url', input('BASE_URL'));
  if (input('SHARD')) args.push('--shard', input('SHARD'));
  if (input('MODE')) args.push('--mode', input('MODE'));
  if (input('ARGS')) args.push(...extraArguments(input('ARGS')));
  return args;
}

/** A report file's text, or undefined when it is missing or too large to be one. */
function readReport(file) {
  if (!existsSync(file) || statSync(file).size > MAX_REPORT_BYTES) return undefined;
  return readFileSync(file, 'utf8');
}

/**
 * The summary of results.json when it is this run's (its `runId` is the one this script gave the run);
 * undefined otherwise: a run that stopped before its reports leaves older or planted files there.
 */
function summaryOfThisRun(resultsFile, runId) {
  let results;
  try {
    results = JSON.parse(readReport(resultsFile) ?? 'null');
  } catch {
    return undefined;
  }
  return results?.runId === runId && results.summary && typeof results.summary === 'object'
    ? results.summary
    : undefined;
}

/** `name=value` lines for $GITHUB_OUTPUT: counts only when they are counts, and no value holding a line break. */
function outputLines(reportDir, exitCode, summary) {
  const counts = summary
    ? {
        pass: summary.pass,
        fail: summary.fail,
        'non-strict': summary.nonStrict,
        skipped: summary.skipped,
        error: summary.error,
        'not-implemented': summary.notImplemented,
        'not-offered': summary.notOffered,
        excluded: summary.excluded,
      }
    : {};
  const lines = [];
  for (const [name, value] of Object.entries({ 'report-dir': reportDir, 'exit-code': exitCode, ...counts })) {
    const text = String(value);
    if (name !== 'report-dir' && !(Number.isInteger(value) && value >= 0)) {
      console.error(`cloudconf action: output ${name} is not a count: not written`);
      continue;
    }
    // A line break would end the value and start an output of the text's choosing.
    if (/[\r\n\u2028\u2029]/.test(text)) {
      console.error(`cloudconf action: output ${name} holds a line break: not written`);
      continue;
    }
    lines.push(`${name}=${text}`);
  }
  return lines;
}

function main() {
  const reportDir = resolve(input('REPORT_DIR') || 'cloudconf-report');
  const runId = randomUUID();
  const child = spawnSync(process.execPath, [cloudconfBin(), ...runArguments(reportDir, runId)], {
    stdio: 'inherit',
    env,
  });
  const exitCode = child.status ?? 2;
  const resultsFile = join(reportDir, 'results.json');
  const summary = summaryOfThisRun(resultsFile, runId);
  const lines = outputLines(reportDir, exitCode, summary);
  if (env.GITHUB_OUTPUT && lines.length) appendFileSync(env.GITHUB_OUTPUT, `${lines.join('\n')}\n`);
  // summary.md too must be this run's: it names the run's id.
  const summaryText = summary ? readReport(join(reportDir, 'summary.md')) : undefined;
  const ours = summaryText?.includes(runId) ? summaryText : undefined;
  if (env.GITHUB_STEP_SUMMARY) {
    appendFileSync(
      env.GITHUB_STEP_SUMMARY,
      ours ? `${ours}\n` : `cloudconf: no reports of this run (exit ${exitCode}); see the step's log.\n`,
    );
  }
  if (!summary) console.error(`cloudconf action: no ${resultsFile} of this run: the run did not get to its reports`);
  return exitCode;
}

process.exitCode = main();
