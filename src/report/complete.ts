// Makes every run end with complete reports: the report directory is marked in progress at the start, each phase's error becomes a recorded reason instead of a lost report.

import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { writeOwnFile } from './own-file.js';
import { type Results, summarize } from './results.js';

/** The marker a run leaves in its report directory until every report is written; a killed run leaves it behind. */
export const IN_PROGRESS_MARKER = 'RUN-IN-PROGRESS';

/** The reports a run must always leave, complete or marked incomplete. */
export const REPORT_FILES = ['results.json', 'junit.xml', 'summary.md', 'index.html'] as const;

/**
 * Removes an earlier run's reports and leaves a marker and a summary.md saying this run has not
 * finished: a run killed by SIGKILL then cannot leave older reports that look current.
 */
export function markInProgress(dir: string, startedAt: Date): void {
  mkdirSync(dir, { recursive: true });
  for (const file of REPORT_FILES) rmSync(join(dir, file), { force: true });
  const note = `A cloudconf run (process ${process.pid}) started here at ${startedAt.toISOString()} and has not finished. If no such process is running, the run was killed before it wrote its reports: there are no results to read.\n`;
  writeOwnFile(join(dir, IN_PROGRESS_MARKER), note);
  writeOwnFile(join(dir, 'summary.md'), `# cloudconf: run in progress or killed\n\n${note}`);
}

/** Removes the marker once every report is written. */
export function markFinished(dir: string): void {
  if (existsSync(join(dir, IN_PROGRESS_MARKER))) rmSync(join(dir, IN_PROGRESS_MARKER), { force: true });
}

export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Runs the phases of a run, each to its end, and keeps the reason of every one that threw. */
export class PhaseErrors {
  readonly reasons: string[] = [];

  async settle<T>(phase: string, work: () => Promise<T> | T): Promise<T | undefined> {
    try {
      return await work();
    } catch (error) {
      this.reasons.push(`${phase}: ${messageOf(error)}`);
      return undefined;
    }
  }
}

/** Marks results incomplete with reasons (added to any it already has); a no-op without reasons. */
export function markIncomplete(results: Results, reasons: readonly string[]): void {
  if (reasons.length === 0) return;
  results.incomplete = { reasons: [...(results.incomplete?.reasons ?? []), ...reasons] };
}

/**
 * In a run that stopped early, requirements nobody judged are not "skipped": the suite could not
 * judge them, so they are errors that name why.
 */
export function unjudgedAsErrors(results: Results): void {
  const why = results.incomplete?.reasons.join('; ');
  if (!why) return;
  for (const r of results.requirements)
    if (r.verdict === 'skipped' && r.reason === 'not run') {
      r.verdict = 'error';
      r.reason = `not judged: the run did not complete (${why})`;
    }
  results.summary = { ...results.summary, ...summarize(results.requirements, results.summary.requests) };
}
