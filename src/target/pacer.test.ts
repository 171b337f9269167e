// Self-test of the run's pacer (`--rate`): answers leave a whole gap apart even when its timers fire late.

import { Pool } from 'undici';
import { expect, test } from 'vitest';
import { startPacer } from './pacer.js';

test('answers leave at least 1/N s apart, even after the thread was blocked past several slots', async () => {
  const left: number[] = [];
  const pacer = await startPacer(20, (at) => left.push(at));
  const pool = new Pool(new URL(pacer.url).origin, { connections: 32 });
  try {
    const arrived: number[] = [];
    // Blocks the thread for 300 ms a little after the start: six slots' timers come due meanwhile.
    setTimeout(() => {
      const until = performance.now() + 300;
      while (performance.now() < until);
    }, 120);
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        const res = await pool.request({ method: 'GET', path: '/' });
        arrived.push(performance.now());
        await res.body.dump();
      }),
    );
    // When each answer left, as the pacer saw it: a whole gap apart, however late its timers fired.
    // Not where the client reads them: on this same thread, and on a loaded machine, a late read
    // shortens one gap and lengthens the next (7.6 ms seen in a full `npm test`).
    const gaps = left.slice(1).map((t, i) => t - (left[i] as number));
    expect(left.length).toBe(16);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(50);
    expect(arrived.length).toBe(16);
  } finally {
    await pool.close();
    await pacer.close();
  }
});
