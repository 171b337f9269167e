// Run before each self-test file that shares its worker's modules (vitest.config.ts): what a file left in process-wide state, the next one does not inherit.

import { beforeAll } from 'vitest';
import { processRedactor } from '../../http/redact.js';

/** Forgets what an earlier file taught the process: the secrets its redactor learned, its exit code. */
export function forgetEarlierFiles(): void {
  // Parsing `--token` in-process teaches the process redactor a secret; a later file's output must keep that word.
  processRedactor.clear();
  process.exitCode = undefined;
}

beforeAll(forgetEarlierFiles);
