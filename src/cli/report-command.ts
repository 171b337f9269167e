// Declares the `report` command; the report writers load only when it runs, so other commands start fast.

import type { Command } from 'commander';
import type { ReportOptions } from './report.js';

export function registerReport(cli: Command): void {
  cli
    .command('report')
    .description('compare runs, merge shards, re-render reports or build the Allure report, from report directories')
    .option('--compare <dirs...>', 'one page comparing the runs in these report directories (OUT/compare.html)')
    .option('--merge <dirs...>', "merge shards' results into one results.json and every report in OUT")
    .option(
      '--out <path>',
      'where --compare and --merge write (default reports/compare, reports/merged); the archive of --bundle',
    )
    .option('--render <dir>', "re-render DIR's index.html, junit.xml and summary.md from its results.json")
    .option(
      '--allure <dir>',
      'build the single-file Allure report DIR/allure-report/index.html from DIR/results.json (Allure 3, fetched once through npm when not installed)',
    )
    .option(
      '--bundle <dir>',
      "write DIR's reports as one conformance bundle to --out FILE (check it with `cloudconf verify`)",
    )
    .option(
      '--site <dir>',
      'build a static site in DIR from the bundles given as arguments (refusing unverifiable ones)',
    )
    .argument('[bundles...]', 'with --site: the bundles to publish')
    .option(
      '--product <file>',
      'with --bundle: JSON naming the implementation (name, version, vendor, url; target: how to show the target)',
    )
    .option(
      '--sign <key>',
      'with --bundle: sign the manifest with this Ed25519 private key (`cloudconf keygen`): a PEM file, or env://NAME',
    )
    .option(
      '--trusted-keys <file>',
      'with --site: publish only bundles signed by these keys (`<public key> <implementation name>` per line)',
    )
    .option('--baseline <file>', 'with --merge: fail only on requirements worse than this results.json')
    .option('--known-failures <file>', 'with --merge: requirements known to fail (`<id> <reason>` lines, or JSON)')
    .option('--allow-missing', 'with --merge: a missing shard is a warning, not exit 2')
    .option('--json', 'with --merge: print the results summary as JSON on stdout')
    .option('--quiet', 'print nothing but errors and warnings')
    .action(async (bundles: string[], options: ReportOptions) => {
      const { report } = await import('./report.js');
      process.exitCode = await report(
        { ...options, bundles },
        (line) => process.stderr.write(`${line}\n`),
        (text) => process.stdout.write(`${text}\n`),
      );
    });
}
