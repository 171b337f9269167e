// Counts the requests a run sends across its processes and worker threads: clients in the run's own process add to one shared counter, clients in other processes keep their count in a small file of the run's tally directory, and the run adds them up for its summary.

import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getEnvironmentData, setEnvironmentData, threadId } from 'node:worker_threads';

/** Where the clients of a run (its worker threads inherit the environment) find the tally directory. */
export const TALLY_ENV = 'CLOUDCONF_REQUEST_TALLY';

/** What a run's worker threads inherit (worker environment data): the shared counter of the tally in `dir`. */
interface SharedTally {
  dir: string;
  counts: SharedArrayBuffer;
}

const WIDTH = 15;
let clients = 0;

const sharedTally = (dir: string): Int32Array | undefined => {
  const shared = getEnvironmentData(TALLY_ENV) as SharedTally | undefined;
  return shared?.dir === dir ? new Int32Array(shared.counts) : undefined;
};

/**
 * One client's count. Every request is on record the moment it is noted, whatever ends the thread
 * afterwards (a worker is stopped without its clients being closed): in the run's process an atomic
 * add to shared memory, elsewhere one small positioned write per request.
 */
export class RequestTally {
  private fd: number | undefined;
  private shared: Int32Array | undefined;
  private noted = 0;

  constructor(dir: string | undefined = process.env[TALLY_ENV]) {
    if (!dir) return;
    this.shared = sharedTally(dir);
    if (this.shared) return;
    clients += 1;
    try {
      this.fd = openSync(join(dir, `${process.pid}-${threadId}-${clients}`), 'w');
    } catch {
      this.fd = undefined;
    }
  }

  /** The run's count so far where the clients share one counter (threads of the run's process); undefined elsewhere. */
  runSoFar(): number | undefined {
    return this.shared ? Atomics.load(this.shared, 0) : undefined;
  }

  /** Records the client's count so far. */
  note(sent: number): void {
    if (this.shared) {
      Atomics.add(this.shared, 0, sent - this.noted);
      this.noted = sent;
      return;
    }
    if (this.fd === undefined) return;
    writeSync(this.fd, String(sent).padStart(WIDTH, '0'), 0);
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

/** A fresh tally for a run, published to its clients through the environment and worker environment data. */
export function openTally(): { total(): number; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'cloudconf-tally-'));
  const counts = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
  process.env[TALLY_ENV] = dir;
  setEnvironmentData(TALLY_ENV, { dir, counts } satisfies SharedTally);
  return {
    total: () =>
      Atomics.load(new Int32Array(counts), 0) +
      readdirSync(dir).reduce((n, f) => n + (Number(readFileSync(join(dir, f), 'utf8').trim()) || 0), 0),
    dispose: () => {
      if (process.env[TALLY_ENV] === dir) delete process.env[TALLY_ENV];
      if ((getEnvironmentData(TALLY_ENV) as SharedTally | undefined)?.dir === dir)
        setEnvironmentData(TALLY_ENV, undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
