// Declares the `cleanup` command; the HTTP session and the sweep load only when it runs, so other commands start fast.

import type { Command } from 'commander';
import type { CleanupOptions } from './cleanup.js';

export function registerCleanup(cli: Command): void {
  cli
    .command('cleanup')
    .description(
      'delete what a run left on a target: every entity whose label starts with the prefix, and what the journal names',
    )
    .option('--prefix <prefix>', "the run's label prefix (printed by `run` and kept in results.json)")
    .option(
      '--journal <file>',
      "the run's created.jsonl (in its report directory): every entity it made and did not delete",
    )
    .option('--base-url <url>', '{base_url} of the target')
    .option('--token <token>', 'full-scope token (better: CLOUDCONF_TOKEN or --config)')
    .option('--config <file>', 'JSON with base_url and token')
    .option('--timeout <ms>', 'deadline of each request, in milliseconds', '30000')
    .option('--ca <file>', "a PEM file of the certificate authorities to trust for the target, besides the machine's")
    .option('--dry-run', 'list what would be deleted, delete nothing')
    .action(async (options: CleanupOptions) => {
      const { cleanup } = await import('./cleanup.js');
      process.exitCode = await cleanup(options);
    });
}
