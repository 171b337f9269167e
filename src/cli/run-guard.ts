// What `cloudconf run` does for the target's sake around the suite: the journal, the pacer, Ctrl-C and SIGTERM, and deleting what the run left, on every way out.

import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { deleteAll, type Leftover, type RunCleanup } from '../cleanup/delete.js';
import { litterFromJournal } from '../cleanup/from-journal.js';
import { removalCommandFor, terminalLines } from '../cleanup/lines.js';
import { findByPrefix } from '../cleanup/sweep.js';
import type { ConfiguredCredentials, Mode, RunConfig } from '../target/config.js';
import { ConfigError, readCaFile, resolveTarget } from '../target/config-file.js';
import { JOURNAL_FILE, startJournal } from '../target/journal.js';
import { optionBoundsProblem } from '../target/option-bounds.js';
import { type Pacer, startPacer } from '../target/pacer.js';
import { Session } from '../target/session.js';

/** The per-request timeout of the cleanup after Ctrl-C or SIGTERM. */
const STOPPED_CLEANUP_TIMEOUT_MS = 2000;

export interface RunGuard {
  /** Members of the run configuration the guard provides. */
  config: Pick<RunConfig, 'journalPath' | 'stopPath' | 'labelPrefix'> & { pacerUrl?: string };
  /** The signal that stopped the run, if one did. */
  interrupted(): string | undefined;
  /**
   * Deletes what the run left (from the journal; after an interruption, by label prefix too), then
   * lets go of signals and pacer. `clean` is false for in-process targets, gone with the run.
   */
  finish(config: RunConfig, clean: boolean): Promise<RunCleanup>;
}

/** The options of `run` about the target and its safety, as the command line gives them. */
export interface SafetyFlags {
  baseUrl?: string;
  betaUrl?: string;
  token?: string;
  config?: string;
  mode?: Mode;
  allowBilling?: boolean;
  rate?: string;
  timeout?: string;
  maxResponseBytes?: string;
  credentials?: ConfiguredCredentials;
  /** A PEM file of certificate authorities to trust for the target (`--ca`). */
  ca?: string;
}

const MODES: readonly Mode[] = ['read-only', 'safe', 'full'];

const positive = (value: string | undefined) =>
  value === undefined || (Number.isFinite(Number(value)) && Number(value) > 0);

/** Checks the flags and fills the target from --config and CLOUDCONF_TOKEN; undefined after a usage error, already reported. */
export function checkSafetyFlags(flags: SafetyFlags, log: (line: string) => void): SafetyFlags | undefined {
  const tooLarge = optionBoundsProblem(flags as Record<string, unknown>);
  if (tooLarge) {
    log(`cloudconf: ${tooLarge}`);
    return undefined;
  }
  if (flags.mode !== undefined && !MODES.includes(flags.mode)) {
    log(`cloudconf: --mode takes ${MODES.join(', ')}`);
    return undefined;
  }
  for (const [name, value] of [
    ['--rate', flags.rate],
    ['--timeout', flags.timeout],
    ['--max-response-bytes', flags.maxResponseBytes],
  ] as const) {
    if (!positive(value)) {
      log(`cloudconf: ${name} takes a positive number`);
      return undefined;
    }
  }
  try {
    if (flags.ca) readCaFile(flags.ca);
    return { ...flags, ...resolveTarget(flags) };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    log(`cloudconf: ${error.message}`);
    return undefined;
  }
}

/** The members of the run configuration that the safety flags and the guard decide. */
export function safetyConfig(flags: SafetyFlags, guard: RunGuard): Partial<RunConfig> & Pick<RunConfig, 'labelPrefix'> {
  return {
    ...guard.config,
    ...(flags.allowBilling ? { allowBilling: true } : {}),
    ...(flags.timeout ? { timeoutMs: Number(flags.timeout) } : {}),
    ...(flags.maxResponseBytes ? { maxResponseBytes: Number(flags.maxResponseBytes) } : {}),
    ...(flags.credentials ? { credentials: flags.credentials } : {}),
    ...(flags.ca ? { caFile: resolve(flags.ca) } : {}),
  };
}

/** A prefix no earlier or concurrent run shares: `cc` and five base-36 characters. */
export const newLabelPrefix = () =>
  `cc${BigInt(`0x${randomBytes(4).toString('hex')}`)
    .toString(36)
    .padStart(5, '0')
    .slice(-5)}`;

const SIGNALS = ['SIGINT', 'SIGTERM'] as const;

export async function guardRun(
  options: { reportDir: string; rate?: number; baseUrl: string; betaUrl: string },
  log: (line: string) => void,
): Promise<RunGuard> {
  mkdirSync(options.reportDir, { recursive: true });
  const journalPath = join(options.reportDir, JOURNAL_FILE);
  const labelPrefix = newLabelPrefix();
  // Its first line says whose journal it is: a cleanup against another base URL refuses it.
  startJournal(journalPath, { baseUrl: options.baseUrl, betaUrl: options.betaUrl, prefix: labelPrefix });
  const stopDir = mkdtempSync(join(tmpdir(), 'cloudconf-run-'));
  const stopPath = join(stopDir, 'stopped');
  const pacer: Pacer | undefined = options.rate ? await startPacer(options.rate) : undefined;
  let stopped: string | undefined;

  const onSignal = (signal: string) => {
    if (stopped) {
      log(
        `cloudconf: ${signal} again: exiting without cleanup; \`cloudconf cleanup --prefix ${labelPrefix}\` removes the rest`,
      );
      process.exit(130);
    }
    stopped = signal;
    writeFileSync(stopPath, signal);
    log(`cloudconf: ${signal}: stopping, then deleting what the run created (${signal} again exits at once)`);
  };
  // Vitest's logger exits the process 1 ms after SIGINT or SIGTERM: the run must clean up first, so
  // signal handlers added while the run goes are taken off again as they come.
  const dropOthers = (event: string | symbol, listener: (...args: unknown[]) => void) => {
    if (SIGNALS.includes(event as (typeof SIGNALS)[number]) && listener !== onSignal) {
      queueMicrotask(() => process.off(event, listener));
    }
  };
  for (const s of SIGNALS) process.on(s, onSignal);
  process.on('newListener', dropOthers);

  const release = async () => {
    process.off('newListener', dropOthers);
    for (const s of SIGNALS) process.off(s, onSignal);
    await pacer?.close();
    rmSync(stopDir, { recursive: true, force: true });
  };

  return {
    config: { journalPath, stopPath, labelPrefix, ...(pacer ? { pacerUrl: pacer.url } : {}) },
    interrupted: () => stopped,
    async finish(config, clean) {
      const report: RunCleanup = {
        prefix: labelPrefix,
        deleted: 0,
        left: [],
        ...(stopped ? { interrupted: stopped } : {}),
      };
      if (!clean || config.mode === 'read-only') {
        await release();
        return report;
      }
      // The cleanup itself must go out, past the stop flag and the mode's guard (deleting its own is always allowed).
      const { stopPath: _s, journalPath: _j, ...rest } = config;
      // After a stop, the cleanup waits less per answer: the user asked to stop, and a target that stopped answering would hold each request the whole timeout.
      const session = new Session(
        stopped
          ? { ...rest, timeoutMs: Math.min(rest.timeoutMs ?? Number.POSITIVE_INFINITY, STOPPED_CLEANUP_TIMEOUT_MS) }
          : rest,
      );
      try {
        const journal = litterFromJournal(journalPath);
        const fromJournal = await deleteAll(session, journal.litter);
        report.deleted += fromJournal.deleted;
        const kept = journal.kept + (fromJournal.kept ?? 0);
        if (kept) report.kept = kept;
        const left: Leftover[] = [...fromJournal.left];
        const notOurs: Leftover[] = [...(fromJournal.notOurs ?? [])];
        if (stopped) {
          // Creations whose answer never came (cut by the interruption) are in no journal: their label says whose they are.
          const found = await findByPrefix(session, labelPrefix);
          const swept = await deleteAll(session, found.litter);
          report.deleted += swept.deleted;
          const known = new Set(left.map((l) => l.request));
          for (const l of swept.left) if (!known.has(l.request)) left.push(l);
          for (const l of [...(swept.notOurs ?? []), ...found.unusable]) notOurs.push(l);
          if (found.unread.length) report.unread = found.unread;
        }
        report.left = left;
        if (notOurs.length) report.notOurs = notOurs;
      } catch (error) {
        // Whatever went wrong, the report keeps what is known and says the cleanup did not finish.
        report.error = error instanceof Error ? error.message : String(error);
      } finally {
        await session.client.close();
        await release();
      }
      if (report.left.length || report.unread || report.error || stopped) {
        report.command = removalCommandFor(config.baseUrl, labelPrefix, journalPath);
      }
      // Target text in it (a refusal's reason, a label) may echo a secret: it leaves the process redacted.
      return session.client.redactor.deep(report);
    },
  };
}

/** Terminal lines about the cleanup: what is left and how to remove it later. */
export const cleanupLines = terminalLines;
