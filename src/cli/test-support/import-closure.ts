// What Node loads with a module, read from the sources: its static imports and theirs, for the self-tests that keep heavy modules off the command line's start.

import { existsSync, readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { PACKAGE_ROOT } from '../../package-root.js';

/** Static imports and re-exports of a module, type-only ones left out: what Node loads with it. */
function staticImports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/^(?:import|export)\s+(type\s+)?(?:[^;'"]*?\s+from\s+)?['"]([^'"]+)['"]/gms)) {
    if (!m[1]) found.push(m[2] as string);
  }
  return found;
}

/** Every module loading `entry` loads: local files relative to the package root, and packages by name. */
export function importClosure(entry: string): { files: Set<string>; packages: Set<string> } {
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
