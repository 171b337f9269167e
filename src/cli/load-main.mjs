// Loads the command line's `main`: in a clone, the TypeScript sources through tsx (no build step); in an installed package, which ships no sources, the JavaScript built into dist/. For the launcher (bin.mjs) and the self-tests' run host.

import { existsSync } from 'node:fs';
import * as nodeModule from 'node:module';

/** @returns {Promise<(argv: string[]) => Promise<number>>} */
export async function loadMain() {
  // V8's code cache on disk (os.tmpdir()): later starts skip compiling the modules again (Node 22.1 and later).
  nodeModule.enableCompileCache?.();

  const source = new URL('./main.ts', import.meta.url);
  if (!existsSync(source)) return (await import('../../dist/src/cli/main.js')).main;
  const { register } = await import('tsx/esm/api');
  register();
  // Registered after tsx, so it runs first: installed packages load as they are (dependency-loads.mjs).
  (await import('./dependency-loads.mjs')).loadDependenciesUntouched();
  return (await import(source.href)).main;
}
