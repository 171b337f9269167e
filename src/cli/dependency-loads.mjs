// Hands the ES modules of installed packages (node_modules) to Node as they are, past tsx, when the CLI runs from its TypeScript sources.

import { readFileSync } from 'node:fs';
import * as nodeModule from 'node:module';

/**
 * Whether a load is an ES module of an installed package, which needs nothing of tsx. tsx rewrites
 * every such module that holds an `import(` and gives it a fresh inline source map, uncached: for
 * vitest's, vite's and rolldown's large chunks that cost a run about 1.5 CPU-seconds and 170 MB.
 * A URL with a query or fragment stays with tsx (its own markers ride there); so do CommonJS and
 * every file of ours.
 */
export function isPlainDependency(url, format) {
  return format === 'module' && url.startsWith('file:') && url.includes('/node_modules/') && !/[?#]/.test(url);
}

/**
 * Registers, after tsx, the in-thread hook that loads plain dependencies from the file untouched, as
 * the installed package (dist/, no tsx) does; false where Node has no registerHooks.
 */
export function loadDependenciesUntouched() {
  if (typeof nodeModule.registerHooks !== 'function') return false;
  nodeModule.registerHooks({
    load(url, context, nextLoad) {
      if (!isPlainDependency(url, context.format)) return nextLoad(url, context);
      return { format: 'module', source: readFileSync(new URL(url)), shortCircuit: true };
    },
  });
  return true;
}
