// Vitest configuration for the quick loop (`npm run test:quick`): the self-tests that start no process, no run and no browser, to check a change in about a minute; `npm test` runs every self-test.

import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { SELF_TEST_FILES, selfTestFiles, selfTestProjects } from './src/cli/test-support/self-test-projects.js';
import base from './vitest.config.js';

/**
 * What a self-test that takes its time does: starts a process (the command line, a script, Node),
 * judges a whole run in-process, or drives Chromium. Read from each file, so a new test needs no list.
 */
const TAKES_TIME =
  /\b(runCli|startCli|startServe|runSuite|spawn|spawnSync|execFile|execFileSync|fork)\(|bin\.mjs|test-support\/chromium/;

const quick = selfTestFiles(SELF_TEST_FILES).filter((file) => !TAKES_TIME.test(readFileSync(file, 'utf8')));

// No run hosts (no global setup given): the quick loop starts no command.
export default defineConfig({ ...base, test: { ...base.test, projects: selfTestProjects(quick) } });
