// Vitest configuration for the self-tests of cloudconf (the conformance suites get their own config).

import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { SELF_TEST_FILES, selfTestFiles, selfTestProjects } from './src/cli/test-support/self-test-projects.js';

/** The run hosts' global setup. */
const RUN_HOSTS = 'src/cli/test-support/run-hosts.ts';

export default defineConfig({
  test: {
    // Most files share their worker's modules; those that replace one get their own (self-test-projects.ts).
    // The shared ones get warm cloudconf processes for the commands they run to their end (child.ts's
    // runCli): about 160, each of which would otherwise pay Node's start and the module graph's load.
    projects: selfTestProjects(selfTestFiles(SELF_TEST_FILES), [RUN_HOSTS]),
    pool: 'threads',
    // vitest's 5 s default is a quick test's bound on a quiet machine; on two loaded cores (a whole
    // run beside, or CI) one that reads every suite file takes longer. A hang still ends in 30 s.
    testTimeout: 30_000,
    // A child run picks its workers from the target's round trip, which a loaded machine can stretch
    // past the far mark (four workers, each its own module graph: more load still). The self-tests' runs
    // keep one, as on a quiet two-core machine, wherever they run; a test that needs more sets it.
    env: { CLOUDCONF_WORKERS: '1' },
    hookTimeout: 60_000,
    // vitest's default in a run is one file fewer than the cores: one at a time on two. The files
    // that take the time mostly wait on the runs and servers they start, so more of them overlap.
    maxWorkers: Number(process.env.CLOUDCONF_SELFTEST_WORKERS ?? Math.max(2, availableParallelism() + 1)),
  },
});
