// Declares the `audit` command; its judging modules load only when it runs, so other commands start fast.

import type { Command } from 'commander';
import type { AuditOptions } from './audit.js';
import * as parse from './parse-options.js';

export function registerAudit(cli: Command): void {
  cli
    .command('audit')
    .description('judge recorded traffic (a HAR file or JSON lines of exchanges) and write the reports of a run')
    .argument('<file>', 'HAR log, or JSON lines {method, path, query?, status, request_body?, response_body?, ...}')
    .option('--json', 'print {exchanges, judged, unknown, violations} as JSON on stdout')
    .option('--report-dir <dir>', 'where reports go', 'reports/audit')
    .option(
      '--scopes <list>',
      'scopes of the token the requests carry (comma-separated, or *), to judge scopes',
      parse.scopes,
    )
    .action(async (file: string, options: AuditOptions) => {
      const { audit } = await import('./audit.js');
      process.exitCode = await audit(file, options, {
        out: (text) => process.stdout.write(`${text}\n`),
        err: (line) => process.stderr.write(`${line}\n`),
      });
    });
}
