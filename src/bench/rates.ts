// Request rates for the benchmark: the reference server answering authenticated GETs, and a bare Node server as the ceiling, both driven by one undici Pool with 16 requests in flight.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';
import { startReferenceServer } from '../reference/server.js';

const IN_FLIGHT = 16;
const DURATION_MS = 3000;

/** Requests per second that `IN_FLIGHT` concurrent loops of GETs get from a server over `DURATION_MS`. */
async function drive(origin: string, path: string, headers: Record<string, string>): Promise<number> {
  const pool = new Pool(origin, { connections: IN_FLIGHT, pipelining: 1 });
  let done = 0;
  const until = performance.now() + DURATION_MS;
  const loop = async () => {
    while (performance.now() < until) {
      const res = await pool.request({ method: 'GET', path, headers });
      await res.body.text();
      if (res.statusCode !== 200) throw new Error(`GET ${path} answered ${res.statusCode}`);
      done += 1;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: IN_FLIGHT }, loop));
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  return done / seconds;
}

export async function referenceRate(): Promise<number> {
  const server = await startReferenceServer({ port: 0 });
  try {
    const url = new URL(server.baseUrl);
    return await drive(url.origin, `${url.pathname}/account/settings`, { authorization: `Bearer ${server.token}` });
  } finally {
    await server.close();
  }
}

export async function ceilingRate(): Promise<number> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    return await drive(`http://127.0.0.1:${(server.address() as AddressInfo).port}`, '/', {});
  } finally {
    server.close();
  }
}
