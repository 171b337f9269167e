// Counts the requests a run sends across its processes and worker threads: each HTTP client keeps its own count in a small file of the run's tally directory, and the run adds them up for its summary.

import { closeSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';

/** Where the clients of a run (its worker threads inherit the environment) find the tally directory. */
export const TALLY_ENV = 'CLOUDCONF_REQUEST_TALLY';

const WIDTH = 15;
let clients = 0;

/** One client's count, rewritten in place (one small positioned write per request, no open or close). */
export class RequestTally {
  private fd: number | undefined;

  constructor(dir: string | undefined = process.env[TALLY_ENV]) {
    if (!dir) return;
    clients += 1;
    try {
      this.fd = openSync(join(dir, `${process.pid}-${threadId}-${clients}`), 'w');
    } catch {
      this.fd = undefined;
    }
  }

  /** Records the client's count so far. */
  note(sent: number): void {
    if (this.fd === undefined) return;
    writeSync(this.fd, String(sent).padStart(WIDTH, '0'), 0);
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

/** A fresh tally directory for a run, published to its clients through the environment. */
export function openTally(): { total(): number; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'cloudconf-tally-'));
  process.env[TALLY_ENV] = dir;
  return {
    total: () => readdirSync(dir).reduce((n, f) => n + (Number(readFileSync(join(dir, f), 'utf8').trim()) || 0), 0),
    dispose: () => {
      if (process.env[TALLY_ENV] === dir) delete process.env[TALLY_ENV];
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
