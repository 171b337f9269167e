// The self-test files in two vitest projects: most share their worker's modules, the few that replace a module keep a graph of their own.

import { globSync, readFileSync } from 'node:fs';
import type { TestProjectInlineConfiguration } from 'vitest/config';

/**
 * What a self-test that needs a module graph of its own does: replaces a module, a global or the
 * clock. Read from each file, so a new test needs no list.
 */
const NEEDS_OWN_MODULES = /\bvi\.(mock|doMock|unmock|doUnmock|resetModules|stubGlobal|stubEnv|useFakeTimers)\(/;

/** Run before each file that shares its worker's modules. */
const FRESH_FILE = 'src/cli/test-support/fresh-file.ts';

/** Every self-test file, as glob patterns. */
export const SELF_TEST_FILES = ['suites/encoding/**/*.test.ts', 'src/**/*.test.ts'];

/** The files the glob patterns match, in a stable order. */
export const selfTestFiles = (patterns: string[]): string[] =>
  [...new Set(patterns.flatMap((p) => globSync(p)))].sort();

/**
 * Most files share their worker's modules (`isolate: false`): a file loads only what no earlier
 * file in that worker loaded, instead of the whole graph again (vitest estimated 244 ms of start
 * per file, and imports were 39% of the quick loop's time). A project with no file is left out.
 * vitest runs a global setup once per project that has it: `sharedGlobalSetup` (the run hosts) is
 * the shared project's alone, and a file with its own modules that runs a command starts a process.
 */
export function selfTestProjects(files: string[], sharedGlobalSetup: string[] = []): TestProjectInlineConfiguration[] {
  const own = files.filter((file) => NEEDS_OWN_MODULES.test(readFileSync(file, 'utf8')));
  const shared = files.filter((file) => !own.includes(file));
  const projects: TestProjectInlineConfiguration[] = [];
  if (shared.length)
    projects.push({
      extends: true,
      test: {
        name: 'shared',
        include: shared,
        isolate: false,
        setupFiles: [FRESH_FILE],
        globalSetup: sharedGlobalSetup,
      },
    });
  if (own.length) projects.push({ extends: true, test: { name: 'own-modules', include: own } });
  return projects;
}
