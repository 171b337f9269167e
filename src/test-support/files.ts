// Every file below a directory, for self-tests that read all a run or a command wrote there (reports, recordings, a site).

import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The paths of every file below `dir`, at any depth. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}
