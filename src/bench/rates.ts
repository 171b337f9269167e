// The reference server alone, each measure in its own server process driven by one undici Pool with 16 requests in flight: GET and create rates, a bare Node server as the ceiling, CPU per request, and memory after many creates.

import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';

const IN_FLIGHT = 16;
const DURATION_MS = 5000;
const TOKEN = 'bench-token';
const root = fileURLToPath(new URL('../..', import.meta.url));

interface Request {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** What one kind of request is: the request numbered n (from a base path such as `/v4`), and the status it must get. */
export interface Load {
  request(base: string, n: number): Request;
  status: number;
}

/** Numbers requests across drives, so every created label is new. */
let sequence = 0;

const auth = { authorization: `Bearer ${TOKEN}` };
const json = { ...auth, 'content-type': 'application/json' };

export const loads = {
  get: { request: (base) => ({ method: 'GET', path: `${base}/account/settings`, headers: auth }), status: 200 },
  /** A VPC create: body validation, the model, an event in the journal; labels are unique per call. */
  create: {
    request: (base, n) => ({
      method: 'POST',
      path: `${base}/vpcs`,
      headers: json,
      body: JSON.stringify({ label: `bench-${n}`, region: 'us-east' }),
    }),
    status: 200,
  },
  /** A body breaking two rules, refused with 400, as a conformance run sends by the thousand. */
  rejected: {
    request: (base) => ({ method: 'POST', path: `${base}/vpcs`, headers: json, body: '{"label":"","region":5}' }),
    status: 400,
  },
} satisfies Record<string, Load>;

interface Server {
  child: ChildProcess;
  url: URL;
}

/** Starts a server process and reads the URL it prints on its first line. */
async function serverProcess(args: string[]): Promise<Server> {
  const child = spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] });
  const [chunk] = (await once(child.stdout as NodeJS.ReadableStream, 'data')) as [Buffer];
  return { child, url: new URL(chunk.toString().split('\n')[0]?.trim() ?? '') };
}

const referenceServer = () =>
  serverProcess([join(root, 'src/cli/bin.mjs'), 'serve', '--port', '0', '--quiet', '--token', TOKEN]);

const BARE_SERVER = `const s = require('node:http').createServer((q, r) => { r.writeHead(200, {'content-type': 'application/json'}); r.end('{}'); });
s.listen(0, '127.0.0.1', () => console.log('http://127.0.0.1:' + s.address().port + '/'));`;

const bareServer = () => serverProcess(['-e', BARE_SERVER]);

/** Runs `body` against a fresh server and stops the server, whatever happens. */
async function withServer<T>(start: () => Promise<Server>, body: (s: Server) => Promise<T>): Promise<T> {
  const server = await start();
  try {
    return await body(server);
  } finally {
    server.child.kill();
  }
}

/** CPU seconds (user + system, every thread) a process has used, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

interface Driven {
  requests: number;
  seconds: number;
  /** CPU the server process spent per request, in microseconds. */
  cpuMicros: number;
}

/** Sends a load with `IN_FLIGHT` loops until `count` requests are done or `ms` have passed. */
async function drive(server: Server, load: Load, until: { count?: number; ms?: number }): Promise<Driven> {
  const base = server.url.pathname.replace(/\/$/, '');
  const pool = new Pool(server.url.origin, { connections: IN_FLIGHT, pipelining: 1 });
  const pid = server.child.pid as number;
  const deadline = performance.now() + (until.ms ?? Number.POSITIVE_INFINITY);
  let started = 0;
  let done = 0;
  const limit = until.count ?? Number.POSITIVE_INFINITY;
  const loop = async () => {
    while (started < limit && performance.now() < deadline) {
      started += 1;
      const res = await pool.request(load.request(base, sequence++));
      await res.body.text();
      if (res.statusCode !== load.status) throw new Error(`${base} answered ${res.statusCode}, not ${load.status}`);
      done += 1;
    }
  };
  const cpu = cpuSeconds(pid);
  const t0 = performance.now();
  try {
    await Promise.all(Array.from({ length: IN_FLIGHT }, loop));
  } finally {
    await pool.close();
  }
  const seconds = (performance.now() - t0) / 1000;
  return { requests: done, seconds, cpuMicros: ((cpuSeconds(pid) - cpu) * 1e6) / done };
}

/** Requests per second over `DURATION_MS`, after a short warm-up. */
async function rate(start: () => Promise<Server>, load: Load): Promise<number> {
  return withServer(start, async (server) => {
    await drive(server, load, { count: 2000 });
    const r = await drive(server, load, { ms: DURATION_MS });
    return r.requests / r.seconds;
  });
}

/** The bare server's answer to any request: `{}`. */
const bareGet: Load = { request: () => ({ method: 'GET', path: '/', headers: {} }), status: 200 };

export const referenceRate = () => rate(referenceServer, loads.get);
export const referenceCreateRate = () => rate(referenceServer, loads.create);
export const ceilingRate = () => rate(bareServer, bareGet);

/** RSS of the server process in MB after `n` VPCs were created, read from /proc (Linux). */
export function referenceMemoryAfter(n = 100_000): Promise<number> {
  return withServer(referenceServer, async (server) => {
    await drive(server, loads.create, { count: n });
    const status = readFileSync(`/proc/${server.child.pid}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]) / 1024;
  });
}

/** CPU microseconds a server process spends per request of a load, after a warm-up. */
function cpuPerRequest(start: () => Promise<Server>, load: Load, count: number): Promise<number> {
  return withServer(start, async (server) => {
    await drive(server, load, { count: 3000 });
    return (await drive(server, load, { count })).cpuMicros;
  });
}

/**
 * CPU microseconds the reference server spends per request of a load: steadier than a rate on a
 * shared machine, where other work takes the cores a rate depends on. Compare with the ceiling's.
 */
export const referenceCpuPerRequest = (load: Load, count = 20_000) => cpuPerRequest(referenceServer, load, count);
export const ceilingCpuPerRequest = (count = 20_000) => cpuPerRequest(bareServer, bareGet, count);
