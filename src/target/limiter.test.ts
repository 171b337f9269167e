// Self-tests of the run's limiter: the cap holds across workers, a 429 lowers it once per storm, and a client holds a slot only while a request is out.

import { createServer } from 'node:http';
import { type AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpClient } from '../http/client.js';
import { type Limiter, slotsAt, startLimiter } from './limiter.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function limiter(max: number): Promise<Limiter> {
  const l = await startLimiter(max);
  closers.push(() => l.close());
  return l;
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 50));

/** Waits (bounded) until the condition holds: grants travel over a socket. */
async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !condition(); i += 1) await tick();
}

describe('the run limiter', () => {
  it('never grants more than its cap, whatever the number of workers asking', async () => {
    const l = await limiter(3);
    const workers = [slotsAt(l.url), slotsAt(l.url)];
    let granted = 0;
    for (const w of workers)
      for (let i = 0; i < 4; i += 1)
        void w.acquire().then(() => {
          granted += 1;
        });
    await until(() => granted >= 3);
    await tick();
    expect(granted).toBe(3);
    workers[0]?.release(false);
    await until(() => granted >= 4);
    await tick();
    expect(granted).toBe(4);
    expect(l.peak()).toBe(3);
  });

  it('sends the asks and answers of one event-loop turn in one write each way', async () => {
    const l = await limiter(4);
    const w = slotsAt(l.url);
    await w.acquire();
    const writes = vi.spyOn(Socket.prototype, 'write');
    try {
      const asked = Array.from({ length: 3 }, () => w.acquire());
      w.release(false);
      await Promise.all(asked);
      // One write from the worker (three asks, one release), one from the limiter (three grants).
      expect(writes).toHaveBeenCalledTimes(2);
    } finally {
      writes.mockRestore();
    }
    expect(l.peak()).toBe(3);
  });

  it('halves its window on a 429, once per storm, and grows back with answers', async () => {
    const l = await limiter(8);
    const w = slotsAt(l.url);
    for (let i = 0; i < 4; i += 1) await w.acquire();
    w.release(true);
    w.release(true);
    await until(() => l.window() < 8);
    await tick();
    expect(l.window()).toBe(4);
    w.release(false);
    w.release(false);
    await until(() => l.window() > 4);
    await tick();
    expect(l.window()).toBeGreaterThan(4);
    expect(l.window()).toBeLessThan(5);
  });

  it('takes back the slots of a worker whose connection ended', async () => {
    const l = await limiter(1);
    const gone = slotsAt(l.url);
    await gone.acquire();
    const other = slotsAt(l.url);
    let granted = false;
    void other.acquire().then(() => {
      granted = true;
    });
    await tick();
    expect(granted).toBe(false);
    gone.disconnect();
    await until(() => granted);
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
    const client = new HttpClient({ limit: slotsAt(l.url) });
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
