// Self-test of the launcher's hook that keeps tsx off installed packages' ES modules: which loads it takes, and that a package module it takes reaches Node untouched while TypeScript still goes through tsx.

import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test } from 'vitest';
import { PACKAGE_ROOT } from '../package-root.js';
import { scratchDirectory } from '../test-support/scratch.js';
import { isPlainDependency } from './dependency-loads.mjs';

const work = scratchDirectory('dependency-loads');

const packageDir = join(work, 'node_modules', 'plain-fixture');
mkdirSync(packageDir, { recursive: true });
writeFileSync(join(packageDir, 'package.json'), '{"name":"plain-fixture","type":"module"}');
// An `import(` is what makes tsx rewrite a module and attach a source map to it.
writeFileSync(join(packageDir, 'index.js'), "export const later = () => import('node:path');\n");
writeFileSync(join(work, 'typed.ts'), 'export const typed: number = 1;\n');

const PACKAGE_URL = pathToFileURL(join(packageDir, 'index.js')).href;
const TYPED_URL = pathToFileURL(join(work, 'typed.ts')).href;
const HOOK_URL = pathToFileURL(join(PACKAGE_ROOT, 'src/cli/dependency-loads.mjs')).href;

/** Loads the fixture package and a .ts file under tsx, with or without our hook, as bin.mjs does. */
function loadUnderTsx(withHook: boolean): { sourceMapped: boolean; works: boolean; typed: number } {
  const script = `
    import { findSourceMap } from 'node:module';
    const { register } = await import('tsx/esm/api');
    register();
    if (${withHook}) (await import(${JSON.stringify(HOOK_URL)})).loadDependenciesUntouched();
    const pkg = await import(${JSON.stringify(PACKAGE_URL)});
    const { typed } = await import(${JSON.stringify(TYPED_URL)});
    const works = typeof (await pkg.later()).join === 'function';
    console.log(JSON.stringify({ sourceMapped: findSourceMap(${JSON.stringify(PACKAGE_URL)}) !== undefined, works, typed }));
  `;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    cwd: PACKAGE_ROOT,
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout);
}

test('an ES module of an installed package is a plain dependency', () => {
  expect(isPlainDependency('file:///p/node_modules/vitest/dist/index.js', 'module')).toBe(true);
});

test('CommonJS, our own files, unknown formats and URLs with a query or fragment stay with tsx', () => {
  expect(isPlainDependency('file:///p/node_modules/undici/index.js', 'commonjs')).toBe(false);
  expect(isPlainDependency('file:///p/src/cli/main.ts', 'module')).toBe(false);
  expect(isPlainDependency('file:///p/node_modules/x/index.js', undefined)).toBe(false);
  expect(isPlainDependency('file:///p/node_modules/x/index.js?tsx-namespace=1', 'module')).toBe(false);
  expect(isPlainDependency('file:///p/node_modules/x/index.js#frag', 'module')).toBe(false);
  expect(isPlainDependency('node:path', 'module')).toBe(false);
});

test('under tsx alone, a package module is rewritten with a source map (what the hook avoids)', () => {
  expect(loadUnderTsx(false)).toEqual({ sourceMapped: true, works: true, typed: 1 });
});

test('with the hook, a package module loads untouched and TypeScript still loads through tsx', () => {
  expect(loadUnderTsx(true)).toEqual({ sourceMapped: false, works: true, typed: 1 });
});
