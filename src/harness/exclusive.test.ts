// Self-test of the account settings exclusion: holders never overlap, and they go in the order they asked.

import { describe, expect, it } from 'vitest';
import { Exclusive } from './exclusive.js';

const tick = () => new Promise((resolve) => setTimeout(resolve, 2));

describe('Exclusive', () => {
  it('lets one holder in at a time, in the order they asked', async () => {
    const lock = new Exclusive();
    let inside = 0;
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      [0, 1, 2, 3, 4].map(async (n) => {
        const release = await lock.acquire();
        inside += 1;
        most = Math.max(most, inside);
        order.push(n);
        await tick();
        inside -= 1;
        release();
      }),
    );
    expect(most).toBe(1);
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });

  it('lets the next holder in once the one before released, even when it never waited', async () => {
    const lock = new Exclusive();
    const first = await lock.acquire();
    let second = false;
    const next = lock.acquire().then((release) => {
      second = true;
      release();
    });
    await tick();
    expect(second).toBe(false);
    first();
    await next;
    expect(second).toBe(true);
  });
});
