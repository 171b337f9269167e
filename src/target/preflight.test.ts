// Unit tests of the preflight's round trip: a slow answer is confirmed by reading again on the warm connection, and the least round trip counts (delays far above what a loaded machine adds to a loopback answer).

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import type { RunConfig } from './config.js';
import { preflight, type RoundTrip } from './preflight.js';

const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map((s) => {
      s.closeAllConnections();
      return new Promise((done) => s.close(done));
    }),
  );
});

/** A loopback target answering every read with an empty page, the nth answer (from 0) after `delayMs(n)`. */
async function target(delayMs: (n: number) => number): Promise<{ config: RunConfig; reads: () => number }> {
  let reads = 0;
  const server = createServer((_req, res) => {
    setTimeout(() => {
      res.setHeader('content-type', 'application/json');
      res.end('{"data":[],"page":1,"pages":1,"results":0}');
    }, delayMs(reads++));
  });
  servers.push(server);
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const { port } = server.address() as AddressInfo;
  const config = { baseUrl: `http://127.0.0.1:${port}/v4`, token: 'preflight-token', mode: 'full' } as RunConfig;
  return { config, reads: () => reads };
}

/** The mark below which a target counts as near, in these tests: far above what a loaded machine adds. */
const MARK_MS = 250;

test.each([
  {
    title: 'a slow first answer and quick ones after: the least round trip counts, after one more read',
    delayMs: (n: number) => (n === 0 ? 400 : 0),
    near: true,
    sent: 2,
  },
  {
    // Each confirming read quicker than the first, so none is cut: all four are sent.
    title: 'every answer slow: the round trip stays at or above the mark, after four more reads',
    delayMs: (n: number) => (n === 0 ? 400 : 300),
    near: false,
    sent: 5,
  },
])('$title', async ({ delayMs, near, sent }) => {
  const { config, reads } = await target(delayMs);
  const timing: RoundTrip = { confirmFromMs: MARK_MS };
  expect(await preflight(config, [], timing)).toBeUndefined();
  expect((timing.roundTripMs ?? 0) < MARK_MS).toBe(near);
  expect(reads()).toBe(sent);
});

test('a quick first answer, or no mark to confirm: one read', async () => {
  const quick = await target(() => 0);
  const quickTiming: RoundTrip = { confirmFromMs: 1_000 };
  expect(await preflight(quick.config, [], quickTiming)).toBeUndefined();
  expect(quick.reads()).toBe(1);
  const slow = await target(() => 60);
  const unmarked: RoundTrip = {};
  expect(await preflight(slow.config, [], unmarked)).toBeUndefined();
  expect(unmarked.roundTripMs).toBeGreaterThanOrEqual(60);
  expect(slow.reads()).toBe(1);
});

test('a target that stalls after its first answer: the confirming read is cut at the first round trip, not the timeout', async () => {
  const { config, reads } = await target((n) => (n === 0 ? 300 : 60_000));
  const timing: RoundTrip = { confirmFromMs: MARK_MS };
  const started = performance.now();
  expect(await preflight({ ...config, timeoutMs: 60_000 }, [], timing)).toBeUndefined();
  // The first answer (300 ms) and one confirming read cut at its round trip, far below the 60 s timeout.
  expect(performance.now() - started).toBeLessThan(20_000);
  expect(timing.roundTripMs).toBeGreaterThanOrEqual(MARK_MS);
  expect(reads()).toBe(2);
});
