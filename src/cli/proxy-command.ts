// Declares the `proxy` command; the proxy and its judging modules load only when it runs, so other commands start fast.

import type { Command } from 'commander';
import * as parse from './parse-options.js';
import type { ProxyCliOptions } from './proxy.js';

export function registerProxy(cli: Command): void {
  cli
    .command('proxy')
    .description('a recording, judging reverse proxy on 127.0.0.1; prints its URL on the first line')
    .requiredOption(
      '--upstream <url>',
      'the server judged: its {base_url}, e.g. https://api.example.test/v4',
      parse.baseUrl,
    )
    .addOption(parse.portOption('8081'))
    .option('--report-dir <dir>', 'where reports go when it stops', 'reports/proxy')
    .option('--har <file>', 'where the redacted HAR goes (default: <report-dir>/recording.har)')
    .option(
      '--scopes <list>',
      'scopes of the token clients send (comma-separated, or *), to judge scopes',
      parse.scopes,
    )
    .option('--quiet', 'do not print violations as they happen')
    .action(async (options: ProxyCliOptions) => {
      const { proxy } = await import('./proxy.js');
      process.exitCode = await proxy(options, {
        out: (text) => process.stdout.write(`${text}\n`),
        err: (line) => process.stderr.write(`${line}\n`),
      });
    });
}
