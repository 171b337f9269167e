// `cloudconf cleanup --prefix P [--journal FILE]`: deletes what a run left on a target, found by the label prefix the run gave everything it made and by the run's journal.

import { deleteAll, describe, type Litter } from '../cleanup/delete.js';
import { type JournalLitter, litterFromJournal } from '../cleanup/from-journal.js';
import { findByPrefix, MIN_PREFIX_LENGTH } from '../cleanup/sweep.js';
import { inertLine } from '../http/inert.js';
import { ConfigError, readCaFile, resolveTarget } from '../target/config-file.js';
import { Session } from '../target/session.js';

export interface CleanupOptions {
  prefix?: string;
  journal?: string;
  baseUrl?: string;
  token?: string;
  config?: string;
  timeout: string;
  dryRun?: boolean;
  ca?: string;
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
    if (options.ca) readCaFile(options.ca);
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
  let journal: JournalLitter | undefined;
  try {
    journal = options.journal ? litterFromJournal(options.journal) : undefined;
  } catch (error) {
    say(`cloudconf: cannot read the journal: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  const refusal =
    journal && options.journal ? journalRefusal(journal, options.journal, target.baseUrl, options.prefix) : undefined;
  if (refusal) {
    say(`cloudconf: ${refusal}`);
    return 2;
  }
  const prefix = options.prefix ?? journal?.target?.prefix ?? '';
  const session = new Session({
    baseUrl: target.baseUrl,
    betaUrl: target.betaUrl ?? journal?.target?.betaUrl ?? target.baseUrl.replace(/\/v4$/, '/v4beta'),
    token: target.token,
    seed: 0,
    runs: 1,
    mode: 'full',
    strict: false,
    labelPrefix: prefix,
    regions: [],
    images: [],
    types: [],
    timeoutMs: Number(options.timeout),
    ...(options.ca ? { caFile: options.ca } : {}),
  });
  // Target text (labels, refusals) is redacted and made inert before it reaches the terminal.
  const tell = (line: string) => say(inertLine(session.client.redactor.text(line)));
  try {
    if (journal?.unusable) tell(`not used: ${journal.unusable} line(s) of the journal name nothing a path can hold`);
    const fromJournal: Litter[] = journal?.litter ?? [];
    const found = options.prefix
      ? await findByPrefix(session, options.prefix)
      : { litter: [], unread: [], unusable: [] };
    const known = new Set(fromJournal.map((l) => describe(session, l)));
    const litter = [...fromJournal, ...found.litter.filter((l) => !known.has(describe(session, l)))];
    for (const u of found.unread) tell(`not searched: ${u}`);
    // Each entity is read back first: the line names the label the target holds now, not the journal's.
    const report = await deleteAll(session, litter, {
      ...(options.dryRun ? { dryRun: true } : {}),
      onDelete: (request, label) =>
        tell(`${options.dryRun ? 'would delete' : 'deleting'} ${request}${label ? ` (${label})` : ''}`),
    });
    const notOurs = [...(report.notOurs ?? []), ...found.unusable];
    for (const l of notOurs) tell(`not deleted: ${l.request}${l.label ? ` (${l.label})` : ''}: ${l.reason}`);
    if (found.unread.length) return 2;
    if (options.dryRun) return 0;
    tell(`deleted ${report.deleted}, left ${report.left.length}`);
    for (const l of report.left) tell(`  ${l.request}${l.label ? ` (${l.label})` : ''}: ${l.reason}`);
    // What cannot be shown the run's, or named in a path, is no later command's either: said above, not a failure.
    return report.left.length ? 1 : 0;
  } finally {
    await session.client.close();
  }
}

const sameUrl = (a: string, b: string) => a.replace(/\/+$/, '') === b.replace(/\/+$/, '');

/**
 * Why a journal is not this cleanup's to act on: it does not say whose it is (an older cloudconf's,
 * or no journal), it was written for another base URL (staging's journal given with production's
 * URL would name production's entities with the same ids), or for another prefix than the one given.
 */
function journalRefusal(
  journal: JournalLitter,
  path: string,
  baseUrl: string,
  prefix: string | undefined,
): string | undefined {
  const whose = journal.target;
  if (!whose)
    return `the journal ${path} does not say which target and run it belongs to (its first line): not used; clean up by --prefix`;
  if (!sameUrl(whose.baseUrl, baseUrl))
    return `the journal ${path} was written for ${whose.baseUrl}, not ${baseUrl}: refused (its ids name other entities here)`;
  if (whose.prefix.length < MIN_PREFIX_LENGTH)
    return `the journal ${path} names a prefix shorter than ${MIN_PREFIX_LENGTH} characters: refused`;
  if (prefix !== undefined && prefix !== whose.prefix)
    return `the journal ${path} is run ${whose.prefix}'s, and --prefix names ${prefix}: give one run's`;
  return undefined;
}
