// Caps the young generation of the worker threads a run starts: on Node 24, V8 sizes each thread's new space from the machine's memory (64 MB per semi-space here; 16 MB on Node 20 and 22), which cost a full run about 100 MB of resident memory per thread.

import { setFlagsFromString } from 'node:v8';

/** Per semi-space, in MB: the default of Node 20 and 22. */
export const WORKER_SEMI_SPACE_MB = 16;

const FLAG = '--max-semi-space-size';

/**
 * Sets the cap for isolates created from now on (V8 reads it when a thread's heap is made: the main
 * thread keeps its own), unless the user chose a size (in NODE_OPTIONS or on node's command line).
 */
export function capWorkerYoungGeneration(): void {
  const chosen = [...process.execArgv, process.env.NODE_OPTIONS ?? ''].some((a) => a.includes(FLAG));
  if (!chosen) setFlagsFromString(`${FLAG}=${WORKER_SEMI_SPACE_MB}`);
}
