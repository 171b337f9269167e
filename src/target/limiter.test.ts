// Self-tests of the run's limiter: the cap holds across worker threads, a 429 lowers it once per storm, the slots of a thread that exited go back, and a client holds a slot only while a request is out.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../http/client.js';
import { type Limiter, limitedBy, startLimiter } from './limiter.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function limiter(max: number): Promise<Limiter> {
  const l = await startLimiter(max);
  closers.push(() => l.close());
  return l;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 20));

/** Ticks until `check` holds, for up to 10 s: a grant can cross threads, and a loaded machine can hold either for a while. */
async function eventually(check: () => boolean): Promise<void> {
  for (const end = Date.now() + 10_000; !check() && Date.now() < end; ) await tick();
}

/** A worker thread that takes `take` slots of the limiter and, unless told to keep them, gives them back; it says when it holds them. */
function workerTaking(id: string, take: number, giveBack: boolean): Worker {
  const code = `
    import { parentPort } from 'node:worker_threads';
    const { limitedBy } = await import(${JSON.stringify(new URL('./limiter.ts', import.meta.url).href)});
    const slots = limitedBy(${JSON.stringify(id)});
    for (let i = 0; i < ${take}; i += 1) await slots.acquire();
    parentPort.postMessage('holding');
    parentPort.once('message', () => {
      if (${giveBack}) for (let i = 0; i < ${take}; i += 1) slots.release(false);
      parentPort.close();
    });
  `;
  return new Worker(new URL(`data:text/javascript,${encodeURIComponent(code)}`), { execArgv: ['--import', 'tsx'] });
}

/** Asks for a slot of limiter `id` in this thread; the answer says whether it has been granted yet. */
function askHere(id: string): () => boolean {
  let granted = false;
  void limitedBy(id)
    .acquire()
    .then(() => {
      granted = true;
    });
  return () => granted;
}

const holding = (w: Worker) => new Promise<void>((resolve) => w.once('message', () => resolve()));
const exited = (w: Worker) => new Promise<void>((resolve) => w.once('exit', () => resolve()));

describe('the run limiter', () => {
  it('never grants more than its cap; the next waiting request goes when a slot is given back', async () => {
    const l = await limiter(3);
    const slots = limitedBy(l.id);
    let granted = 0;
    for (let i = 0; i < 8; i += 1)
      void slots.acquire().then(() => {
        granted += 1;
      });
    await eventually(() => granted >= 3);
    await tick();
    expect(granted).toBe(3);
    slots.release(false);
    await eventually(() => granted >= 4);
    await tick();
    expect(granted).toBe(4);
    expect(l.peak()).toBe(3);
    expect(l.busy()).toBe(3);
  });

  it('halves its window on a 429, once per storm, and grows back with answers', async () => {
    const l = await limiter(8);
    const slots = limitedBy(l.id);
    for (let i = 0; i < 4; i += 1) await slots.acquire();
    slots.release(true);
    slots.release(true);
    expect(l.window()).toBe(4);
    slots.release(false);
    slots.release(false);
    expect(l.window()).toBeGreaterThan(4);
    expect(l.window()).toBeLessThan(5);
  });

  it('a worker thread started after it shares its cap, and the slots it held when it exited go back', async () => {
    const l = await limiter(2);
    const worker = workerTaking(l.id, 2, false);
    await holding(worker);
    expect(l.busy()).toBe(2);
    const granted = askHere(l.id);
    await tick();
    expect(granted()).toBe(false);
    const gone = exited(worker);
    worker.postMessage('end');
    await gone;
    await eventually(granted);
    expect(granted()).toBe(true);
    expect(l.busy()).toBe(1);
  }, 20_000);

  it('a slot a worker thread gives back goes to a request waiting in another thread', async () => {
    const l = await limiter(1);
    const worker = workerTaking(l.id, 1, true);
    await holding(worker);
    const granted = askHere(l.id);
    await tick();
    expect(granted()).toBe(false);
    worker.postMessage('give back');
    await exited(worker);
    await eventually(granted);
    expect(granted()).toBe(true);
  }, 20_000);

  it('once closed, lets the waiting requests go', async () => {
    const l = await startLimiter(1);
    const slots = limitedBy(l.id);
    await slots.acquire();
    let granted = false;
    void slots.acquire().then(() => {
      granted = true;
    });
    await tick();
    expect(granted).toBe(false);
    await l.close();
    await eventually(() => granted);
    expect(granted).toBe(true);
  });

  it('keeps the requests a client has at the target within the cap', async () => {
    let inFlight = 0;
    let peak = 0;
    const server = createServer((_req, res) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      setTimeout(() => {
        inFlight -= 1;
        res.end('{}');
      }, 10);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const { port } = server.address() as AddressInfo;
    const l = await limiter(2);
    const client = new HttpClient({ limit: limitedBy(l.id) });
    closers.push(() => client.close());
    await Promise.all(
      Array.from({ length: 12 }, () => client.send({ method: 'GET', url: `http://127.0.0.1:${port}/` })),
    );
    expect(peak).toBe(2);
  });

  it('gives a slot back marked throttled on a 429, and holds none while it waits to retry', async () => {
    let calls = 0;
    const server = createServer((_req, res) => {
      calls += 1;
      if (calls === 1) res.writeHead(429, { 'retry-after': '0' }).end('{}');
      else res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
    const { port } = server.address() as AddressInfo;
    const log: string[] = [];
    const limit = {
      acquire: async () => {
        log.push('acquire');
      },
      release: (throttled: boolean) => {
        log.push(throttled ? 'release 429' : 'release');
      },
    };
    const client = new HttpClient({ limit });
    closers.push(() => client.close());
    const e = await client.send({ method: 'POST', url: `http://127.0.0.1:${port}/` });
    expect(e.response?.status).toBe(200);
    expect(log).toEqual(['acquire', 'release 429', 'acquire', 'release']);
  });
});
