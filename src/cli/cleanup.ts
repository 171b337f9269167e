// `cloudconf cleanup --prefix P [--journal FILE]`: deletes what a run left on a target, found by the label prefix the run gave everything it made and by the run's journal.

import { deleteAll, describe, type Litter } from '../cleanup/delete.js';
import { litterFromJournal } from '../cleanup/from-journal.js';
import { findByPrefix, MIN_PREFIX_LENGTH } from '../cleanup/sweep.js';
import { inertLine } from '../http/inert.js';
import { ConfigError, resolveTarget } from '../target/config-file.js';
import { Session } from '../target/session.js';

export interface CleanupOptions {
  prefix?: string;
  journal?: string;
  baseUrl?: string;
  token?: string;
  config?: string;
  timeout: string;
  dryRun?: boolean;
}

const say = (line: string) => process.stderr.write(`${line}\n`);

/** 0 when nothing with the prefix is left, 1 when something resisted, 2 on a usage error or an unreadable list. */
export async function cleanup(options: CleanupOptions): Promise<number> {
  if (options.prefix === undefined && options.journal === undefined) {
    say('cloudconf: cleanup needs --prefix, --journal or both');
    return 2;
  }
  if (options.prefix !== undefined && options.prefix.length < MIN_PREFIX_LENGTH) {
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
    labelPrefix: options.prefix ?? '',
    regions: [],
    images: [],
    types: [],
    timeoutMs: Number(options.timeout),
  });
  // Target text (labels, refusals) is redacted and made inert before it reaches the terminal.
  const tell = (line: string) => say(inertLine(session.client.redactor.text(line)));
  try {
    const fromJournal: Litter[] = options.journal ? litterFromJournal(options.journal) : [];
    const { litter: swept, unread } = options.prefix
      ? await findByPrefix(session, options.prefix)
      : { litter: [], unread: [] };
    const known = new Set(fromJournal.map((l) => describe(session, l)));
    const litter = [...fromJournal, ...swept.filter((l) => !known.has(describe(session, l)))];
    for (const u of unread) tell(`not searched: ${u}`);
    for (const l of litter) {
      tell(`${options.dryRun ? 'would delete' : 'deleting'} ${describe(session, l)}${l.label ? ` (${l.label})` : ''}`);
    }
    if (options.dryRun) return unread.length ? 2 : 0;
    const report = await deleteAll(session, litter);
    tell(`deleted ${report.deleted}, left ${report.left.length}`);
    for (const l of report.left) tell(`  ${l.request}${l.label ? ` (${l.label})` : ''}: ${l.reason}`);
    if (unread.length) return 2;
    return report.left.length ? 1 : 0;
  } finally {
    await session.client.close();
  }
}
