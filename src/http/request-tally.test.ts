// Self-tests of the run's request tally: every request a client notes is counted at once, from the run's own thread, its worker threads (stopped without closing their clients) and other processes.

import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { openTally, RequestTally, TALLY_ENV } from './request-tally.js';

const module = fileURLToPath(new URL('./request-tally.ts', import.meta.url));
const noting = (n: number) =>
  `import(${JSON.stringify(module)}).then(({ RequestTally }) => { const t = new RequestTally(); for (let i = 1; i <= ${n}; i++) t.note(i); })`;

const tallies: { dispose(): void }[] = [];
afterEach(() => {
  for (const t of tallies.splice(0)) t.dispose();
});
const open = () => {
  const t = openTally();
  tallies.push(t);
  return t;
};

describe('the request tally', () => {
  it('counts what clients of the run process noted, before they are closed', () => {
    const tally = open();
    const a = new RequestTally();
    const b = new RequestTally();
    for (let i = 1; i <= 5; i += 1) a.note(i);
    for (let i = 1; i <= 3; i += 1) b.note(i);
    expect(tally.total()).toBe(8);
  });

  it('counts what a worker thread noted, though the worker ends without closing its client', async () => {
    const tally = open();
    const worker = new Worker(
      `${noting(7)}.then(() => import('node:worker_threads')).then((w) => { w.parentPort.postMessage('noted'); setInterval(() => {}, 1000); })`,
      { eval: true, execArgv: ['--import', 'tsx'] },
    );
    await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(tally.total()).toBe(7);
  });

  it('counts what another process noted', () => {
    const tally = open();
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', noting(4)], {
      env: { ...process.env },
      encoding: 'utf8',
    });
    expect(child.status, child.stderr).toBe(0);
    expect(process.env[TALLY_ENV]).toBeDefined();
    expect(tally.total()).toBe(4);
  });
});
