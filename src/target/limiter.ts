// The run's cap on requests in flight (`--concurrency N`): counters in memory that the run's worker threads share, so a slot is taken and given back with an atomic operation where the request is, not over a trip through the main thread; a 429 halves the slots it hands out until answers come back.
// The trip cost about 15 ms a request on a loaded machine: at 50 ms a request, a third of the slots were held by requests not yet sent or already answered.

import { getEnvironmentData, setEnvironmentData, threadId } from 'node:worker_threads';

/** Cells of the shared counters. */
const BUSY = 0;
/** The window of slots handed out, in 1/SCALE of a slot (it grows by fractions of a slot). */
const WINDOW = 1;
const MAX = 2;
const PEAK = 3;
/** When the window was last cut, in ms since the limiter started. */
const LAST_CUT = 4;
/** Bumped on every slot given back; a waiting acquire sleeps on it. */
const FREED = 5;
const CLOSED = 6;
const NEXT_THREAD = 7;
/** Then, for each thread that took a slot, its thread id and the slots it holds. */
const THREADS_AT = 8;
const THREADS = 128;
const CELLS = THREADS_AT + 2 * THREADS;
const SCALE = 1024;

/** After a 429 the window is not halved again before this long: one storm, one cut. */
const CUT_INTERVAL_MS = 1000;

/** Where a limiter is found by id in the worker environment data that each worker thread inherits. */
const envKey = (id: string) => `cloudconf-limiter:${id}`;

interface Shared {
  counters: SharedArrayBuffer;
  /** `Date.now()` when the limiter started: every thread's clock for LAST_CUT. */
  origin: number;
}

export interface Limiter {
  /** What a run's configuration names for its workers to find this limiter. */
  id: string;
  /** The slots handed out now (below the cap after 429s), for self-tests. */
  window(): number;
  /** Slots held now. */
  busy(): number;
  peak(): number;
  /** Lets every waiting and later request go, and forgets the limiter (the run is over). */
  close(): Promise<void>;
}

let started = 0;

/**
 * Grants at most `max` slots at once across the run's threads. A 429 halves the window (at most
 * once a second); each answer without one grows it by 1/window, so it is back at `max` after about
 * as many rounds of answers as it lost (additive increase, multiplicative decrease). The slots a
 * worker thread holds when it exits go back.
 */
export async function startLimiter(max: number): Promise<Limiter> {
  started += 1;
  const id = `${process.pid}-${threadId}-${started}`;
  const counters = new SharedArrayBuffer(CELLS * Int32Array.BYTES_PER_ELEMENT);
  const c = new Int32Array(counters);
  Atomics.store(c, MAX, max);
  Atomics.store(c, WINDOW, max * SCALE);
  Atomics.store(c, LAST_CUT, -CUT_INTERVAL_MS);
  setEnvironmentData(envKey(id), { counters, origin: Date.now() } satisfies Shared);
  const onWorker = (worker: { threadId: number; once(event: 'exit', listener: () => void): unknown }) => {
    const tid = worker.threadId;
    worker.once('exit', () => giveBackHeldBy(c, tid));
  };
  process.on('worker', onWorker);
  return {
    id,
    window: () => Atomics.load(c, WINDOW) / SCALE,
    busy: () => Atomics.load(c, BUSY),
    peak: () => Atomics.load(c, PEAK),
    close: async () => {
      process.off('worker', onWorker);
      Atomics.store(c, CLOSED, 1);
      Atomics.add(c, FREED, 1);
      Atomics.notify(c, FREED);
      setEnvironmentData(envKey(id), undefined);
    },
  };
}

/** The slots a thread that exited still held go back to the others. */
function giveBackHeldBy(c: Int32Array, tid: number): void {
  const used = Math.min(THREADS, Atomics.load(c, NEXT_THREAD));
  for (let i = 0; i < used; i += 1) {
    if (Atomics.load(c, THREADS_AT + 2 * i) !== tid) continue;
    const held = Atomics.exchange(c, THREADS_AT + 2 * i + 1, 0);
    if (held > 0) {
      Atomics.sub(c, BUSY, held);
      Atomics.add(c, FREED, 1);
      Atomics.notify(c, FREED, held);
    }
  }
}

export interface Slots {
  acquire(): Promise<void>;
  /** Gives the slot back; `throttled` when the answer was a 429. */
  release(throttled: boolean): void;
}

const byId = new Map<string, Slots>();

/** This thread's side of the limiter `id`; a limiter this thread cannot see, or one closed, lets requests go. */
export function limitedBy(id: string): Slots {
  let slots = byId.get(id);
  if (!slots) {
    slots = slotsOf(id);
    byId.set(id, slots);
  }
  return slots;
}

const unlimited: Slots = { acquire: () => Promise.resolve(), release: () => {} };

function slotsOf(id: string): Slots {
  const shared = getEnvironmentData(envKey(id)) as Shared | undefined;
  if (!shared) return unlimited;
  const c = new Int32Array(shared.counters);
  const mine = threadCell(c);
  const now = () => Date.now() - shared.origin;
  return {
    async acquire() {
      for (;;) {
        if (Atomics.load(c, CLOSED)) return;
        const freed = Atomics.load(c, FREED);
        if (tryTake(c)) {
          if (mine !== undefined) Atomics.add(c, mine, 1);
          return;
        }
        const wait = Atomics.waitAsync(c, FREED, freed);
        if (wait.async) await wait.value;
      }
    },
    release(throttled) {
      if (Atomics.load(c, CLOSED)) return;
      if (mine !== undefined) Atomics.sub(c, mine, 1);
      Atomics.sub(c, BUSY, 1);
      const opened = throttled ? cut(c, now()) : grow(c);
      Atomics.add(c, FREED, 1);
      Atomics.notify(c, FREED, 1 + opened);
    },
  };
}

/** This thread's held-slots cell, registered once; undefined when the table is full (its slots are then not given back on exit). */
function threadCell(c: Int32Array): number | undefined {
  const i = Atomics.add(c, NEXT_THREAD, 1);
  if (i >= THREADS) return undefined;
  Atomics.store(c, THREADS_AT + 2 * i, threadId);
  return THREADS_AT + 2 * i + 1;
}

const open = (c: Int32Array) => Math.max(1, Math.floor(Atomics.load(c, WINDOW) / SCALE));

function tryTake(c: Int32Array): boolean {
  for (;;) {
    const busy = Atomics.load(c, BUSY);
    if (busy >= open(c)) return false;
    if (Atomics.compareExchange(c, BUSY, busy, busy + 1) !== busy) continue;
    for (let peak = Atomics.load(c, PEAK); busy + 1 > peak; peak = Atomics.load(c, PEAK))
      if (Atomics.compareExchange(c, PEAK, peak, busy + 1) === peak) break;
    return true;
  }
}

/** Halves the window unless it was cut less than a second ago; returns the slots it opened (none). */
function cut(c: Int32Array, at: number): number {
  const last = Atomics.load(c, LAST_CUT);
  if (at - last < CUT_INTERVAL_MS || Atomics.compareExchange(c, LAST_CUT, last, at) !== last) return 0;
  for (;;) {
    const w = Atomics.load(c, WINDOW);
    if (Atomics.compareExchange(c, WINDOW, w, Math.max(SCALE, Math.floor(w / 2))) === w) return 0;
  }
}

/** Grows the window by 1/window of a slot, up to the cap; returns the slots that opened (0 or 1). */
function grow(c: Int32Array): number {
  const top = Atomics.load(c, MAX) * SCALE;
  for (;;) {
    const w = Atomics.load(c, WINDOW);
    if (w >= top) return 0;
    const next = Math.min(top, w + Math.ceil((SCALE * SCALE) / w));
    if (Atomics.compareExchange(c, WINDOW, w, next) === w) return Math.floor(next / SCALE) - Math.floor(w / SCALE);
  }
}
