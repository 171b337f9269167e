// Writes a run's Allure results directory from its results once the run is over, listing every file it writes there; an earlier run's results (those on that list, nothing else) are moved out of the way at once and deleted in the background.

import {
  closeSync,
  constants,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeSync,
} from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { allureFilesOf } from './allure-results.js';
import type { Results } from './results.js';

/**
 * Writes DIR/allure-results from the results, after the earlier run's results are moved out of the
 * way (Allure reads every file there, so old results would mix with the new ones). Each name is on
 * the directory's list before its file is written, and no file is written through a link planted at
 * its name. It runs once the run is over, when nothing else waits on this thread. Returns how many
 * files it wrote, how many files of others it left in place, and the deletion of the earlier results,
 * which goes on in the background.
 */
export function writeAllureResults(
  dir: string,
  results: Results,
): { files: number; foreign: number; retired: Promise<void> } {
  const target = join(dir, 'allure-results');
  const { done, foreign } = retireResults(target);
  mkdirSync(target, { recursive: true });
  const files = allureFilesOf(results);
  listAsWritten(
    target,
    files.map((f) => f.name),
  );
  for (const file of files) {
    const fd = openSync(join(target, file.name), WRITE_OWN, 0o644);
    try {
      writeSync(fd, file.content);
    } finally {
      closeSync(fd);
    }
  }
  return { files: files.length, foreign, retired: done };
}

const RETIRED = '.retired-';

/** The list, inside a results directory, of the files cloudconf wrote there: a line per name. */
export const WRITTEN_LIST = '.cloudconf-written';

/** A file of ours is written and appended to never through a symbolic link planted at its name. */
const WRITE_OWN = constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_NOFOLLOW;
const APPEND_OWN = constants.O_WRONLY | constants.O_CREAT | constants.O_APPEND | constants.O_NOFOLLOW;

/** Adds names to a results directory's list of what cloudconf wrote there (files copied in by `report --merge`). */
export function listAsWritten(dir: string, names: readonly string[]): void {
  if (names.length === 0) return;
  const fd = openSync(join(dir, WRITTEN_LIST), APPEND_OWN, 0o644);
  try {
    writeSync(fd, `${names.join('\n')}\n`);
  } finally {
    closeSync(fd);
  }
}

/** The names a results directory's list says cloudconf wrote (plain names only), or none without a list. */
function writtenIn(dir: string): Set<string> {
  const list = join(dir, WRITTEN_LIST);
  if (!existsSync(list) || !lstatSync(list).isFile()) return new Set();
  const names = readFileSync(list, 'utf8').split('\n');
  return new Set(names.filter((n) => n !== '' && n !== '.' && n !== '..' && !/[/\\]/.test(n)));
}

/** What retiring found: how many files in the results directory cloudconf did not write (left where they are). */
export interface Retired {
  done: Promise<void>;
  foreign: number;
}

/**
 * Moves an earlier run's results out of the way at once (Allure reads every file in the directory,
 * so old results would mix with the new ones) and deletes them in the background, with those a
 * stopped run left: thousands of files took seconds to delete before the run could start. Only files
 * the directory's list says cloudconf wrote are moved or deleted; any other file (another tool's)
 * stays where it is, and a retired directory holding one is left with it.
 */
export function retireResults(dir: string): Retired {
  const parent = dirname(dir);
  const prefix = `${basename(dir)}${RETIRED}`;
  let foreign = 0;
  if (existsSync(dir) && lstatSync(dir).isDirectory()) {
    const ours = writtenIn(dir);
    const entries = readdirSync(dir);
    const theirs = entries.filter((name) => name !== WRITTEN_LIST && !ours.has(name));
    foreign = theirs.length;
    const retired = join(parent, `${prefix}${process.pid}-${Date.now()}`);
    if (theirs.length === 0) renameSync(dir, retired);
    else {
      mkdirSync(retired);
      for (const name of entries)
        if (name === WRITTEN_LIST || ours.has(name)) renameSync(join(dir, name), join(retired, name));
    }
  }
  const retired = existsSync(parent) ? readdirSync(parent).filter((name) => name.startsWith(prefix)) : [];
  // A directory that cannot be deleted now is out of the way all the same; the next run tries again.
  const done = Promise.all(retired.map((name) => removeOurs(join(parent, name)).catch(() => undefined))).then(
    () => undefined,
  );
  return { done, foreign };
}

/** Deletes what a retired results directory's list names; the directory goes too once nothing else is in it. */
async function removeOurs(dir: string): Promise<void> {
  if (!lstatSync(dir).isDirectory()) return;
  const ours = writtenIn(dir);
  const entries = await readdir(dir);
  if (entries.every((name) => name === WRITTEN_LIST || ours.has(name))) {
    await rm(dir, { recursive: true, force: true });
    return;
  }
  for (const name of entries) if (ours.has(name)) await rm(join(dir, name), { force: true });
}
