// The phase that turns a run's outcomes and facts into its Results (verdicts, offer, provenance, cleanup, retries and Retry-After waits), and the exit code a run's results give.

import { randomUUID } from 'node:crypto';
import type { Requirement } from '../../../spec/types.js';
import type { RunCleanup } from '../../cleanup/delete.js';
import type { WaitBudget } from '../../http/wait-budget.js';
import type { PhaseErrors } from '../../report/complete.js';
import type { OfferFindings } from '../../report/offer.js';
import { stoppedAnswering } from '../../report/progress.js';
import { selectionOf } from '../../report/provenance.js';
import { buildResults, exitCodeOf, type Results } from '../../report/results.js';
import type { RunConfig } from '../../target/config.js';
import type { DeclaredProfile } from '../../target/profile-file.js';
import { TOOL_VERSION } from '../../version.js';
import type { Outcome } from '../../vocabulary/outcome.js';
import { userCacheDir } from '../module-cache.js';
import type { ShardSpec } from '../shard.js';
import type { RunOptions } from './options.js';
import { toolIdentity } from './tool-identity.js';

/** Everything the results of a run are made of, once it has judged, cleaned up and stopped. */
export interface RunFactsIn {
  options: RunOptions;
  config: Pick<RunConfig, 'strict' | 'mode' | 'runs' | 'betaUrl'>;
  /** Every requirement the results list (the judged ones and those reported unjudged). */
  all: readonly Requirement[];
  outcomes: ReadonlyMap<string, Outcome>;
  findings: OfferFindings;
  declared: DeclaredProfile | undefined;
  reference: boolean;
  seed: number;
  startedAt: Date;
  requests: number;
  concurrency: number;
  shard: ShardSpec | undefined;
  shardFiles: string[];
  cleanup: RunCleanup | undefined;
  waits: Pick<WaitBudget, 'waitedMs' | 'reached' | 'budgetMs'>;
}

/** The run's Results; recording the provenance is a phase of its own (an error there is a reason, not a lost report). */
export async function assembleResults(phases: PhaseErrors, facts: RunFactsIn): Promise<Results> {
  const { options, config, declared, outcomes, cleanup, waits } = facts;
  const retries = [...outcomes.values()].reduce((n, o) => n + (o.retries ?? 0), 0);
  const results = buildResults(facts.all, outcomes, {
    version: TOOL_VERSION,
    baseUrl: options.baseUrl ?? 'reference server (in-process)',
    reference: facts.reference,
    seed: facts.seed,
    startedAt: facts.startedAt,
    strict: config.strict,
    requests: facts.requests,
    ...(declared ? { profile: declared.profile } : {}),
  });
  const stopped = stoppedAnswering(outcomes.values());
  if (stopped) results.stopped = stopped;
  results.offer = {
    ...(declared ? { profile: declared.profile, profileSource: declared.source } : {}),
    ...facts.findings,
  };
  results.runId = options.runId ?? randomUUID();
  if (facts.shard) results.shard = { ...facts.shard, files: facts.shardFiles };
  await phases.settle('recording the provenance', () => {
    const { build, encoding } = toolIdentity(userCacheDir());
    results.tool.build = build;
    results.provenance = {
      encoding,
      selection: selectionOf(options as unknown as Record<string, unknown>),
      mode: config.mode,
      runs: config.runs,
      concurrency: facts.concurrency,
      betaUrl: options.baseUrl ? config.betaUrl : 'reference server (in-process)',
      endedAt: new Date().toISOString(),
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
    };
  });
  if (cleanup) results.cleanup = cleanup;
  if (retries) results.summary.retries = retries;
  if (waits.waitedMs() || waits.reached())
    results.retryWait = { waitedMs: waits.waitedMs(), budgetMs: waits.budgetMs, reached: waits.reached() };
  return results;
}

/** The exit code of a run: 2 when it could not start or was interrupted (it judged only part of the selection: no verdict on the target), else its results'. */
export function runExitCode(results: Results | undefined): number {
  if (results?.cleanup?.interrupted) return 2;
  return results ? exitCodeOf(results) : 2;
}
