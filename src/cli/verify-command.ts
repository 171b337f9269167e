// Declares the `verify` command; the bundle checker (ajv, the results schema) loads only when it runs, so other commands start fast.

import type { Command } from 'commander';

export function registerVerify(cli: Command): void {
  cli
    .command('verify')
    .description(
      'check a conformance bundle (`report --bundle`): complete, unedited, consistent, and whether its run was complete',
    )
    .argument('<file>', 'the bundle archive')
    .option('--json', 'print the verification as JSON on stdout')
    .action(async (file: string, options: { json?: boolean }) => {
      const { verify } = await import('./verify.js');
      process.exitCode = verify(file, options, (line) => process.stderr.write(`${line}\n`));
    });
}
