// The programmatic API of the cloudconf package: the reference server in-process, a conformance run that returns its results, and the spec export.

import type { RunOptions } from './cli/run.js';
import type { Results } from './report/results.js';
import { DEFAULT_RUNS } from './target/config.js';

export type { RunOptions } from './cli/run.js';
export { specExport } from './export/spec-json.js';
export type { Journal, JournalEntry, JournalLimits, RequestMatcher } from './reference/journal.js';
export type { BrokenRule, NearMiss } from './reference/near-miss.js';
export { type ReferenceOptions, type RunningReference, startReferenceServer } from './reference/server.js';
export type { Results } from './report/results.js';

/** What `runSelection` takes: the options of `cloudconf run`, camel-cased, with its defaults. */
export type RunSelectionOptions = Partial<Omit<RunOptions, 'mutants' | 'outcomes' | 'json'>>;

/**
 * Runs a selection of the suite as `cloudconf run` does (against the embedded reference server
 * without `baseUrl`), writes the reports, and returns the results object; undefined when the run
 * could not start (a usage error, passed to `log`).
 */
export async function runSelection(
  options: RunSelectionOptions = {},
  log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<Results | undefined> {
  // Loaded on demand: a run pulls in vitest, which a user of the reference server alone never needs.
  const { runSuite } = await import('./cli/run.js');
  const { checkSafetyFlags } = await import('./cli/run-guard.js');
  const full: RunOptions = { reportDir: 'reports/latest', runs: String(DEFAULT_RUNS), quiet: true, ...options };
  const checked = checkSafetyFlags(full, log);
  return checked ? runSuite({ ...full, ...checked }, log) : undefined;
}
