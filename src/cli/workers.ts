// How many suite workers a run starts: two where the target answers at once, more across a network, where each worker's one suite file at a time lasts as long as that file's longest chain of requests.

/** Tests mostly wait on the target, so two overlap well even on one core; the run is bound by its own CPU there. */
export const NEAR_WORKERS = 2;

/**
 * Across a network a worker waits on its file's longest test (a chain of up to about 580 requests)
 * before it starts the next file: four workers overlap those tails (the sum of the files' chains
 * is about 3,600 requests, 45 s at 50 ms over four) without the memory of one worker per file.
 */
export const FAR_WORKERS = 4;

/** A round trip from which the target counts as across a network (loopback answers in a few ms, even loaded). */
export const FAR_ROUND_TRIP_MS = 20;

/**
 * `CLOUDCONF_WORKERS` when set; else more workers for a target whose preflight round trip shows it
 * across a network, unless requests go one at a time (`--concurrency 1`), where more workers would only wait.
 */
export function workersFor(env: string | undefined, concurrency: number, roundTripMs: number | undefined): number {
  if (env !== undefined && env !== '') return Number(env);
  if (concurrency > 1 && roundTripMs !== undefined && roundTripMs >= FAR_ROUND_TRIP_MS) return FAR_WORKERS;
  return NEAR_WORKERS;
}

/**
 * Tests a worker keeps in progress: twice the run's concurrency over all workers, as two workers
 * had, so that more workers overlap more files without more tests sharing the slots (each test
 * waits its turn for one; on a loaded machine, more of them would stretch each past its bound).
 */
export function testsPerWorker(concurrency: number, workers: number): number {
  return Math.max(1, Math.ceil((NEAR_WORKERS * concurrency) / Math.max(1, workers)));
}
