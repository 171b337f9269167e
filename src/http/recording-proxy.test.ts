// Self-test of the recording proxy in front of self-test runs: it forwards and notes each request, and keeps an idle connection open longer than a run's client does.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type RecordingProxy, startRecordingProxy } from './recording-proxy.js';

let upstream: ReturnType<typeof createServer>;
let proxy: RecordingProxy;

beforeAll(async () => {
  upstream = createServer((_req, res) => res.end('{}'));
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  proxy = await startRecordingProxy(`http://127.0.0.1:${(upstream.address() as AddressInfo).port}/v4`);
});

afterAll(async () => {
  await proxy.close();
  await new Promise((resolve) => upstream.close(resolve));
});

test('forwards a request and notes its method and path', async () => {
  const answer = await request(`${proxy.baseUrl}/tags?page=2`);
  expect(await answer.body.text()).toBe('{}');
  expect(proxy.seen.at(-1)).toMatchObject({ method: 'GET', path: '/v4/tags?page=2' });
});

// undici closes an idle connection a margin before the server's Keep-Alive hint says the server
// will; a run's client keeps one 10 s. A hint under that leaves a loaded machine's late timers a race.
test("tells clients it keeps an idle connection longer than a run's client keeps one", async () => {
  const answer = await request(`${proxy.baseUrl}/tags`);
  await answer.body.dump();
  const hint = /timeout=(\d+)/.exec(String(answer.headers['keep-alive']))?.[1];
  expect(Number(hint) * 1000).toBeGreaterThan(10_000);
});
