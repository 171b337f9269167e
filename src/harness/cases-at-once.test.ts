// Self-tests of sending a requirement's cases a few at a time: the bound holds, the answers are judged in case order, and a failed send leaves nothing in flight.

import { describe, expect, test } from 'vitest';
import type { Exchange } from '../http/exchange.js';
import { CASES_AT_ONCE, sendCases, sendRequests } from './cases-at-once.js';

const tick = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('sendCases', () => {
  test('keeps at most atOnce cases in flight, and more than one', async () => {
    let inFlight = 0;
    let peak = 0;
    const send = async (c: number) => {
      inFlight += 1;
      peak = Math.max(peak, inFlight);
      await tick(2);
      inFlight -= 1;
      return c;
    };
    await sendCases(
      Array.from({ length: 40 }, (_, i) => i),
      send,
      () => {},
      { atOnce: 8 },
    );
    expect(peak).toBe(8);
  });

  test('judges the answers in the order of the cases, whatever order they come back in', async () => {
    const judged: number[] = [];
    const cases = Array.from({ length: 12 }, (_, i) => i);
    await sendCases(
      cases,
      async (c) => {
        await tick(24 - 2 * c);
        return c * 10;
      },
      (c, answer) => judged.push(answer + c),
      { atOnce: 4 },
    );
    expect(judged).toEqual(cases.map((c) => c * 11));
  });

  test('after a send throws: no new case starts, the answered ones before it are judged, and the error comes once nothing is in flight', async () => {
    const started: number[] = [];
    const judged: number[] = [];
    let inFlight = 0;
    const send = async (c: number) => {
      started.push(c);
      inFlight += 1;
      await tick(c === 5 ? 1 : 5);
      inFlight -= 1;
      if (c === 5) throw new Error('bound reached');
      return c;
    };
    const run = sendCases(
      Array.from({ length: 30 }, (_, i) => i),
      send,
      (c) => judged.push(c),
      { atOnce: 6 },
    );
    await expect(run).rejects.toThrow('bound reached');
    expect(inFlight).toBe(0);
    expect(started.length).toBe(6);
    expect(judged).toEqual([0, 1, 2, 3, 4]);
  });

  test('an answer is judged as soon as the answers before it are, not kept to the end', async () => {
    const judgedWhenSent: number[] = [];
    let judged = 0;
    await sendCases(
      Array.from({ length: 20 }, (_, i) => i),
      async (c) => {
        judgedWhenSent.push(judged);
        await tick(1);
        return c;
      },
      () => {
        judged += 1;
      },
      { atOnce: 2 },
    );
    expect(judged).toBe(20);
    expect(judgedWhenSent.at(-1)).toBeGreaterThanOrEqual(15);
  });

  test('after a heavy answer the remaining cases go one at a time', async () => {
    let inFlight = 0;
    const peaks: number[] = [];
    await sendCases(
      Array.from({ length: 30 }, (_, i) => i),
      async (c) => {
        inFlight += 1;
        peaks[c] = inFlight;
        await tick(2);
        inFlight -= 1;
        return c;
      },
      () => {},
      { atOnce: 6, heavy: (answer) => answer === 3 },
    );
    expect(Math.max(...peaks.slice(0, 6))).toBe(6);
    expect(Math.max(...peaks.slice(12))).toBe(1);
  });
});

describe('sendRequests', () => {
  const peakOf = async (concurrency: number) => {
    let inFlight = 0;
    let peak = 0;
    const answer = {
      request: { method: 'GET', url: 'http://127.0.0.1:9/', headers: {} },
      startedAt: '',
      durationMs: 0,
    };
    await sendRequests(
      { session: { config: { concurrency } } },
      Array.from({ length: 20 }, (_, i) => i),
      async (): Promise<Exchange> => {
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        await tick(2);
        inFlight -= 1;
        return answer;
      },
      () => {},
    );
    return peak;
  };

  test("a test's requests go a few at a time, and one at a time at --concurrency 1", async () => {
    expect(await peakOf(32)).toBe(CASES_AT_ONCE);
    // Queued for the run's one slot, eight would make another worker's test wait eight requests for each of its own.
    expect(await peakOf(1)).toBe(1);
  });
});
