// The Allure reporter of a run, writing its results without blocking: the stock writer fsyncs every file on the main thread, which also serves the embedded reference server; each test's result is written as it ends, and its name recorded in the directory's list of what cloudconf wrote; an earlier run's results (those on that list, nothing else) are deleted in the background.

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
import { copyFile, type FileHandle, open, readdir, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Writer } from 'allure-js-commons/sdk/reporter';
import AllureVitestReporter from 'allure-vitest/reporter';
import type { RunnerTask } from 'vitest';
import type { TestCase, TestModule, Vitest } from 'vitest/node';
import type { Verdict } from '../vocabulary/outcome.js';

/** Files in flight at once: enough to keep the disk busy, few enough to stay far from the descriptor limit. */
const IN_FLIGHT = 32;

/** A requirement's verdict by id, as the run's collector has it (undefined before it is judged). */
export type VerdictOf = (requirement: string) => Verdict | undefined;

/**
 * Allure's status of each verdict: the target's failure is `failed`, the suite's or the transport's
 * error `broken`, a skip `skipped`. allure-vitest calls every thrown error broken unless it is an
 * assertion; the verdict says which it was. Non-strict and pass keep the status the test had.
 */
export const ALLURE_STATUS: Partial<Record<Verdict, 'failed' | 'broken' | 'skipped'>> = {
  fail: 'failed',
  error: 'broken',
  skipped: 'skipped',
  excluded: 'skipped',
};

interface AllureResult {
  uuid: string;
  status?: string;
  labels?: { name: string; value: string }[];
}

/** The result with the status its verdict calls for. */
export function withVerdictStatus<T extends AllureResult>(result: T, verdictOf: VerdictOf | undefined): T {
  const id = result.labels?.find((l) => l.name === 'requirement')?.value;
  const verdict = id === undefined ? undefined : verdictOf?.(id);
  const status = verdict === undefined ? undefined : ALLURE_STATUS[verdict];
  return status ? { ...result, status } : result;
}

/** Writes Allure result files asynchronously, a bounded number at a time; `flush` waits for all of them. */
export class QueuedAllureWriter implements Writer {
  private queue: (() => Promise<void>)[] = [];
  /** The list of the files this writer wrote, open for appending. */
  private manifest: Promise<FileHandle> | undefined;
  /** Index of the next task: shifting a queue of tens of thousands of writes costs more than the writes. */
  private next = 0;
  private running = 0;
  private idle: (() => void)[] = [];
  private failure: unknown;

  constructor(
    private readonly dir: string,
    private readonly verdictOf?: VerdictOf,
  ) {
    mkdirSync(dir, { recursive: true });
  }

  writeResult(result: AllureResult): void {
    this.write(`${result.uuid}-result.json`, JSON.stringify(withVerdictStatus(result, this.verdictOf)));
  }
  writeGroup(result: { uuid: string }): void {
    this.write(`${result.uuid}-container.json`, JSON.stringify(result));
  }
  writeAttachment(name: string, content: Buffer): void {
    this.write(name, content);
  }
  writeAttachmentFromPath(name: string, from: string): void {
    this.enqueue(async () => {
      await this.own(name);
      await copyFile(from, join(this.dir, name), constants.COPYFILE_EXCL);
    });
  }
  writeEnvironmentInfo(info: Record<string, string | undefined>): void {
    const lines = Object.entries(info).map(([k, v]) => `${k}=${v ?? ''}`);
    this.write('environment.properties', lines.join('\n'));
  }
  writeCategoriesDefinitions(categories: unknown[]): void {
    this.write('categories.json', JSON.stringify(categories));
  }
  writeGlobals(name: string, info: unknown): void {
    this.write(name, JSON.stringify(info));
  }

  /** Resolves when every queued file is written; rejects with the first write error. */
  async flush(): Promise<void> {
    if (this.running > 0 || this.next < this.queue.length)
      await new Promise<void>((resolve) => this.idle.push(resolve));
    const manifest = this.manifest;
    this.manifest = undefined;
    if (manifest) await manifest.then((handle) => handle.close()).catch(() => undefined);
    if (this.failure) throw this.failure;
  }

  private write(name: string, data: string | Buffer): void {
    this.enqueue(async () => {
      await this.own(name);
      await writeFile(join(this.dir, name), data, { flag: WRITE_OWN });
    });
  }

  /** Records a name as cloudconf's before its file is written: a later run deletes what the list names, and nothing else. */
  private async own(name: string): Promise<void> {
    this.manifest ??= open(join(this.dir, WRITTEN_LIST), APPEND_OWN);
    await (await this.manifest).appendFile(`${name}\n`);
  }

  private enqueue(task: () => Promise<void>): void {
    this.queue.push(task);
    this.pump();
  }

  private pump(): void {
    while (this.running < IN_FLIGHT && this.next < this.queue.length) {
      const task = this.queue[this.next] as () => Promise<void>;
      this.next += 1;
      this.running += 1;
      task()
        .catch((error: unknown) => {
          this.failure ??= error;
        })
        .finally(() => {
          this.running -= 1;
          this.pump();
        });
    }
    if (this.running === 0 && this.next === this.queue.length) {
      this.queue = [];
      this.next = 0;
      for (const done of this.idle.splice(0)) done();
    }
  }
}

/** allure-vitest's reporter with the queued writer in place of the stock one. */
export class QueuedAllureReporter extends AllureVitestReporter {
  private readonly writer: QueuedAllureWriter;
  /** Tests whose result is written already. */
  private readonly written = new WeakSet<RunnerTask>();

  /** `verdictOf` gives each requirement's verdict (the run's collector, listed before this reporter) for its Allure status. */
  constructor(resultsDir: string, verdictOf?: VerdictOf) {
    super({ resultsDir });
    this.writer = new QueuedAllureWriter(resultsDir, verdictOf);
  }

  override onInit(vitest: Vitest): void {
    super.onInit(vitest);
    // The runtime is private in the typings; its writer is a plain field the stock reporter sets once here.
    (this as unknown as { allureReporterRuntime: { writer: Writer } }).allureReporterRuntime.writer = this.writer;
  }

  /**
   * Writes each test's result as it ends and lets go of its Allure messages (every exchange as an
   * attachment): the stock reporter kept them all in the main thread until the run ended, and
   * turning them all into files at once was the run's peak of memory.
   */
  onTestCaseResult(testCase: TestCase): void {
    const task = (testCase as unknown as { task: RunnerTask }).task;
    this.handleTask(task);
    this.written.add(task);
    delete (task.meta as { allureRuntimeMessages?: unknown }).allureRuntimeMessages;
  }

  /** The stock reporter walks every task at the run's end: those written as they ended are not written again. */
  override handleTask(task: RunnerTask): void {
    if (!this.written.has(task)) super.handleTask(task);
  }

  override async onTestRunEnd(tests: ReadonlyArray<TestModule>): Promise<void> {
    super.onTestRunEnd(tests);
    await this.writer.flush();
  }
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
