// What one `cloudconf` command costs when run in its own process: wall time, CPU and peak memory (GNU time) and, for runs, the requests results.json counts.

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = join(root, 'src/cli/bin.mjs');

export interface Timed {
  wallSeconds: number;
  /** User and system CPU of the process and every thread in it. */
  cpuSeconds: number;
  peakRssMb: number;
  exitCode: number;
}

export interface RunCost extends Timed {
  requests: number;
  requestsPerSecond: number;
  /** CPU of the whole run (suite, client and embedded server) per request sent, in milliseconds. */
  cpuMsPerRequest: number;
}

export const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** One `cloudconf` command in its own process, timed by GNU time for its CPU and peak memory. */
export function timed(args: string[], env: NodeJS.ProcessEnv = {}, nodeFlags: string[] = []): Timed {
  const started = performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', '%M %U %S', process.execPath, ...nodeFlags, cli, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  const [rssKb, user, system] = (r.stderr.trim().split('\n').at(-1) ?? '').split(' ').map(Number);
  return {
    wallSeconds: (performance.now() - started) / 1000,
    cpuSeconds: (user ?? Number.NaN) + (system ?? Number.NaN),
    peakRssMb: (rssKb ?? Number.NaN) / 1024,
    exitCode: r.status ?? -1,
  };
}

/** A run's cost, the median of `repeats` runs with seeds 1..repeats. */
export function runCost(label: string, extra: string[], repeats: number, env: NodeJS.ProcessEnv = {}): RunCost {
  const samples: RunCost[] = [];
  for (let i = 0; i < repeats; i += 1) {
    const dir = join(root, 'reports', 'bench', label.replace(/\W+/g, '-'));
    const t = timed(['run', '--quiet', '--seed', String(i + 1), '--report-dir', dir, ...extra], env);
    const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as { summary: { requests: number } };
    const requests = results.summary.requests;
    samples.push({
      ...t,
      requests,
      requestsPerSecond: requests / t.wallSeconds,
      cpuMsPerRequest: (1000 * t.cpuSeconds) / requests,
    });
    process.stderr.write(
      `${label} #${i + 1}: ${t.wallSeconds.toFixed(1)} s, ${t.cpuSeconds.toFixed(1)} s CPU, ${requests} requests, exit ${t.exitCode}\n`,
    );
  }
  const pick = (k: keyof RunCost) => median(samples.map((s) => s[k]));
  return {
    wallSeconds: pick('wallSeconds'),
    cpuSeconds: pick('cpuSeconds'),
    requests: pick('requests'),
    cpuMsPerRequest: pick('cpuMsPerRequest'),
    requestsPerSecond: pick('requestsPerSecond'),
    peakRssMb: pick('peakRssMb'),
    exitCode: Math.max(...samples.map((s) => s.exitCode)),
  };
}
