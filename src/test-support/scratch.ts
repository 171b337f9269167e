// A self-test file's own scratch directory under the system's temporary directory, removed when the file's tests end.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/** Makes `cloudconf-<name>-XXXXXX` in the temporary directory; call it at a test file's top level. */
export function scratchDirectory(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), `cloudconf-${name}-`));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
