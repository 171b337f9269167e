// Self-test that starting the command line (`--version`, `--help`, parsing) loads no heavy module: the spec, the reference server, the checks and their libraries load on demand inside the command that needs them.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { expect, test } from 'vitest';
import { PACKAGE_ROOT } from '../package-root.js';

/** Static imports and re-exports of a module, type-only ones left out: what Node loads with it. */
function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^;'"]*?\s+from\s+)?['"]([^'"]+)['"]/gms)) {
    if (!m[1]) found.push(m[2] as string);
  }
  return found;
}

/** Every module a start of main.ts loads: local files relative to the package root, and packages by name. */
function startupClosure(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    const name = relative(PACKAGE_ROOT, file);
    if (files.has(name)) return;
    files.add(name);
    for (const specifier of staticImports(file)) {
      if (specifier.startsWith('node:')) continue;
      if (!specifier.startsWith('.')) {
        packages.add(specifier);
        continue;
      }
      const target = resolve(dirname(file), specifier.replace(/\.js$/, '.ts'));
      visit(existsSync(target) ? target : resolve(dirname(file), specifier));
    }
  };
  visit(entry);
  return { files, packages };
}

/** What would make `cloudconf --version` slow again (fast-check, ajv, undici, vitest, the whole spec). */
const HEAVY = [
  /^spec\/(index|build|derive|part[123])/,
  /^src\/(reference|suite|generate|check|audit|report|cleanup|stateful)\//,
  /^src\/export\/(?!catalogue-path)/,
];

test('the command line starts with commander and small modules only', () => {
  const { files, packages } = startupClosure(join(PACKAGE_ROOT, 'src/cli/main.ts'));
  expect([...packages]).toEqual(['commander']);
  expect([...files].filter((f) => HEAVY.some((h) => h.test(f)))).toEqual([]);
  // The walk itself works: it reached the command declarations.
  expect(files).toContain(join('src', 'cli', 'serve-command.ts'));
});
