// Builds the single-file Allure 3 report of a run from its allure-results, offline, with the report's analytics tag taken out; Allure comes from the project's node_modules, or is fetched once through npm at the version cloudconf is tested with.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fromPackage } from '../package-root.js';
import { allure3Categories } from './allure-results.js';

const require = createRequire(import.meta.url);

/**
 * The Allure version cloudconf renders with: its optional peer dependency in package.json (the
 * devDependency of a clone is the same version), so it is written once.
 */
export function pinnedAllureVersion(): string {
  const pkg = JSON.parse(readFileSync(fromPackage('package.json'), 'utf8')) as {
    peerDependencies?: Record<string, string>;
  };
  const version = pkg.peerDependencies?.allure;
  if (!version) throw new Error('package.json names no allure peer dependency');
  return version;
}

/** How to start Allure 3's command line: the installed package when there is one, else `npm exec` of the pinned version. */
export function allureCommand(resolveAllure: () => string = () => require.resolve('allure')): {
  command: string;
  args: string[];
  fetched?: string;
} {
  try {
    return { command: process.execPath, args: [join(dirname(resolveAllure()), '..', 'cli.js')] };
  } catch {
    const version = pinnedAllureVersion();
    // npm caches what it fetched for exec: the download happens once per machine and version.
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    return { command: npm, args: ['exec', '--yes', `--package=allure@${version}`, '--', 'allure'], fetched: version };
  }
}

/**
 * Allure 3.18's report page always loads Google Tag Manager; a conformance report of someone's server
 * should not call a third party when opened, and offline the tag only fails. Both of its scripts go.
 */
export function withoutAnalytics(html: string): string {
  return html
    .replace(/<script async src="https:\/\/www\.googletagmanager\.com\/[^"]*"><\/script>/g, '')
    .replace(/<script>\s*window\.dataLayer = window\.dataLayer[\s\S]*?<\/script>/g, '');
}

export interface AllureOutcome {
  ok: boolean;
  /** The report file, or why there is none. */
  message: string;
}

/** Generates DIR/allure-report/index.html from DIR/allure-results; `log` hears of a fetch of Allure. */
export function buildAllureReport(dir: string, name: string, log: (line: string) => void = () => {}): AllureOutcome {
  const results = resolve(dir, 'allure-results');
  const output = resolve(dir, 'allure-report');
  if (!existsSync(results)) return { ok: false, message: `${results} does not exist: run \`cloudconf run\` first` };
  const allure = allureCommand();
  if (allure.fetched)
    log(`allure is not installed here: running allure@${allure.fetched} through npm exec (fetched once)`);
  const configDir = mkdtempSync(join(tmpdir(), 'cloudconf-allure-'));
  const config = join(configDir, 'allurerc.json');
  writeFileSync(
    config,
    JSON.stringify({
      name,
      output,
      categories: allure3Categories(),
      plugins: { awesome: { options: { singleFile: true, reportName: name } } },
    }),
  );
  rmSync(output, { recursive: true, force: true });
  const run = spawnSync(allure.command, [...allure.args, 'generate', '--config', config, results], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
    shell: process.platform === 'win32' && allure.fetched !== undefined,
  });
  rmSync(configDir, { recursive: true, force: true });
  const page = join(output, 'index.html');
  if (run.status !== 0 || !existsSync(page)) {
    const why = (run.error?.message ?? (run.stderr || run.stdout)).trim();
    const install = allure.fetched
      ? `; without the network, install it once with \`npm install --save-dev allure@${allure.fetched}\``
      : '';
    return { ok: false, message: `allure generate failed (${run.status}): ${why}${install}` };
  }
  writeFileSync(page, withoutAnalytics(readFileSync(page, 'utf8')));
  return { ok: true, message: page };
}
