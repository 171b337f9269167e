// The self-tests' run hosts: warm cloudconf processes (run-host.mjs) that vitest's main process keeps for every test file (its global setup), each lent to one command at a time through a loopback endpoint, so that the commands the self-tests start do not each pay Node's start and the load of the module graph.

import { type ChildProcess, fork } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { json } from 'node:stream/consumers';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { YOUNG_GENERATION } from '../launch-flags.mjs';

/** A command for a host: what `runCli` would start as a process. */
export interface HostedCommand {
  args: string[];
  env: Record<string, string>;
  cwd: string;
  boundMs: number;
}

/** How it ended, as a process would: its code, or the signal that killed its host. */
export interface HostedEnd {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

type FromHost =
  | { kind: 'ready' }
  | { kind: 'stdout' | 'stderr'; text: string }
  | { kind: 'done'; code: number; lingering: string[] };

const HOST = fileURLToPath(new URL('./run-host.mjs', import.meta.url));
/** Then a new host takes its place: what a long life gathers (caches, heap) stays bounded. */
const COMMANDS_PER_HOST = 40;
/** Idle hosts kept: about as many as the test files that run at once. */
const IDLE_HOSTS = 4;

interface Host {
  child: ChildProcess;
  ready: Promise<void>;
  commands: number;
}

export class RunHosts {
  private readonly idle: Host[] = [];
  private readonly living = new Set<Host>();

  private start(): Host {
    const child = fork(HOST, [], { execArgv: [YOUNG_GENERATION], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    const ready = new Promise<void>((resolve, reject) => {
      child.on('message', (m: FromHost) => m.kind === 'ready' && resolve());
      child.once('exit', (code, signal) =>
        reject(new Error(`the run host ended before it was ready (${signal ?? code})`)),
      );
    });
    ready.catch(() => {});
    const host: Host = { child, ready, commands: 0 };
    this.living.add(host);
    child.once('exit', () => {
      this.living.delete(host);
      const at = this.idle.indexOf(host);
      if (at >= 0) this.idle.splice(at, 1);
    });
    return host;
  }

  /** Starts one host ahead of the first command. */
  warm(): void {
    if (this.idle.length === 0) this.idle.push(this.start());
  }

  private giveBack(host: Host): void {
    if (host.commands >= COMMANDS_PER_HOST || this.idle.length >= IDLE_HOSTS) host.child.kill();
    else this.idle.push(host);
  }

  async run(command: HostedCommand): Promise<HostedEnd> {
    const started = Date.now();
    const host = this.idle.pop() ?? this.start();
    await host.ready;
    return new Promise((resolve) => {
      let stdout = '';
      let stderr = '';
      const end = (code: number | null, signal: NodeJS.Signals | null) => {
        clearTimeout(bound);
        host.child.off('message', onMessage);
        host.child.off('exit', onExit);
        resolve({ code, signal, stdout, stderr, ms: Date.now() - started });
      };
      const onMessage = (m: FromHost) => {
        if (m.kind === 'stdout') stdout += m.text;
        else if (m.kind === 'stderr') stderr += m.text;
        else if (m.kind === 'done') {
          host.commands += 1;
          if (m.lingering.length === 0) {
            this.giveBack(host);
            return end(m.code, null);
          }
          // A process would still be running: its test sees it killed at its bound, and why.
          host.child.kill('SIGKILL');
          stderr += `\n[run host] exit code ${m.code}, but the process would not have ended by itself: ${m.lingering.join(', ')} still active\n`;
          end(null, 'SIGKILL');
        }
      };
      const onExit = (code: number | null, signal: NodeJS.Signals | null) => end(code, signal);
      const bound = setTimeout(() => host.child.kill('SIGKILL'), command.boundMs);
      host.child.on('message', onMessage);
      host.child.once('exit', onExit);
      host.child.send({ args: command.args, env: command.env, cwd: command.cwd });
    });
  }

  close(): void {
    for (const host of this.living) host.child.kill('SIGKILL');
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run hosts' endpoint (child.ts posts each command there). */
    runHosts: string;
  }
}

/** vitest's global setup: the hosts and their endpoint on loopback for the whole test run, stopped after it. */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  // CLOUDCONF_RUN_HOSTS=0: every command in a new process, as before the hosts (to compare, or to rule them out).
  if (process.env.CLOUDCONF_RUN_HOSTS === '0') return undefined;
  const hosts = new RunHosts();
  const server = createServer(async (request, response) => {
    try {
      const ended = await hosts.run((await json(request)) as HostedCommand);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(ended));
    } catch (error) {
      response.writeHead(500).end(error instanceof Error ? error.message : String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  project.provide('runHosts', `http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  hosts.warm();
  return async () => {
    hosts.close();
    await new Promise((resolve) => server.close(resolve));
  };
}
