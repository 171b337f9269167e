// The phase after judging: what the run made on the target deleted, the requests counted, and every server the run started stopped.

import type { RunCleanup } from '../../cleanup/delete.js';
import type { Retired } from '../../report/allure-writer.js';
import type { PhaseErrors } from '../../report/complete.js';
import type { RunOptions } from './options.js';
import type { RunCounters } from './preflight.js';
import { type RunTargets, stopServers } from './targets.js';

/** The target's litter goes before anything else: on every way out, Ctrl-C and SIGTERM included. Then the servers stop. */
export async function cleanUpAndStop(
  phases: PhaseErrors,
  options: RunOptions,
  targets: RunTargets,
  counters: RunCounters,
  retired: Retired,
): Promise<{ cleanup: RunCleanup | undefined; requests: number }> {
  const cleanup = await phases.settle('cleanup', () =>
    targets.guard.finish(targets.config, options.baseUrl !== undefined),
  );
  if (cleanup?.error) phases.reasons.push(`cleanup: ${cleanup.error}`);
  const requests = counters.tally.total();
  counters.tally.dispose();
  counters.waits.dispose();
  await phases.settle('stopping the servers', async () => {
    await stopServers(targets);
    await retired.done;
  });
  return { cleanup, requests };
}
