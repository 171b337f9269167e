// What cloudconf writes in a report directory: its own file names only, and never through a symbolic link planted at one of them: such a directory is refused with one line before anything is written.

import { lstatSync } from 'node:fs';
import { join } from 'node:path';
import { JOURNAL_FILE } from '../target/journal.js';
import { IN_PROGRESS_MARKER, REPORT_FILES } from './complete.js';

/** Every name a run writes in its report directory. */
export const RUN_FILES: readonly string[] = [...REPORT_FILES, IN_PROGRESS_MARKER, JOURNAL_FILE, 'allure-results'];

/** Thrown when a report directory holds a symbolic link at a name cloudconf writes: the command stops before writing anything. */
export class ReportDirRefused extends Error {}

/** Throws ReportDirRefused when one of `names` in `dir` is a symbolic link (or, for a file name, something else than a file). */
export function refuseLinks(dir: string, names: readonly string[] = RUN_FILES): void {
  for (const name of names) {
    let kind: string | undefined;
    try {
      const stat = lstatSync(join(dir, name));
      kind = stat.isSymbolicLink()
        ? 'a symbolic link'
        : name === 'allure-results'
          ? stat.isDirectory()
            ? undefined
            : 'not a directory'
          : stat.isFile()
            ? undefined
            : 'not a regular file';
    } catch {
      kind = undefined;
    }
    if (kind)
      throw new ReportDirRefused(
        `${join(dir, name)} is ${kind}: cloudconf neither follows nor removes it; move it or choose another report directory`,
      );
  }
}
