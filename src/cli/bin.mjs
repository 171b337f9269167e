#!/usr/bin/env node
// Launches the cloudconf CLI: in a clone, the TypeScript sources through tsx (no build step); in an installed package, which ships no sources, the JavaScript built into dist/.

import { YOUNG_GENERATION } from './launch-flags.mjs';
import { unsupportedNode } from './supported-node.mjs';

// npm only warns at install time about `engines` (unless the project sets engine-strict), and on an
// older Node the run then fails deep inside undici: one line and exit 2 instead, before anything loads.
const unsupported = unsupportedNode();
if (unsupported) {
  process.stderr.write(`${unsupported}\n`);
  process.exitCode = 2;
} else {
  // The young generation's size (launch-flags.mjs): V8 reads the flag only when it starts, so the
  // process replaces itself once with it set (same pid, stdio and signals), unless a size was given;
  // where execve is missing (Windows) it runs as it is.
  const sized = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)].some((a) =>
    a.startsWith('--max-semi-space-size'),
  );
  if (!sized && typeof process.execve === 'function' && process.platform !== 'win32') {
    process.execve(process.execPath, [
      process.execPath,
      YOUNG_GENERATION,
      ...process.execArgv,
      ...process.argv.slice(1),
    ]);
  }

  const main = await (await import('./load-main.mjs')).loadMain();
  process.exitCode = await main(process.argv.slice(2));
}
