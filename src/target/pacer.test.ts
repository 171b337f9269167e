// Self-test of the run's pacer (`--rate`): answers leave a whole gap apart even when its timers fire late.

import { Pool } from 'undici';
import { expect, test } from 'vitest';
import { startPacer } from './pacer.js';

test('answers leave at least 1/N s apart, even after the thread was blocked past several slots', async () => {
  const pacer = await startPacer(20);
  const pool = new Pool(new URL(pacer.url).origin, { connections: 32 });
  try {
    const left: number[] = [];
    // Blocks the thread for 300 ms a little after the start: six slots' timers come due meanwhile.
    setTimeout(() => {
      const until = performance.now() + 300;
      while (performance.now() < until);
    }, 120);
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        const res = await pool.request({ method: 'GET', path: '/' });
        left.push(performance.now());
        await res.body.dump();
      }),
    );
    left.sort((a, b) => a - b);
    const gaps = left.slice(1).map((t, i) => t - (left[i] as number));
    // Answers let out together arrive within a millisecond of each other. Each gap is 50 ms less
    // what the client's own late reading of one answer may take from it (this thread is shared, and
    // on a loaded machine that reading lags by up to a third of a gap); the whole span is not shortened.
    expect(Math.min(...gaps)).toBeGreaterThan(20);
    expect((left.at(-1) as number) - (left[0] as number)).toBeGreaterThan(15 * 50 - 20);
  } finally {
    await pool.close();
    await pacer.close();
  }
});
