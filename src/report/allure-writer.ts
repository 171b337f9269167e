// Writes a run's Allure results directory from its results once the run is over, and moves an earlier run's results out of the way at once, deleting them in the background.

import { existsSync, mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { allureFilesOf } from './allure-results.js';
import type { Results } from './results.js';

/**
 * Writes DIR/allure-results from the results, after the earlier run's results are moved out of the
 * way (Allure reads every file there, so old results would mix with the new ones). It runs once the
 * run is over, when nothing else waits on this thread, so the files are written one after another.
 * Returns how many files it wrote, and the deletion of the earlier results, which goes on in the
 * background.
 */
export function writeAllureResults(dir: string, results: Results): { files: number; retired: Promise<void> } {
  const target = join(dir, 'allure-results');
  const retired = retireResults(target);
  mkdirSync(target, { recursive: true });
  const files = allureFilesOf(results);
  for (const file of files) writeFileSync(join(target, file.name), file.content);
  return { files: files.length, retired };
}

const RETIRED = '.retired-';

/**
 * Moves an earlier run's results directory out of the way at once (Allure reads every file in it,
 * so old results would mix with the new ones) and deletes it, with any a stopped run left, in the
 * background: thousands of files took seconds to delete before the run could start.
 */
export function retireResults(dir: string): Promise<void> {
  const parent = dirname(dir);
  const prefix = `${basename(dir)}${RETIRED}`;
  if (existsSync(dir)) renameSync(dir, join(parent, `${prefix}${process.pid}-${Date.now()}`));
  const retired = existsSync(parent) ? readdirSync(parent).filter((name) => name.startsWith(prefix)) : [];
  // A directory that cannot be deleted now is out of the way all the same; the next run tries again.
  const remove = (name: string) => rm(join(parent, name), { recursive: true, force: true }).catch(() => undefined);
  return Promise.all(retired.map(remove)).then(() => undefined);
}
