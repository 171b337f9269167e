// CI self-test of the published shape: packs the tarball, installs it into an empty project, and there runs the CLI, the reference server and the package's exports as a user would (`--full-run`: also the full default run).

import { execFileSync, spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'cloudconf-pack-'));
const project = join(work, 'project');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
let failed = 0;

function step(name, fn) {
  const started = Date.now();
  try {
    const detail = fn();
    console.log(`ok   ${name} (${Date.now() - started} ms)${detail ? `: ${detail}` : ''}`);
  } catch (error) {
    failed++;
    console.log(`FAIL ${name}: ${error instanceof Error ? error.message : String(error)}`);
    if (error?.stdout) console.log(String(error.stdout).slice(-4000));
    if (error?.stderr) console.log(String(error.stderr).slice(-4000));
  }
}

const sh = (cmd, args, cwd = project, timeout = 300_000) =>
  execFileSync(cmd, args, { cwd, encoding: 'utf8', timeout, stdio: ['ignore', 'pipe', 'pipe'] });

let tarball = '';
step('npm pack (builds dist/ through prepack)', () => {
  const out = JSON.parse(sh(npm, ['pack', '--json', '--pack-destination', work], root, 600_000));
  const { filename, entryCount, size, files } = out[0];
  tarball = join(work, filename);
  const shipped = files.map((f) => f.path);
  // The conformance suites (dist/suites/*.test.js) are the product; the self-tests are not.
  const unwanted = shipped.filter((p) =>
    /^dist\/src\/.*\.test\.|^dist\/suites\/encoding\/|^dist\/src\/(bench|selftest)\/|^\.ci\/|^scripts\/|biome|tsconfig|vitest\.config/.test(
      p,
    ),
  );
  if (unwanted.length) throw new Error(`the tarball ships ${unwanted.join(', ')}`);
  const sources = shipped.filter((p) => p.endsWith('.ts') && !p.endsWith('.d.ts'));
  if (sources.length) throw new Error(`the tarball ships TypeScript sources: ${sources.slice(0, 5).join(', ')}`);
  return `${filename}, ${entryCount} files, ${(size / 1024).toFixed(0)} kB`;
});

step('npm install of the tarball into an empty project', () => {
  sh('mkdir', ['-p', project], work);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'empty', private: true, type: 'module' }));
  sh(npm, ['install', '--no-audit', '--no-fund', '--save-dev', tarball], project, 600_000);
  const installed = readdirSync(join(project, 'node_modules'));
  for (const dev of ['tsx', 'typescript', '@biomejs']) {
    if (installed.includes(dev)) throw new Error(`a development dependency was installed: ${dev}`);
  }
  return `${installed.length} packages`;
});

step('npx cloudconf --version', () => {
  const version = sh('npx', ['--no-install', 'cloudconf', '--version']).trim();
  if (!/^\d+\.\d+\.\d+/.test(version)) throw new Error(`printed ${version}`);
  return version;
});

step('npx cloudconf catalogue --check (paths from the package, not the working directory)', () => {
  sh('npx', ['--no-install', 'cloudconf', 'catalogue', '--check']);
});

step('npx cloudconf run --only vpcs exits 0', () => {
  sh('npx', ['--no-install', 'cloudconf', 'run', '--only', 'vpcs', '--quiet', '--report-dir', 'out'], project, 600_000);
  const results = JSON.parse(sh('cat', ['out/results.json']));
  if (!(results.summary.pass > 0)) throw new Error(`no requirement passed: ${JSON.stringify(results.summary)}`);
  return JSON.stringify(results.summary);
});

if (process.argv.includes('--full-run')) {
  step('npx cloudconf run (the full default run, from the built files) exits 0', () => {
    sh('npx', ['--no-install', 'cloudconf', 'run', '--quiet', '--report-dir', 'full'], project, 1_200_000);
    return JSON.stringify(JSON.parse(sh('cat', ['full/results.json'])).summary);
  });
}

/** Starts `cloudconf serve` on a free port and resolves with its base URL and the child. */
function serve() {
  // Its own process group: npx does not pass SIGTERM on to the node it started, which would outlive the check.
  const child = spawn('npx', ['--no-install', 'cloudconf', 'serve', '--port', '0', '--token', 'pack-check'], {
    cwd: project,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: process.platform !== 'win32',
  });
  return new Promise((resolve, reject) => {
    let out = '';
    const bound = setTimeout(() => reject(new Error(`serve printed no URL: ${out}`)), 60_000);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const url = /^(http:\/\/\S+\/v4)\n/m.exec(out)?.[1];
      if (url) {
        clearTimeout(bound);
        resolve({ child, url });
      }
    });
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
  });
}

async function checkServe() {
  const started = Date.now();
  let server;
  try {
    server = await serve();
    // The API lists regions in one place: the (beta) service availability of each region.
    const url = `${server.url.replace(/\/v4$/, '/v4beta')}/account/availability`;
    const answer = await fetch(url, { headers: { authorization: 'Bearer pack-check' } });
    const body = await answer.json();
    if (answer.status !== 200 || !Array.isArray(body.data) || body.data.length === 0) {
      throw new Error(`GET ${url} answered ${answer.status} ${JSON.stringify(body).slice(0, 200)}`);
    }
    const regions = body.data.map((r) => r.region).join(', ');
    console.log(
      `ok   npx cloudconf serve answers GET /v4beta/account/availability (${Date.now() - started} ms): ${regions}`,
    );
  } catch (error) {
    failed++;
    console.log(`FAIL npx cloudconf serve: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    if (server) {
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      if (process.platform === 'win32') server.child.kill('SIGTERM');
      else process.kill(-server.child.pid, 'SIGTERM');
      await exited;
    }
  }
}
await checkServe();

const fixture = (name) =>
  copyFileSync(fileURLToPath(new URL(`./pack-check/${name}`, import.meta.url)), join(project, name));

step('an ESM script starts the reference server through the exports and lists its regions with undici', () => {
  fixture('regions.mjs');
  // As a user's project would after `npm i undici` (cloudconf's own copy is not the project's to import).
  const undici = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).dependencies.undici;
  sh(npm, ['install', '--no-audit', '--no-fund', '--save-dev', `undici@${undici}`], project, 300_000);
  return sh(process.execPath, ['regions.mjs'], project, 60_000).trim();
});

step('runSelection from the exports returns the results object', () => {
  fixture('run-selection.mjs');
  return sh(process.execPath, ['run-selection.mjs'], project, 600_000).trim();
});

step('TypeScript types resolve through the exports', () => {
  fixture('types.ts');
  const options = { module: 'NodeNext', strict: true, noEmit: true, skipLibCheck: true, types: [] };
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, files: ['types.ts'] }));
  const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
  sh(process.execPath, [tsc, '-p', 'tsconfig.json'], project, 300_000);
});

if (failed === 0) rmSync(work, { recursive: true, force: true });
else console.log(`kept ${work} for inspection`);
console.log(failed ? `pack check: ${failed} failed` : 'pack check: all passed');
process.exitCode = failed ? 1 : 0;
