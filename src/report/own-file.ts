// Writes a file of cloudconf's own (a report, the in-progress marker): beside its name first, then renamed into place, so a symbolic link that appears at the name is replaced, never written through.

import { renameSync, rmSync, writeFileSync } from 'node:fs';

let written = 0;

/** Writes a file of ours: beside it first, then renamed over its name, so nothing at that name is ever written through. */
export function writeOwnFile(path: string, text: string): void {
  written += 1;
  const beside = `${path}.${process.pid}-${written}.tmp`;
  try {
    writeFileSync(beside, text, { flag: 'wx' });
    renameSync(beside, path);
  } catch (error) {
    rmSync(beside, { force: true });
    throw error;
  }
}
