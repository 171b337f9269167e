// `cloudconf run`: start the reference server when no target is given, run the conformance suites through vitest, write the reports, and return the exit code.

import { resolve } from 'node:path';
import { inGitHubActions } from '../report/annotations.js';
import { PhaseErrors } from '../report/complete.js';
import type { Results } from '../report/results.js';
import { assembleResults, runExitCode } from './run/assemble.js';
import { cleanUpAndStop } from './run/cleanup.js';
import { readUnseenLists, withEvidence } from './run/evidence.js';
import { judgeAgainstKnown } from './run/known.js';
import type { RunOptions } from './run/options.js';
import { printRunEnd } from './run/output.js';
import { preflightRun } from './run/preflight.js';
import { prepareReportDir } from './run/report-dir.js';
import { writeRunReports } from './run/reports.js';
import { resolveRun } from './run/resolve.js';
import { selectForRun } from './run/select.js';
import { outcomeCollector, runSuites } from './run/suites.js';
import { startTargets, stopBeforeJudging } from './run/targets.js';
import { checkSafetyFlags } from './run-guard.js';

export type { RunOptions } from './run/options.js';

/**
 * A run as the command line has it: `log` takes progress and diagnostics (stderr), `print` the
 * summary a person reads and GitHub's annotations (stdout).
 */
export async function run(
  options: RunOptions,
  log: (line: string) => void,
  print: (text: string) => void = log,
): Promise<number> {
  const checked = checkSafetyFlags(options, log);
  if (!checked) return 2;
  return runExitCode(await runSuite({ ...options, ...checked, annotate: inGitHubActions() }, log, print));
}

/**
 * One conformance run, as its phases in order; undefined when it could not start (a usage error,
 * already reported). The summary goes to `print`.
 */
export async function runSuite(
  given: RunOptions,
  log: (line: string) => void,
  print: (text: string) => void = log,
): Promise<Results | undefined> {
  const startedAt = new Date();
  const resolved = resolveRun(given, log);
  if (!resolved) return undefined;
  const { options, concurrency, declared, shard } = resolved;
  const targets = await startTargets(resolved, log);
  const selection = selectForRun(resolved, log);
  if (!selection) return stopBeforeJudging(targets);
  const counters = await preflightRun(resolved, targets, selection.judged, log);
  if (!counters) return undefined;
  const reportDir = resolve(options.reportDir);
  const retired = prepareReportDir(reportDir, startedAt, log);
  const collector = outcomeCollector(options, selection.judged, log);
  // Every phase runs to its end and an error in one is a reason the run is incomplete, never a lost report.
  const phases = new PhaseErrors();
  const { workers } = counters;
  await runSuites(phases, { ...selection, mutation: !!options.mutants, concurrency, workers, collector });
  const unseen = await readUnseenLists(phases, options, targets, selection.judged, collector.outcomes);
  const { cleanup, requests } = await cleanUpAndStop(phases, options, targets, counters, retired);
  const { config, seed } = targets;
  const { outcomes, findings } = withEvidence(collector.outcomes, config.profile, unseen, options.outcomes);
  const { all, shardFiles } = selection;
  const reference = targets.reference !== undefined;
  const facts = { options, config, all, outcomes, findings, declared, reference, seed, startedAt, requests, cleanup };
  const results = await assembleResults(phases, { ...facts, concurrency, shard, shardFiles, waits: counters.waits });
  await judgeAgainstKnown(phases, results, resolved.known, options);
  const shown = await writeRunReports(results, phases.reasons, reportDir, options.allure ?? true);
  printRunEnd(shown, cleanup, options, log, print);
  return results;
}
