// Checks that the build hash of one packed, installed cloudconf is the same on every run and every shard, and that no run writes into the installed package: packs the tarball, installs it into an empty project, runs it N times and as M shards (`--runs N --shards M`, default 10 and 4).

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
};
const runs = arg('--runs', 10);
const shards = arg('--shards', 4);
const work = mkdtempSync(join(tmpdir(), 'cloudconf-build-hash-'));
const project = join(work, 'project');
const cache = join(work, 'user-cache');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const env = { ...process.env, CLOUDCONF_CACHE_DIR: cache };
const sh = (cmd, args, cwd = project) =>
  execFileSync(cmd, args, { cwd, env, encoding: 'utf8', timeout: 1_200_000, stdio: ['ignore', 'pipe', 'pipe'] });

/** Every file of the installed package with its size and SHA-256: what a run must leave as it found it. */
function snapshot(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() || e.isSymbolicLink())
    .map((e) => join(e.parentPath, e.name))
    .sort()
    .map(
      (file) =>
        `${relative(dir, file)} ${statSync(file).size} ${createHash('sha256').update(readFileSync(file)).digest('hex')}`,
    );
}

const buildOf = (dir) => JSON.parse(readFileSync(join(project, dir, 'results.json'), 'utf8')).tool.build;

const pack = JSON.parse(sh(npm, ['pack', '--json', '--pack-destination', work], root));
mkdirSync(project);
writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'empty', private: true, type: 'module' }));
sh(npm, ['install', '--no-audit', '--no-fund', '--save-dev', join(work, pack[0].filename)]);
const installed = join(project, 'node_modules', 'cloudconf');
const before = snapshot(installed);
console.log(`installed ${pack[0].filename}: ${before.length} files`);

const builds = [];
for (let i = 1; i <= runs; i++) {
  const dir = `run-${i}`;
  const started = Date.now();
  sh('npx', [
    '--no-install',
    'cloudconf',
    'run',
    '--only',
    'vpcs/create',
    '--seed',
    String(i),
    '--quiet',
    '--report-dir',
    dir,
  ]);
  builds.push([dir, buildOf(dir)]);
  console.log(`run ${i}/${runs}: build ${buildOf(dir)} (${Date.now() - started} ms)`);
}
for (let i = 1; i <= shards; i++) {
  const dir = `shard-${i}`;
  const started = Date.now();
  try {
    sh('npx', [
      '--no-install',
      'cloudconf',
      'run',
      '--shard',
      `${i}/${shards}`,
      '--seed',
      '1',
      '--quiet',
      '--report-dir',
      dir,
    ]);
  } catch (error) {
    // A shard's verdicts decide its exit code; its build hash is what is compared here.
    if (error.status !== 1) throw error;
  }
  builds.push([dir, buildOf(dir)]);
  console.log(`shard ${i}/${shards}: build ${buildOf(dir)} (${Date.now() - started} ms)`);
}

const after = snapshot(installed);
const hashes = new Set(builds.map(([, b]) => b));
const changed = [...after.filter((l) => !before.includes(l)), ...before.filter((l) => !after.includes(l))];
const cached = existsSync(cache) ? readdirSync(cache, { recursive: true }).length : 0;
console.log(`build hashes over ${runs} runs and ${shards} shards: ${[...hashes].join(', ')}`);
console.log(`files of the installed package added, removed or changed by the runs: ${changed.length}`);
for (const line of changed.slice(0, 20)) console.log(`  ${line}`);
console.log(`entries in the user's cache directory (CLOUDCONF_CACHE_DIR): ${cached}`);
const ok = hashes.size === 1 && changed.length === 0;
if (ok) rmSync(work, { recursive: true, force: true });
else console.log(`kept ${work} for inspection`);
console.log(ok ? 'build hash check: passed' : 'build hash check: FAILED');
process.exitCode = ok ? 0 : 1;
