// Builds the single-file Allure 3 report of a run from its allure-results, offline, with the report's analytics tag taken out.

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const require = createRequire(import.meta.url);

/** The Allure 3 command line, when the `allure` devDependency is installed. */
function allureCli(): string | undefined {
  try {
    return join(dirname(require.resolve('allure')), '..', 'cli.js');
  } catch {
    return undefined;
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

/** Generates DIR/allure-report/index.html from DIR/allure-results. */
export function buildAllureReport(dir: string, name: string): AllureOutcome {
  const results = resolve(dir, 'allure-results');
  const output = resolve(dir, 'allure-report');
  if (!existsSync(results)) return { ok: false, message: `${results} does not exist: run \`cloudconf run\` first` };
  const cli = allureCli();
  if (!cli) return { ok: false, message: 'the allure package is not installed (npm install --save-dev allure@3.18.0)' };
  const configDir = mkdtempSync(join(tmpdir(), 'cloudconf-allure-'));
  const config = join(configDir, 'allurerc.json');
  writeFileSync(
    config,
    JSON.stringify({ name, output, plugins: { awesome: { options: { singleFile: true, reportName: name } } } }),
  );
  rmSync(output, { recursive: true, force: true });
  const run = spawnSync(process.execPath, [cli, 'generate', '--config', config, results], {
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1' },
  });
  rmSync(configDir, { recursive: true, force: true });
  const page = join(output, 'index.html');
  if (run.status !== 0 || !existsSync(page)) {
    return { ok: false, message: `allure generate failed (${run.status}): ${(run.stderr || run.stdout).trim()}` };
  }
  writeFileSync(page, withoutAnalytics(readFileSync(page, 'utf8')));
  return { ok: true, message: page };
}
