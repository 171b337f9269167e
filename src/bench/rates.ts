// Request rates for the benchmark: the reference server answering authenticated GETs, and a bare Node server as the ceiling, each in its own process, driven by one undici Pool with 16 requests in flight.

import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';

const IN_FLIGHT = 16;
const DURATION_MS = 5000;
const root = fileURLToPath(new URL('../..', import.meta.url));

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

/** Starts a server process and reads the URL it prints on its first line. */
async function serverProcess(args: string[]): Promise<{ child: ChildProcess; url: URL }> {
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  const [chunk] = (await once(child.stdout as NodeJS.ReadableStream, 'data')) as [Buffer];
  return { child, url: new URL(chunk.toString().split('\n')[0]?.trim() ?? '') };
}

export async function referenceRate(): Promise<number> {
  const token = 'bench-token';
  const { child, url } = await serverProcess([join(root, 'src/cli/bin.mjs'), 'serve', '--port', '0', '--token', token]);
  try {
    return await drive(url.origin, `${url.pathname}/account/settings`, { authorization: `Bearer ${token}` });
  } finally {
    child.kill();
  }
}

const BARE_SERVER = `const s = require('node:http').createServer((q, r) => { r.writeHead(200, {'content-type': 'application/json'}); r.end('{}'); });
s.listen(0, '127.0.0.1', () => console.log('http://127.0.0.1:' + s.address().port + '/'));`;

export async function ceilingRate(): Promise<number> {
  const { child, url } = await serverProcess(['-e', BARE_SERVER]);
  try {
    return await drive(url.origin, '/', {});
  } finally {
    child.kill();
  }
}
