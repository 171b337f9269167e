// Self-tests of the delay proxy: each request waits the delay before it goes upstream, and the requests in flight are counted (peak, mean, and the mean of each second).

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { addArea, type InFlight, meansPerSecond, SERIES_MS, startDelayProxy } from './delay-proxy.js';

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** An upstream echoing each request, after `answerMs` of its own. */
async function upstream(answerMs = 0): Promise<string> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () =>
      setTimeout(() => res.end(JSON.stringify({ method: req.method, path: req.url, body })), answerMs),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v4`;
}

/** Through a proxy delaying `delayMs`: `overlapping` requests at once, then one alone; what it counted. */
async function overlappingThenOne(delayMs: number, overlapping: number): Promise<InFlight> {
  const proxy = await startDelayProxy(await upstream(), delayMs);
  closers.push(() => proxy.close());
  await Promise.all(Array.from({ length: overlapping }, () => fetch(`${proxy.baseUrl}/a`).then((r) => r.text())));
  await fetch(`${proxy.baseUrl}/b`).then((r) => r.text());
  return proxy.inFlight();
}

describe('the delay proxy', () => {
  it('forwards each request after the delay, body and path intact', async () => {
    const proxy = await startDelayProxy(await upstream(), 150);
    closers.push(() => proxy.close());
    const started = performance.now();
    const res = await fetch(`${proxy.baseUrl}/things?x=1`, { method: 'POST', body: '{"a":1}' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
    expect(await res.json()).toEqual({ method: 'POST', path: '/v4/things?x=1', body: '{"a":1}' });
  });

  it('counts the requests in flight: peak and time-weighted mean', async () => {
    // A delay long enough that the four overlap even when this busy thread starts one of them late.
    const seen = await overlappingThenOne(1000, 4);
    expect(seen.requests).toBe(5);
    expect(seen.peak).toBe(4);
    // About 4 in flight for the first second, then 1 for the next: a mean near 2.5.
    expect(seen.mean).toBeGreaterThan(1.5);
    expect(seen.mean).toBeLessThan(3.5);
  });

  it('gives the mean in flight of each second, the last one over the part that elapsed', () => {
    // Three held for 0.6 s, then one until 1.2 s: (3 × 600 + 1 × 400) / 1000 in the first second, 1 over the 0.2 s of the second.
    const areas: number[] = [];
    addArea(areas, 3, 0, 600);
    addArea(areas, 1, 600, 1200);
    const [first, second, ...rest] = meansPerSecond(areas, 1200);
    expect(first).toBeCloseTo(2.2, 9);
    expect(second).toBeCloseTo(1, 9);
    expect(rest).toEqual([]);
    // A span that crosses a second's edge is split between the two.
    const split: number[] = [];
    addArea(split, 2, 500, 2500);
    expect(meansPerSecond(split, 2500)).toEqual([1, 2, 2]);
  });

  it('keeps the series of each second it served, in step with its overall mean, however loaded the machine', async () => {
    const seen = await overlappingThenOne(600, 3);
    // How the requests fall into seconds depends on how busy this thread is; what the series must
    // hold does not: one mean per second served, none above the peak, together the overall mean.
    expect(seen.perSecond).toHaveLength(Math.ceil(seen.busyMs / SERIES_MS));
    for (const mean of seen.perSecond) expect(mean).toBeGreaterThanOrEqual(0);
    for (const mean of seen.perSecond) expect(mean).toBeLessThanOrEqual(seen.peak);
    const spans = seen.perSecond.map((_, i) => Math.min(SERIES_MS, seen.busyMs - i * SERIES_MS));
    const area = seen.perSecond.reduce((sum, mean, i) => sum + mean * (spans[i] ?? 0), 0);
    // Within 0.005: a last second under a millisecond long is divided by one millisecond.
    expect(area / seen.busyMs).toBeCloseTo(seen.mean, 2);
  });

  it("measures the upstream's own time apart from the delay", async () => {
    const proxy = await startDelayProxy(await upstream(120), 1000);
    closers.push(() => proxy.close());
    await Promise.all(Array.from({ length: 3 }, () => fetch(`${proxy.baseUrl}/a`).then((r) => r.text())));
    const { upstreamMs } = proxy.inFlight();
    expect(upstreamMs).toBeGreaterThanOrEqual(115);
    // With the delay counted in it would be 1,120 ms at least.
    expect(upstreamMs).toBeLessThan(1000);
  });

  it('forwards to loopback only', async () => {
    await expect(startDelayProxy('http://192.0.2.1/v4', 10)).rejects.toThrow(/loopback/);
  });
});
