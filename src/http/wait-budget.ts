// The run's bound on the time spent waiting on the target's instructions (Retry-After): every client of a run draws from one budget in shared memory, so a target asking every answer to wait cannot stretch the run past it, and the run can say what was waited and whether the bound was reached.

import { getEnvironmentData, setEnvironmentData } from 'node:worker_threads';

/** The time a whole run spends waiting on Retry-After by default, all requests together. */
export const DEFAULT_WAIT_BUDGET_MS = 120_000;

/** Where a run's clients (its worker threads inherit worker environment data) find its budget. */
const ENV_KEY = 'cloudconf-wait-budget';

/** Cells of the shared counters: milliseconds granted so far, and whether a wait was refused. */
const WAITED = 0;
const REACHED = 1;

interface Shared {
  counters: SharedArrayBuffer;
  budgetMs: number;
}

export interface WaitBudget {
  /** Grants a wait of `ms` when the budget still holds it (false, and the bound is marked reached, when not). */
  take(ms: number): boolean;
  waitedMs(): number;
  reached(): boolean;
  budgetMs: number;
}

function budgetOn(counters: SharedArrayBuffer, budgetMs: number): WaitBudget {
  const c = new Int32Array(counters);
  return {
    budgetMs,
    take(ms) {
      const want = Math.max(0, Math.ceil(ms));
      for (;;) {
        const waited = Atomics.load(c, WAITED);
        if (waited + want > budgetMs) {
          Atomics.store(c, REACHED, 1);
          return false;
        }
        if (Atomics.compareExchange(c, WAITED, waited, waited + want) === waited) return true;
      }
    },
    waitedMs: () => Atomics.load(c, WAITED),
    reached: () => Atomics.load(c, REACHED) === 1,
  };
}

/** A budget of one's own (a command outside a run, a self-test). */
export const localWaitBudget = (budgetMs = DEFAULT_WAIT_BUDGET_MS): WaitBudget =>
  budgetOn(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT), budgetMs);

/** A run's budget, published to its worker threads; `dispose` when the run is over. */
export function openWaitBudget(budgetMs = DEFAULT_WAIT_BUDGET_MS): WaitBudget & { dispose(): void } {
  const counters = new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT);
  setEnvironmentData(ENV_KEY, { counters, budgetMs } satisfies Shared);
  return {
    ...budgetOn(counters, budgetMs),
    dispose: () => {
      if ((getEnvironmentData(ENV_KEY) as Shared | undefined)?.counters === counters)
        setEnvironmentData(ENV_KEY, undefined);
    },
  };
}

/** The budget a client draws from: its run's when there is one in this process, else one of its own. */
export function waitBudgetOfRun(): WaitBudget {
  const shared = getEnvironmentData(ENV_KEY) as Shared | undefined;
  return shared ? budgetOn(shared.counters, shared.budgetMs) : localWaitBudget();
}
