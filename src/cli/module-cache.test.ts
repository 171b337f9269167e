// Unit tests of the module cache's place: the user's cache directory (never the package), off where it cannot be made, and vitest's results cache always off.

import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, onTestFinished, test } from 'vitest';
import { CODE_ROOT, PACKAGE_ROOT } from '../package-root.js';
import { userCacheDir, vitestCacheOptions } from './module-cache.js';

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cloudconf-module-cache-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test('a writable cache directory gets the module cache, under modules/, and the results cache is off', () => {
  const dir = scratch();
  const options = vitestCacheOptions(dir);
  expect(options).toEqual({ cache: false, fsModuleCache: true, fsModuleCachePath: join(dir, 'modules') });
  expect(existsSync(options.fsModuleCachePath as string)).toBe(true);
});

test('a cache directory that cannot be made turns the module cache off instead of failing the run', () => {
  const file = join(scratch(), 'not-a-directory');
  writeFileSync(file, '');
  expect(vitestCacheOptions(file)).toEqual({ cache: false, fsModuleCache: false });
  expect(vitestCacheOptions(undefined)).toEqual({ cache: false, fsModuleCache: false });
});

test("the cache directory is the user's: CLOUDCONF_CACHE_DIR, then XDG_CACHE_HOME, then the platform's place", () => {
  expect(userCacheDir({ CLOUDCONF_CACHE_DIR: '/c', XDG_CACHE_HOME: '/x', HOME: '/h' }, 'linux')).toBe('/c');
  expect(userCacheDir({ XDG_CACHE_HOME: '/x', HOME: '/h' }, 'linux')).toBe(join('/x', 'cloudconf'));
  expect(userCacheDir({ HOME: '/h' }, 'linux')).toBe(join('/h', '.cache', 'cloudconf'));
  expect(userCacheDir({ HOME: '/h' }, 'darwin')).toBe(join('/h', 'Library', 'Caches', 'cloudconf'));
  expect(userCacheDir({ LOCALAPPDATA: 'C:/L', USERPROFILE: 'C:/U' }, 'win32')).toBe(join('C:/L', 'cloudconf', 'Cache'));
});

test("the default cache directory is outside cloudconf's own files, which the build hash covers", () => {
  // (npm test points CLOUDCONF_CACHE_DIR into the clone's node_modules: the default is judged without it.)
  const dir = userCacheDir({ ...process.env, CLOUDCONF_CACHE_DIR: undefined });
  if (!dir) return;
  for (const own of [CODE_ROOT, PACKAGE_ROOT]) expect(dir.startsWith(`${own}/`)).toBe(false);
});
