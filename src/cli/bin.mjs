#!/usr/bin/env node
// Launches the cloudconf CLI: in a clone, the TypeScript sources through tsx (no build step); in an installed package, which ships no sources, the JavaScript built into dist/.

import { existsSync } from 'node:fs';
import * as nodeModule from 'node:module';

// V8's code cache on disk (os.tmpdir()): later starts skip compiling the modules again (Node 22.1 and later).
nodeModule.enableCompileCache?.();

const source = new URL('./main.ts', import.meta.url);
let main;
if (existsSync(source)) {
  const { register } = await import('tsx/esm/api');
  register();
  ({ main } = await import(source.href));
} else {
  ({ main } = await import('../../dist/src/cli/main.js'));
}
process.exitCode = await main(process.argv.slice(2));
