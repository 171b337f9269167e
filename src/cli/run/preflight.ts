// The phase between starting and judging: the run's request tally and wait budget opened, a user's target probed, the suite workers counted, and the opening lines said.

import type { Requirement } from '../../../spec/types.js';
import { openTally } from '../../http/request-tally.js';
import { openWaitBudget, type WaitBudget } from '../../http/wait-budget.js';
import type { RunConfig } from '../../target/config.js';
import { preflight, type RoundTrip } from '../../target/preflight.js';
import { FAR_ROUND_TRIP_MS, workersFor } from '../workers.js';
import type { ResolvedRun } from './resolve.js';
import { type RunTargets, stopBeforeJudging } from './targets.js';

/** What the run counts while it judges, and how many suite workers judge. */
export interface RunCounters {
  tally: { total(): number; dispose(): void };
  waits: WaitBudget & { dispose(): void };
  workers: number;
}

/** The line that says which catalogue values are guessed, at the start of a run. */
function guessedLine(config: RunConfig): string | undefined {
  const g = config.guessed;
  if (!g) return undefined;
  const what = [
    g.regions ? `regions ${config.regions.join(', ')} (--region)` : '',
    g.images ? `images ${config.images.slice(0, 3).join(', ')}${config.images.length > 3 ? ', …' : ''} (--image)` : '',
    g.types ? `types ${config.types.slice(0, 3).join(', ')}${config.types.length > 3 ? ', …' : ''} (--type)` : '',
  ].filter(Boolean);
  return `cloudconf: guessing ${what.join('; ')} from cloudconf's built-in catalogue: give the flags with values your server accepts; where it refuses a guess, the requirements resting on it are error, not failures`;
}

/**
 * Opens the counters and probes a user's target; undefined, after one line and with what was
 * started stopped, when the target cannot be reached or a signal stopped the run before judging.
 */
export async function preflightRun(
  run: ResolvedRun,
  targets: RunTargets,
  judged: readonly Requirement[],
  log: (line: string) => void,
): Promise<RunCounters | undefined> {
  const { options, concurrency } = run;
  const { config, guard } = targets;
  // Every client of the run (worker threads and the cleanup included) counts its requests here.
  const tally = openTally();
  // Every client of the run draws its Retry-After waits from one budget: a target cannot stretch the run past it.
  const waits = openWaitBudget(options.maxRetryWait === undefined ? undefined : Number(options.maxRetryWait));
  const timing: RoundTrip = { confirmFromMs: FAR_ROUND_TRIP_MS };
  const unreachable = options.baseUrl ? await preflight(config, judged, timing) : undefined;
  const workers = workersFor(process.env.CLOUDCONF_WORKERS, concurrency, timing.roundTripMs);
  const stoppedEarly = guard.interrupted();
  if (unreachable || stoppedEarly) {
    log(`cloudconf: ${unreachable ?? `${stoppedEarly} before any requirement was judged`}`);
    tally.dispose();
    waits.dispose();
    // Every server the run started stops too (a signal can come before any requirement is judged).
    return stopBeforeJudging(targets);
  }
  const guessLine = guessedLine(config);
  if (guessLine && !options.quiet) log(guessLine);
  if (options.baseUrl && !options.quiet) {
    log(
      `cloudconf: mode ${config.mode}; at most ${concurrency} requests in flight${options.rate ? `, ${options.rate} per second` : ''} (${workers} suite worker${workers === 1 ? '' : 's'}); what the run creates is labelled ${config.labelPrefix}-…`,
    );
  }
  return { tally, waits, workers };
}
