// `cloudconf cleanup --prefix P`: deletes what an interrupted run left on a target, found by the label prefix the run gave everything it made.

import type { Command } from 'commander';
import { deleteAll } from '../cleanup/delete.js';
import { findByPrefix, MIN_PREFIX_LENGTH } from '../cleanup/sweep.js';
import { ConfigError, resolveTarget } from '../target/config-file.js';
import { Session } from '../target/session.js';

interface CleanupOptions {
  prefix: string;
  baseUrl?: string;
  token?: string;
  config?: string;
  timeout: string;
  dryRun?: boolean;
}

const say = (line: string) => process.stderr.write(`${line}\n`);

/** 0 when nothing with the prefix is left, 1 when something resisted, 2 on a usage error or an unreadable list. */
export async function cleanup(options: CleanupOptions): Promise<number> {
  if (options.prefix.length < MIN_PREFIX_LENGTH) {
    say(`cloudconf: --prefix needs at least ${MIN_PREFIX_LENGTH} characters, so it matches only one run's labels`);
    return 2;
  }
  let target: ReturnType<typeof resolveTarget>;
  try {
    target = resolveTarget(options);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    say(`cloudconf: ${error.message}`);
    return 2;
  }
  if (!target.baseUrl || !target.token) {
    say('cloudconf: cleanup needs --base-url and a token (--token, --config or CLOUDCONF_TOKEN)');
    return 2;
  }
  const session = new Session({
    baseUrl: target.baseUrl,
    betaUrl: target.betaUrl ?? target.baseUrl.replace(/\/v4$/, '/v4beta'),
    token: target.token,
    seed: 0,
    runs: 1,
    mode: 'full',
    strict: false,
    labelPrefix: options.prefix,
    regions: [],
    images: [],
    types: [],
    timeoutMs: Number(options.timeout),
  });
  try {
    const { litter, unread } = await findByPrefix(session, options.prefix);
    for (const u of unread) say(`not searched: ${u}`);
    for (const l of litter) {
      const path = new URL(session.url(l.remove, l.params)).pathname;
      say(`${options.dryRun ? 'would delete' : 'deleting'} ${l.remove.method} ${path} (${l.label})`);
    }
    if (options.dryRun) return unread.length ? 2 : 0;
    const report = await deleteAll(session, litter);
    say(`deleted ${report.deleted}, left ${report.left.length}`);
    for (const l of report.left) say(`  ${l.request}${l.label ? ` (${l.label})` : ''}: ${l.reason}`);
    if (unread.length) return 2;
    return report.left.length ? 1 : 0;
  } finally {
    await session.client.close();
  }
}

export function registerCleanup(cli: Command): void {
  cli
    .command('cleanup')
    .description('delete what an interrupted run left on a target: every entity whose label starts with the prefix')
    .requiredOption('--prefix <prefix>', "the run's label prefix (printed by `run` and kept in results.json)")
    .option('--base-url <url>', '{base_url} of the target')
    .option('--token <token>', 'full-scope token (better: CLOUDCONF_TOKEN or --config)')
    .option('--config <file>', 'JSON with base_url and token')
    .option('--timeout <ms>', 'deadline of each request, in milliseconds', '30000')
    .option('--dry-run', 'list what would be deleted, delete nothing')
    .action(async (options: CleanupOptions) => {
      process.exitCode = await cleanup(options);
    });
}
