// A run against `cloudconf serve` behind the delay proxy (a target across a network): wall time, requests, requests in flight, and the critical path (the longest chain of requests that must follow each other).

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startServe } from '../cli/child.js';
import { type InFlight, startDelayProxy } from '../http/delay-proxy.js';
import { root } from './run-cost.js';
import { describeInFlight, describeTimeline, readTimeline } from './timeline.js';

const TOKEN = `bench-delayed-${Math.random().toString(36).slice(2)}`;
const cli = join(root, 'src/cli/bin.mjs');

export interface DelayedRun extends InFlight {
  label: string;
  delayMs: number;
  wallSeconds: number;
  /** Requests results.json counts (the proxy's count adds the run's own control and cleanup requests). */
  judgedRequests: number;
  /**
   * The most requests one test sent, times the delay: one test's requests follow each other, so no
   * concurrency finishes the run sooner. `criticalShare` is that floor over the wall time.
   */
  criticalPathSeconds: number;
  criticalShare: number;
  /**
   * The requests the proxy saw, times the delay, over the run's --concurrency: the least time the
   * requests take at that many in flight, however they are scheduled.
   */
  concurrency: number;
  throughputFloorSeconds: number;
  /**
   * The longest chain of one suite file as it was scheduled (its tests that ran alone, one after
   * another, plus its longest other test), in requests and at the delay; and the file.
   */
  fileChainRequests: number;
  fileChainSeconds: number;
  fileChain: string;
  exitCode: number;
  verdicts: Record<string, string>;
}

/**
 * How long the server of one delayed run may live: the whole API one request at a time through 50 ms
 * takes about 20 minutes (BENCH_FULL_SERIAL=1), and serve's usual 10-minute bound killed it midway.
 */
const SERVER_BOUND_MS = 60 * 60_000;

/** `cloudconf run <extra>` through a `delayMs` proxy in front of a fresh `cloudconf serve`. */
export async function delayedRun(label: string, delayMs: number, extra: string[]): Promise<DelayedRun> {
  const server = await startServe(TOKEN, [], SERVER_BOUND_MS);
  const proxy = await startDelayProxy(server.baseUrl, delayMs);
  const dir = join(process.env.BENCH_REPORT_DIR ?? join(root, 'reports', 'bench'), label.replace(/\W+/g, '-'));
  try {
    const started = performance.now();
    const exitCode = await new Promise<number>((resolve) => {
      const child = spawn(
        process.execPath,
        [cli, 'run', '--quiet', '--mode', 'full', '--base-url', proxy.baseUrl, '--report-dir', dir, ...extra],
        { cwd: root, env: { ...process.env, CLOUDCONF_TOKEN: TOKEN }, stdio: ['ignore', 'ignore', 'inherit'] },
      );
      child.on('close', (code) => resolve(code ?? -1));
    });
    const wallSeconds = (performance.now() - started) / 1000;
    const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as {
      summary: { requests: number };
      provenance: { concurrency: number };
      requirements: { id: string; verdict: string; requests?: number }[];
    };
    const longest = Math.max(0, ...results.requirements.map((r) => r.requests ?? 0));
    const criticalPathSeconds = (longest * delayMs) / 1000;
    const inFlight = proxy.inFlight();
    const concurrency = results.provenance.concurrency;
    const throughputFloorSeconds = (inFlight.requests * delayMs) / 1000 / concurrency;
    const timeline = readTimeline(dir);
    const chain = [...timeline.files].sort((a, b) => b.chainRequests - a.chainRequests)[0];
    if (process.env.BENCH_TIMELINE)
      process.stderr.write(`${describeTimeline(timeline, delayMs)}\n${describeInFlight(inFlight, timeline)}`);
    const row: DelayedRun = {
      label,
      delayMs,
      wallSeconds,
      judgedRequests: results.summary.requests,
      ...inFlight,
      criticalPathSeconds,
      criticalShare: criticalPathSeconds / wallSeconds,
      concurrency,
      throughputFloorSeconds,
      fileChainRequests: chain?.chainRequests ?? 0,
      fileChainSeconds: ((chain?.chainRequests ?? 0) * delayMs) / 1000,
      fileChain: chain?.file ?? '',
      exitCode,
      verdicts: Object.fromEntries(results.requirements.map((r) => [r.id, r.verdict])),
    };
    process.stderr.write(
      `${label}: ${wallSeconds.toFixed(1)} s, ${inFlight.requests} requests, in flight peak ${inFlight.peak} mean ${inFlight.mean.toFixed(2)}, upstream ${inFlight.upstreamMs.toFixed(1)} ms a request, critical path ${criticalPathSeconds.toFixed(1)} s, throughput floor ${throughputFloorSeconds.toFixed(1)} s at ${concurrency} in flight, longest file chain ${chain?.chainRequests ?? 0} requests (${chain?.file}), exit ${exitCode}\n`,
    );
    return row;
  } finally {
    await proxy.close();
    await server.stop();
  }
}

/** Requirements whose verdicts differ between two runs. */
export const verdictDifferences = (a: DelayedRun, b: DelayedRun) =>
  Object.keys({ ...a.verdicts, ...b.verdicts }).filter((id) => a.verdicts[id] !== b.verdicts[id]);

// `node --import tsx src/bench/delayed.ts <delay ms> [run options...]`: one delayed run, printed as JSON, its timeline on stderr.
if (process.argv[1]?.endsWith('delayed.ts')) {
  process.env.BENCH_TIMELINE = '1';
  const [delay, ...rest] = process.argv.slice(2);
  const { verdicts: _, ...row } = await delayedRun('delayed', Number(delay ?? 50), rest);
  process.stdout.write(`${JSON.stringify(row, null, 2)}\n`);
}
