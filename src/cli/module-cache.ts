// Where vitest keeps the suites' transformed modules between runs, so a run does not compile TypeScript the last run already compiled; off where that directory cannot be written.

import { accessSync, constants, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Vitest's file-system module cache, keyed by each file's content and the lockfile: on in a writable
 * `node_modules/.cache/cloudconf-modules` under `root`, off (rather than failing the run) elsewhere.
 */
export function moduleCacheOptions(root: string): { fsModuleCache: boolean; fsModuleCachePath?: string } {
  const path = join(root, 'node_modules', '.cache', 'cloudconf-modules');
  try {
    mkdirSync(path, { recursive: true });
    accessSync(path, constants.W_OK);
    return { fsModuleCache: true, fsModuleCachePath: path };
  } catch {
    return { fsModuleCache: false };
  }
}
