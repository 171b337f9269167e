// Runs the cloudconf command line for the self-tests: to its end on a warm run host (runCli), or as a new child process for what needs one (signals, output while it runs, `cloudconf serve`).

import { type ChildProcess, spawn } from 'node:child_process';
import { request as httpRequest } from 'node:http';
import { createServer } from 'node:net';
import { text } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, inject } from 'vitest';
import { YOUNG_GENERATION } from './launch-flags.mjs';

const BIN = fileURLToPath(new URL('./bin.mjs', import.meta.url));
/** A child still running after this is killed, unless the caller gives its own bound. */
const DEFAULT_BOUND_MS = 120_000;

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export interface Running {
  child: ChildProcess;
  /** What the child printed so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves when the child exits (killed with SIGKILL past the bound). */
  done: Promise<Finished>;
}

/** Starts `cloudconf <args>`; a child still running after `boundMs` is killed, and its end says so. */
export function startCli(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; boundMs?: number; cwd?: string } = {},
): Running {
  const started = Date.now();
  // Started with the flag bin.mjs would replace itself to set (serve.test.ts covers that replacement):
  // the same process as users get, without a second Node start (about 0.3 CPU-s a child).
  const child = spawn(process.execPath, [YOUNG_GENERATION, BIN, ...args], {
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (c) => {
    out += c;
  });
  child.stderr?.on('data', (c) => {
    err += c;
  });
  const bound = setTimeout(() => child.kill('SIGKILL'), options.boundMs ?? DEFAULT_BOUND_MS);
  const done = new Promise<Finished>((resolve) => {
    child.on('close', (code, signal) => {
      clearTimeout(bound);
      resolve({ code, signal, stdout: out, stderr: err, ms: Date.now() - started });
    });
  });
  return { child, stdout: () => out, stderr: () => err, done };
}

/**
 * Runs `cloudconf <args>` to its end. In vitest, on a warm run host (test-support/run-hosts.ts): the
 * same command in a process of its own, but one already started, which ends no run by itself; a
 * command past its bound is killed, and one that returns leaving a resource open, so that a process
 * would not end, is reported killed. `ownProcess`, or a variable Node reads when it starts, starts a new process instead, for
 * what only a new process shows (its start, its flags, what it inherits).
 */
export async function runCli(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; boundMs?: number; cwd?: string; ownProcess?: boolean } = {},
): Promise<Finished> {
  const hosts = runHostsEndpoint();
  if (!hosts || options.ownProcess || readAtStart(options.env)) return startCli(args, options).done;
  const env = Object.fromEntries(
    Object.entries({ ...process.env, ...options.env }).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
  const command = { args, env, cwd: options.cwd ?? process.cwd(), boundMs: options.boundMs ?? DEFAULT_BOUND_MS };
  return postJson(hosts, command) as Promise<Finished>;
}

/** Variables Node reads only when a process starts (NODE_OPTIONS, NODE_EXTRA_CA_CERTS, UV_THREADPOOL_SIZE): a host started long before. */
const readAtStart = (env: NodeJS.ProcessEnv = {}) => Object.keys(env).some((name) => /^(NODE|UV)_/.test(name));

/** The run hosts' endpoint, when vitest's global setup started them. */
function runHostsEndpoint(): string | undefined {
  try {
    return inject('runHosts');
  } catch {
    return undefined;
  }
}

/** Posts a JSON body and reads the JSON answer, with no deadline of its own (the hosts keep the command's bound). */
function postJson(url: string, body: unknown): Promise<unknown> {
  return new Promise((resolve, reject) => {
    // A connection per command: a kept-alive one the endpoint closed while idle would drop the next (socket hang up).
    const headers = { 'content-type': 'application/json' };
    const request = httpRequest(url, { method: 'POST', headers, agent: false }, (answer) => {
      text(answer).then((body) => {
        if (answer.statusCode === 200) resolve(JSON.parse(body));
        else reject(new Error(`the run hosts failed: ${body}`));
      }, reject);
    });
    request.on('error', reject);
    request.end(JSON.stringify(body));
  });
}

/** Waits until a running child printed something that matches, or throws past the deadline. */
export async function waitForOutput(r: Running, pattern: RegExp, deadlineMs = 60_000): Promise<void> {
  const until = Date.now() + deadlineMs;
  while (!pattern.test(r.stdout() + r.stderr())) {
    if (Date.now() > until || r.child.exitCode !== null) {
      throw new Error(`no ${pattern} in the output of cloudconf:\n${r.stdout()}\n${r.stderr()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * `cloudconf serve` on a free port with a known token; resolves with its base URL once it listens.
 * It is killed after `boundMs` in any case, so that a caller that dies cannot leave it behind.
 */
export async function startServe(
  token: string,
  extra: string[] = [],
  boundMs = 600_000,
): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const r = startCli(['serve', '--port', '0', '--quiet', '--token', token, ...extra], { boundMs });
  // Within the hooks' 60 s: a cold start on a loaded machine can take a good part of it.
  await waitForOutput(r, /^http:\/\/\S+\/v4\n/m, 50_000);
  const baseUrl = (r.stdout().split('\n')[0] ?? '').trim();
  return {
    baseUrl,
    stop: async () => {
      r.child.kill('SIGTERM');
      await r.done;
    },
  };
}

/** `cloudconf serve` for the tests of one file or describe block: started before them, stopped after them. */
export function serveDuringTests(token: string): { readonly baseUrl: string } {
  let served: Awaited<ReturnType<typeof startServe>> | undefined;
  beforeAll(async () => {
    served = await startServe(token);
  }, 60_000);
  afterAll(async () => {
    await served?.stop();
  });
  return {
    get baseUrl() {
      if (!served) throw new Error('cloudconf serve is read before it started');
      return served.baseUrl;
    },
  };
}

/** A loopback port nothing listens on: taken, then given back. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
