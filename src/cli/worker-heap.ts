// Caps the young generation of a run's threads: on Node 24, V8 sizes each thread's new space from the machine's memory (64 MB per semi-space here; 16 MB on Node 20 and 22), which cost a full run about 100 MB of resident memory per thread.

import { PerformanceObserver } from 'node:perf_hooks';
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

/** Per semi-space, in MB: the default of Node 20 and 22. */
export const WORKER_SEMI_SPACE_MB = 16;

/** The main thread's new space (both semi-spaces) is let grow to this many bytes. */
export const MAIN_NEW_SPACE_BYTES = 2 * WORKER_SEMI_SPACE_MB * 2 ** 20;

const FLAG = '--max-semi-space-size';

/** Whether the user chose a size (in NODE_OPTIONS or on node's command line). */
const sizeChosen = () => [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((a) => a.includes('semi-space'));

/**
 * Sets the cap for isolates created from now on (V8 reads it when a thread's heap is made: the main
 * thread keeps its own), unless the user chose a size. Workers start at the cap: they never need to grow.
 */
export function capWorkerYoungGeneration(): void {
  if (sizeChosen()) return;
  setFlagsFromString(`${FLAG}=${WORKER_SEMI_SPACE_MB}`);
  setFlagsFromString(`--min-semi-space-size=${WORKER_SEMI_SPACE_MB}`);
}

let watching: PerformanceObserver | undefined;

/**
 * Stops the main thread's new space from growing past MAIN_NEW_SPACE_BYTES. Its maximum is fixed
 * when the process starts, but V8 reads the growth factor each time it grows the new space (after
 * a scavenge): once the space is at the cap the factor is 1 (no growth), below it the default 2.
 * The factor is process-wide; workers started by capWorkerYoungGeneration are at their cap already.
 * The cap is soft: the observer runs after the scavenges of a busy stretch, so one growth can pass it.
 */
export function capMainYoungGeneration(): void {
  if (watching || sizeChosen()) return;
  let factor = 2;
  const steer = () => {
    const size = getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0;
    const wanted = size >= MAIN_NEW_SPACE_BYTES ? 1 : 2;
    if (wanted === factor) return;
    factor = wanted;
    setFlagsFromString(`--semi-space-growth-factor=${factor}`);
  };
  watching = new PerformanceObserver(steer);
  watching.observe({ entryTypes: ['gc'] });
  steer();
}
