// Where vitest may keep what it caches between runs: the suites' transformed modules in the user's cache directory, never inside cloudconf's own files (whose hash is the build's), and no results cache at all.

import { accessSync, constants, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * The user's cache directory for cloudconf: `CLOUDCONF_CACHE_DIR`, else `$XDG_CACHE_HOME/cloudconf`, else
 * the platform's place (`~/.cache/cloudconf` on Linux); undefined when there is no home to put it in.
 */
export function userCacheDir(env: Env = process.env, platform: string = process.platform): string | undefined {
  if (env.CLOUDCONF_CACHE_DIR) return env.CLOUDCONF_CACHE_DIR;
  if (env.XDG_CACHE_HOME) return join(env.XDG_CACHE_HOME, 'cloudconf');
  if (platform === 'win32' && env.LOCALAPPDATA) return join(env.LOCALAPPDATA, 'cloudconf', 'Cache');
  const home = env.HOME ?? (platform === 'win32' ? env.USERPROFILE : undefined) ?? safeHomedir();
  if (!home) return undefined;
  return platform === 'darwin' ? join(home, 'Library', 'Caches', 'cloudconf') : join(home, '.cache', 'cloudconf');
}

function safeHomedir(): string | undefined {
  try {
    return homedir() || undefined;
  } catch {
    return undefined;
  }
}

export interface VitestCacheOptions {
  /** Vitest's cache of test results (file order, durations): off, since cloudconf orders files from the spec. */
  cache: false;
  fsModuleCache: boolean;
  fsModuleCachePath?: string;
}

/**
 * The cache options of the run's vitest: the file-system module cache (keyed by each file's content and
 * the lockfile) in `<cache dir>/modules` when that directory can be made and written, off otherwise;
 * vitest's results cache off. Nothing goes under the installed package, whose files the build hash covers.
 */
export function vitestCacheOptions(cacheDir: string | undefined): VitestCacheOptions {
  if (!cacheDir) return { cache: false, fsModuleCache: false };
  const path = join(cacheDir, 'modules');
  try {
    mkdirSync(path, { recursive: true });
    accessSync(path, constants.W_OK);
    return { cache: false, fsModuleCache: true, fsModuleCachePath: path };
  } catch {
    return { cache: false, fsModuleCache: false };
  }
}
