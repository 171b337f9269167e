// How many suite workers a run starts: one a core beside the main thread where the target answers at once (at most two), more across a network, where each worker's one suite file at a time lasts as long as that file's longest chain of requests.

import { availableParallelism } from 'node:os';

/** At most this many workers where the target answers at once: more only add the memory of another module graph. */
export const NEAR_WORKERS_MAX = 2;

/**
 * Workers for a target that answers at once: the run is bound by its own CPU there, and the main
 * thread (the embedded reference server, the collector, the reports) keeps a core busy of its own.
 * On two cores one worker judges the default run within about a second of two (its thread and the main thread
 * each fill a core), with about a fifth less CPU and 120 MB less memory: the second worker's
 * module graph, compiled validators and warm-up are what it would add.
 */
export const nearWorkers = (cores = availableParallelism()) => Math.min(NEAR_WORKERS_MAX, Math.max(1, cores - 1));

/**
 * Across a network a worker waits on its file's longest test (a chain of up to about 580 requests)
 * before it starts the next file: four workers overlap those tails (the sum of the files' chains
 * is about 3,600 requests, 45 s at 50 ms over four) without the memory of one worker per file.
 */
export const FAR_WORKERS = 4;

/** A round trip from which the target counts as across a network: loopback answers in a few ms, and the preflight confirms a slower one with up to four more reads (a loaded machine can hold any one answer). */
export const FAR_ROUND_TRIP_MS = 20;

/**
 * `CLOUDCONF_WORKERS` when set; else more workers for a target whose preflight round trip shows it
 * across a network, unless requests go one at a time (`--concurrency 1`), where more workers would only wait.
 */
export function workersFor(
  env: string | undefined,
  concurrency: number,
  roundTripMs: number | undefined,
  cores = availableParallelism(),
): number {
  if (env !== undefined && env !== '') return Number(env);
  if (concurrency > 1 && roundTripMs !== undefined && roundTripMs >= FAR_ROUND_TRIP_MS) return FAR_WORKERS;
  return nearWorkers(cores);
}

/** Tests in progress over all workers, per request slot: each waits its turn for one, so half of them are ready when a slot frees. */
const TESTS_PER_SLOT = 2;

/**
 * Tests a worker keeps in progress: twice the run's concurrency over all workers, so that more
 * workers overlap more files without more tests sharing the slots (each test waits its turn for
 * one; on a loaded machine, more of them would stretch each past its bound).
 */
export function testsPerWorker(concurrency: number, workers: number): number {
  return Math.max(1, Math.ceil((TESTS_PER_SLOT * concurrency) / Math.max(1, workers)));
}
