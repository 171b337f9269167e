// The phase that judges: the conformance suites run under vitest, their outcomes gathered by the collector, a file that broke made an error of the run.

import { startVitest } from 'vitest/node';
import type { Requirement } from '../../../spec/types.js';
import { CODE_ROOT, MODULE_EXT } from '../../package-root.js';
import { OutcomeCollector } from '../../report/collector.js';
import type { PhaseErrors } from '../../report/complete.js';
import { progressPrinter } from '../../report/terminal.js';
import { fileWeights, heaviestFirst } from '../file-order.js';
import { userCacheDir, vitestCacheOptions } from '../module-cache.js';
import { suiteFileOf } from '../shard.js';
import { capMainYoungGeneration, capWorkerYoungGeneration } from '../worker-heap.js';
import { testsPerWorker } from '../workers.js';
import type { RunOptions } from './options.js';

/** What the suites phase needs to know of the run. */
export interface SuitesPlan {
  judged: Requirement[];
  /** vitest's test-name pattern; a mutation run filters by its servers' requirements instead. */
  pattern: string | undefined;
  mutation: boolean;
  concurrency: number;
  workers: number;
  collector: OutcomeCollector;
}

/** The collector of a run's outcomes, printing progress on stderr unless the run is quiet. */
export function outcomeCollector(options: RunOptions, judged: readonly Requirement[], log: (line: string) => void) {
  const tests = options.mutants ? options.mutants.reduce((n, m) => n + m.requirements.length, 0) : judged.length;
  return new OutcomeCollector(tests, options.quiet ? () => {} : progressPrinter(log, process.stderr));
}

/** The suite file of each area judged (DESIGN layout): vitest then loads only what the run needs. */
function suiteFiles(judged: Requirement[]): string[] {
  return [...new Set(judged.map(suiteFileOf))].map((f) => f.replace(/\.ts$/, MODULE_EXT));
}

/** Runs the suites of the judged requirements; a file that could not load, or a hook that threw, is the phase's error. */
export async function runSuites(phases: PhaseErrors, plan: SuitesPlan): Promise<void> {
  const { judged, pattern, concurrency, workers } = plan;
  await phases.settle('suites', async () => {
    capWorkerYoungGeneration();
    capMainYoungGeneration();
    const vitest = await startVitest(
      'test',
      [],
      {
        config: false,
        root: CODE_ROOT,
        watch: false,
        reporters: [plan.collector],
        ...(pattern && !plan.mutation ? { testNamePattern: pattern } : {}),
        passWithNoTests: true,
      },
      {
        test: {
          include: suiteFiles(judged),
          exclude: ['suites/encoding/**'],
          pool: 'threads',
          // Suite files share one module graph per worker: the spec, compiled validators and sessions load once, not per file.
          isolate: false,
          // Caches go to the user's cache directory: nothing is written into the package, whose files the build hash covers.
          ...vitestCacheOptions(userCacheDir()),
          maxWorkers: workers,
          // Tests of a file overlap (each keeps its own requests in order); the limiter caps what is in
          // flight. At --concurrency 1 they run one after another, as a target that needs it expects.
          // Heaviest files first, from the spec: vitest's own order follows its cache of earlier runs.
          sequence: {
            concurrent: concurrency > 1,
            sequencer: heaviestFirst(fileWeights(judged, testsPerWorker(concurrency, workers)), CODE_ROOT),
          },
          maxConcurrency: testsPerWorker(concurrency, workers),
          // A test shares the slots with every other test in flight: its bound grows with the run's concurrency.
          testTimeout: concurrency > 1 ? 600_000 : 120_000,
          // A file's cleanup deletes what its tests made, one request at a time: at 50 ms a request
          // that is longer than vitest's 10 s, and the file would count as broken.
          hookTimeout: concurrency > 1 ? 600_000 : 120_000,
        },
      },
    );
    // A suite file that could not load, or a hook that threw, reports no outcomes: that is a broken run, not skipped requirements.
    const fileErrors = vitest.state
      .getFiles()
      .flatMap((f) => (f.result?.errors ?? []).map((e) => `${f.name}: ${e.message ?? String(e)}`));
    const unhandled = vitest.state.getUnhandledErrors().map((e) => (e instanceof Error ? e.message : String(e)));
    await vitest.close();
    const errors = [...fileErrors, ...unhandled];
    if (errors.length)
      throw new Error(errors.slice(0, 3).join('; ') + (errors.length > 3 ? ` (and ${errors.length - 3} more)` : ''));
  });
}
