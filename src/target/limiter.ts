// The run's cap on requests in flight (`--concurrency N`): one limiter in the main process grants slots to every worker over a loopback socket, and a 429 halves the slots it hands out until answers come back.
// Both sides gather their one-byte messages and write them once per event-loop turn: a write per request was the run's largest cost of CPU per request.

import type { AddressInfo } from 'node:net';
import { createConnection, createServer, type Socket } from 'node:net';

/** One byte per message: a worker asks for a slot, gives one back, or gives one back after a 429. */
const ACQUIRE = 0x61;
const RELEASE = 0x72;
const THROTTLED = 0x74;
const GRANT = 0x67;

/** Bytes to one socket, written together once the current event-loop turn is done. */
function batchedWriter(socket: () => Socket | undefined): (byte: number) => void {
  let pending: number[] = [];
  const flush = () => {
    const bytes = pending;
    pending = [];
    const s = socket();
    if (s && !s.destroyed) s.write(Buffer.from(bytes));
  };
  return (byte) => {
    if (pending.push(byte) === 1) setImmediate(flush);
  };
}

/** After a 429 the window is not halved again before this long: one storm, one cut. */
const CUT_INTERVAL_MS = 1000;

export interface Limiter {
  url: string;
  /** The slots handed out now (below the cap after 429s), for self-tests. */
  window(): number;
  peak(): number;
  close(): Promise<void>;
}

/**
 * Grants at most `max` slots at once, first come first served across workers. A 429 halves the
 * window (at most once a second); each answer without one grows it by 1/window, so it is back at
 * `max` after about as many rounds of answers as it lost (additive increase, multiplicative decrease).
 */
export async function startLimiter(max: number): Promise<Limiter> {
  let window = max;
  let busy = 0;
  let peak = 0;
  let lastCut = 0;
  const waiting: Socket[] = [];
  const writers = new WeakMap<Socket, (byte: number) => void>();
  const grant = () => {
    while (busy < Math.max(1, Math.floor(window)) && waiting.length > 0) {
      const socket = waiting.shift() as Socket;
      if (socket.destroyed) continue;
      busy += 1;
      peak = Math.max(peak, busy);
      writers.get(socket)?.(GRANT);
    }
  };
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    socket.setNoDelay(true);
    sockets.add(socket);
    writers.set(
      socket,
      batchedWriter(() => socket),
    );
    // Slots a worker holds go back when its connection ends (a worker that stopped mid-request).
    let held = 0;
    socket.on('data', (bytes: Buffer) => {
      for (const byte of bytes) {
        if (byte === ACQUIRE) {
          waiting.push(socket);
          held += 1;
          continue;
        }
        if (byte !== RELEASE && byte !== THROTTLED) continue;
        busy = Math.max(0, busy - 1);
        held = Math.max(0, held - 1);
        const now = Date.now();
        if (byte === THROTTLED && now - lastCut >= CUT_INTERVAL_MS) {
          window = Math.max(1, window / 2);
          lastCut = now;
        } else if (byte === RELEASE && window < max) {
          window = Math.min(max, window + 1 / window);
        }
      }
      grant();
    });
    socket.on('close', () => {
      sockets.delete(socket);
      const queued = waiting.filter((s) => s === socket).length;
      busy = Math.max(0, busy - (held - queued));
      grant();
    });
    socket.on('error', () => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `tcp://127.0.0.1:${port}`,
    window: () => window,
    peak: () => peak,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface Slots {
  acquire(): Promise<void>;
  /** Gives the slot back; `throttled` when the answer was a 429. */
  release(throttled: boolean): void;
  /** Ends the connection: the limiter takes back the slots it held. */
  disconnect(): void;
}

const byUrl = new Map<string, Slots>();

/** A worker's side, one connection per worker and limiter; a limiter gone (the run ending) lets requests go. */
export function limitedBy(url: string): Slots {
  let slots = byUrl.get(url);
  if (!slots) {
    slots = slotsAt(url);
    byUrl.set(url, slots);
  }
  return slots;
}

/** One connection to the limiter at `url` (a worker's own). */
export function slotsAt(url: string): Slots {
  const { hostname, port } = new URL(url);
  const granted: (() => void)[] = [];
  let gone = false;
  let socket: Socket | undefined;
  const send = batchedWriter(() => socket);
  const letAllGo = () => {
    gone = true;
    for (const resolve of granted.splice(0)) resolve();
  };
  const open = () => {
    const s = createConnection({ host: hostname, port: Number(port) });
    s.setNoDelay(true);
    // The connection must not keep a worker alive that has nothing else to do.
    s.unref();
    s.on('data', (bytes: Buffer) => {
      for (let i = 0; i < bytes.length; i += 1) granted.shift()?.();
    });
    s.on('error', letAllGo);
    s.on('close', letAllGo);
    return s;
  };
  return {
    acquire() {
      if (gone) return Promise.resolve();
      socket ??= open();
      return new Promise<void>((resolve) => {
        granted.push(resolve);
        send(ACQUIRE);
      });
    },
    release(throttled) {
      if (gone || !socket) return;
      send(throttled ? THROTTLED : RELEASE);
    },
    disconnect() {
      socket?.destroy();
    },
  };
}
