// The run's rate limit (`--rate N`): one pacer in the main process hands out send times to every worker, so the cap holds for the run as a whole.

import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';

export interface Pacer {
  url: string;
  close(): Promise<void>;
}

/**
 * Answers each request at the next free slot, slots 1/N s apart (`onLeave` is told when each answer leaves). A timer that fires late (the main
 * thread busy, or collecting garbage) does not let answers out together: each waits until a whole
 * gap has passed since the last one left.
 */
export async function startPacer(perSecond: number, onLeave: (at: number) => void = () => {}): Promise<Pacer> {
  const gap = 1000 / perSecond;
  let next = 0;
  let lastLeft = Number.NEGATIVE_INFINITY;
  const answer = (res: ServerResponse) => {
    const wait = lastLeft + gap - performance.now();
    if (wait > 0) {
      setTimeout(() => answer(res), wait);
      return;
    }
    lastLeft = performance.now();
    onLeave(lastLeft);
    res.end();
  };
  const server = createServer((_req, res) => {
    const now = performance.now();
    const at = Math.max(now, next);
    next = at + gap;
    setTimeout(() => answer(res), at - now);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A worker's side: waits for its turn; a pacer gone (the run ending) lets requests go. */
export function pacedBy(url: string): () => Promise<void> {
  const pool = new Pool(new URL(url).origin, { connections: 4 });
  return async () => {
    try {
      const res = await pool.request({ method: 'GET', path: '/' });
      await res.body.dump();
    } catch (error) {
      // No pacer to ask (a connection error, with its code): the main process is shutting down, and
      // whatever is sent now is its cleanup. Anything else is a fault of ours, and must not pass unpaced.
      if (typeof (error as { code?: unknown }).code !== 'string') throw error;
    }
  };
}
