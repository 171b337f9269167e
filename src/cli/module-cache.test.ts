// Unit tests of the module cache's place: in a writable root it is on and made; where it cannot be made the run goes on without it.

import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, onTestFinished, test } from 'vitest';
import { moduleCacheOptions } from './module-cache.js';

function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cloudconf-module-cache-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

test('a writable root gets the cache, under its node_modules', () => {
  const dir = scratch();
  const options = moduleCacheOptions(dir);
  expect(options).toEqual({
    fsModuleCache: true,
    fsModuleCachePath: join(dir, 'node_modules', '.cache', 'cloudconf-modules'),
  });
  expect(existsSync(options.fsModuleCachePath as string)).toBe(true);
});

test('a root where no directory can be made turns the cache off instead of failing the run', () => {
  const file = join(scratch(), 'not-a-directory');
  writeFileSync(file, '');
  expect(moduleCacheOptions(file)).toEqual({ fsModuleCache: false });
});
