// Declares the `verify` command; the bundle checker (ajv, the results schema) loads only when it runs, so other commands start fast.

import type { Command } from 'commander';
import { repeatable } from './parse-options.js';

export function registerVerify(cli: Command): void {
  cli
    .command('verify')
    .description(
      'check a conformance bundle (`report --bundle`): complete, unedited, consistent, signed by a key you trust, and whether its run was complete',
    )
    .argument('<file>', 'the bundle archive')
    .option(
      '--key <file>',
      "a public key (keygen's .pub, or its base64 line) the bundle must be signed by (repeatable)",
      repeatable,
    )
    .option('--trusted-keys <file>', 'the keys you trust, one `<public key> <implementation name>` line each')
    .option('--json', 'print the verification as JSON on stdout')
    .action(async (file: string, options: { json?: boolean; key?: string[]; trustedKeys?: string }) => {
      const { verify } = await import('./verify.js');
      process.exitCode = await verify(file, options, (line) => process.stderr.write(`${line}\n`));
    });
}
