// `cloudconf report`: compare runs side by side, merge shards into one run, build the Allure report, re-render a run's reports from its results.json, bundle (and sign) a run, or build the publishing site.

import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { FILE_BOUNDS, readBoundedText } from '../http/bounded-file.js';
import { buildAllureReport } from '../report/allure.js';
import { writeAllureResults } from '../report/allure-writer.js';
import { compareWithBaseline, loadKnownState } from '../report/baseline.js';
import { createBundle, readProduct } from '../report/bundle/bundle.js';
import { readPrivateKey } from '../report/bundle/sign.js';
import { readKeyRing } from '../report/bundle/trusted-keys.js';
import { renderCompare } from '../report/compare.js';
import { REPORT_FILES } from '../report/complete.js';
import { mergeResults } from '../report/merge.js';
import { refuseLinks } from '../report/report-dir.js';
import { exitCodeOf, type Results } from '../report/results.js';
import { buildSite } from '../report/site/site.js';
import { jsonSummary, terminalSummary, wantsColour } from '../report/terminal.js';
import { writeReports } from '../report/write.js';

export interface ReportOptions {
  bundle?: string;
  /** With --site: the bundles to publish (the command's arguments). */
  bundles?: string[];
  site?: string;
  product?: string;
  /** With --bundle: the Ed25519 private key that signs the manifest (a PEM file, or `env://NAME`). */
  sign?: string;
  /** With --site: the keys the site trusts, one `<public key> <implementation name>` line each. */
  trustedKeys?: string;
  compare?: string[];
  merge?: string[];
  allure?: string;
  render?: string;
  out?: string;
  baseline?: string;
  knownFailures?: string;
  json?: boolean;
  quiet?: boolean;
  /** With --merge: a missing shard is a warning, not exit 2. */
  allowMissing?: boolean;
}

type Log = (line: string) => void;

/** A report directory's results.json; throws with the path when it is missing or not one. */
export function readResults(dir: string): Results {
  const file = join(dir, 'results.json');
  if (!existsSync(file)) throw new Error(`${file} does not exist`);
  const results = JSON.parse(readBoundedText(file, FILE_BOUNDS.results, 'the results file')) as Results;
  if (typeof results.schemaVersion !== 'number' || !Array.isArray(results.requirements))
    throw new Error(`${file} is not a cloudconf results.json`);
  return results;
}

/** A link from one directory to a file, kept relative so the pages can move together; never read as a scheme. */
const linkTo = (from: string, file: string) => {
  const path = relative(from, file).split('\\').join('/');
  return path.startsWith('.') ? path : `./${path}`;
};

function compare(dirs: string[], out: string, log: Log): number {
  const inputs = dirs.map((dir) => {
    const page = resolve(dir, 'index.html');
    return {
      label: dir,
      results: readResults(dir),
      ...(existsSync(page) ? { href: linkTo(resolve(out), page) } : {}),
    };
  });
  mkdirSync(out, { recursive: true });
  const file = join(out, 'compare.html');
  writeFileSync(file, renderCompare(inputs));
  log(`compared ${dirs.length} runs: ${file}`);
  return 0;
}

function merge(dirs: string[], out: string, options: ReportOptions, log: Log, print: Log): number {
  refuseLinks(resolve(out), [...REPORT_FILES, 'allure-results']);
  const known = loadKnownState(options.baseline, options.knownFailures);
  const { results, warnings } = mergeResults(dirs.map((dir) => ({ source: dir, results: readResults(dir) })));
  for (const w of warnings) log(`warning: ${w}`);
  if (known) results.baseline = compareWithBaseline(results, known);
  writeReports(resolve(out), results);
  // The merged run's Allure results come from its merged results, as a run's do: one result per requirement.
  writeAllureResults(resolve(out), results);
  if (options.json) process.stdout.write(`${JSON.stringify(jsonSummary(results, out), null, 2)}\n`);
  else if (!options.quiet) print(terminalSummary(results, out, wantsColour(process.stdout)));
  if (results.missingShards && !options.allowMissing) {
    log(
      `cloudconf report: shard ${results.missingShards.join(', ')} missing from the merge (exit 2; --allow-missing to accept)`,
    );
    return 2;
  }
  return exitCodeOf(results);
}

function render(dir: string, log: Log): number {
  refuseLinks(resolve(dir), REPORT_FILES);
  const results = readResults(dir);
  const started = performance.now();
  writeReports(resolve(dir), results);
  log(
    `rendered ${join(dir, 'index.html')}, junit.xml and summary.md from ${results.requirements.length} requirements in ${(performance.now() - started).toFixed(0)} ms`,
  );
  return 0;
}

/** The Allure report of a run: its allure-results built again from results.json (the current labels and reasons), then rendered. */
function allure(dir: string, log: Log): number {
  const results = existsSync(join(dir, 'results.json')) ? readResults(dir) : undefined;
  if (results) writeAllureResults(resolve(dir), results);
  const outcome = buildAllureReport(dir, results ? `cloudconf: ${results.target.baseUrl}` : 'cloudconf', log);
  log(outcome.ok ? `allure report: ${outcome.message}` : `cloudconf: ${outcome.message}`);
  return outcome.ok ? 0 : 2;
}

function bundle(dir: string, out: string | undefined, options: ReportOptions, log: Log): number {
  if (!out) {
    log('cloudconf report: --bundle needs --out FILE (the archive to write, e.g. conformance.tar.gz)');
    return 2;
  }
  const product = readProduct(options.product);
  const key = options.sign ? readPrivateKey(options.sign) : undefined;
  mkdirSync(dirname(resolve(out)), { recursive: true });
  writeFileSync(out, createBundle(resolve(dir), product, key));
  if (!options.product)
    log('warning: no --product FILE: product.json is an empty template (name, version, vendor, url)');
  if (!key) log('warning: no --sign KEY: the bundle is not signed, and the publishing site refuses it');
  log(`bundle: ${out}${key ? ', signed' : ''} (check it with \`cloudconf verify ${out}\`)`);
  return 0;
}

/** Runs what the options ask, in order (merge, compare, render, allure, bundle, site); the worst exit code wins. A run's summary goes to `print`. */
export async function report(options: ReportOptions, log: Log, print: Log = log): Promise<number> {
  const asked = [options.merge, options.compare, options.render, options.allure, options.bundle, options.site].filter(
    (x) => x !== undefined,
  );
  if (asked.length === 0) {
    log(
      'cloudconf report: give --merge DIR..., --compare DIR..., --render DIR, --allure DIR or --bundle DIR --out FILE',
    );
    return 2;
  }
  if (options.bundles?.length && !options.site) {
    log(`cloudconf report: bundles given without --site: ${options.bundles.join(' ')}`);
    return 2;
  }
  let code = 0;
  try {
    if (options.merge)
      code = Math.max(code, merge(options.merge, options.out ?? 'reports/merged', options, log, print));
    if (options.compare) code = Math.max(code, compare(options.compare, options.out ?? 'reports/compare', log));
    if (options.render) code = Math.max(code, render(options.render, log));
    if (options.allure) code = Math.max(code, allure(options.allure, log));
    if (options.bundle) code = Math.max(code, bundle(options.bundle, options.out, options, log));
    if (options.site) {
      const keys = readKeyRing({ ...(options.trustedKeys ? { trustedKeys: options.trustedKeys } : {}) });
      code = Math.max(code, await buildSite(options.site, options.bundles ?? [], log, keys));
    }
  } catch (error) {
    log(`cloudconf report: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  return code;
}
