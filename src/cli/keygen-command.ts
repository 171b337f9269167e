// Declares the `keygen` command; node:crypto loads only when it runs.

import type { Command } from 'commander';

export function registerKeygen(cli: Command): void {
  cli
    .command('keygen')
    .description('make an Ed25519 key pair to sign conformance bundles with (`report --bundle --sign`)')
    .requiredOption(
      '--out <prefix>',
      'writes PREFIX.key (private, mode 0600) and PREFIX.pub (public); never overwrites',
    )
    .option('--name <implementation>', 'the implementation the key signs for, in the trusted-keys line printed')
    .action(async (options: { out: string; name?: string }) => {
      const { keygen } = await import('./keygen.js');
      process.exitCode = keygen(options.out, options, (line) => process.stderr.write(`${line}\n`));
    });
}
