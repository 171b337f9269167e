// `npm run bench`: measures what a conformance run costs (wall time, requests, memory), the reference server's request rate against a bare Node server, and the mutation matrix; writes reports/bench.json and a Markdown table.

import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ceilingRate, referenceRate } from './rates.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = join(root, 'src/cli/bin.mjs');
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);

interface RunCost {
  wallSeconds: number;
  requests: number;
  requestsPerSecond: number;
  peakRssMb: number;
  exitCode: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** One `cloudconf` command in its own process, timed by GNU time for the peak memory. */
function timed(args: string[]): { wallSeconds: number; peakRssMb: number; exitCode: number } {
  const started = performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, cli, ...args], { cwd: root, encoding: 'utf8' });
  const rssKb = Number(r.stderr.trim().split('\n').at(-1));
  return { wallSeconds: (performance.now() - started) / 1000, peakRssMb: rssKb / 1024, exitCode: r.status ?? -1 };
}

function runCost(label: string, extra: string[]): RunCost {
  const samples: RunCost[] = [];
  for (let i = 0; i < REPEATS; i += 1) {
    const dir = join(root, 'reports', 'bench', label.replace(/\W+/g, '-'));
    const t = timed(['run', '--quiet', '--seed', String(i + 1), '--report-dir', dir, ...extra]);
    const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as { summary: { requests: number } };
    const requests = results.summary.requests;
    samples.push({ ...t, requests, requestsPerSecond: requests / t.wallSeconds });
    process.stderr.write(`${label} #${i + 1}: ${t.wallSeconds.toFixed(1)} s, ${requests} requests\n`);
  }
  const pick = (k: keyof RunCost) => median(samples.map((s) => s[k]));
  return {
    wallSeconds: pick('wallSeconds'),
    requests: pick('requests'),
    requestsPerSecond: pick('requestsPerSecond'),
    peakRssMb: pick('peakRssMb'),
    exitCode: Math.max(...samples.map((s) => s.exitCode)),
  };
}

async function main(): Promise<void> {
  const bench = {
    machine: {
      cpus: cpus().length,
      model: cpus()[0]?.model ?? '',
      memoryGb: Math.round(totalmem() / 2 ** 30),
      node: process.version,
    },
    measuredAt: new Date().toISOString(),
    repeats: REPEATS,
    part1: runCost('part 1', ['--part', '1']),
    full: runCost('full run', []),
    referenceGets: await referenceRate(),
    bareNodeGets: await ceilingRate(),
    mutation: timed(['mutation', '--report-dir', join(root, 'reports', 'bench', 'mutation')]),
  };
  mkdirSync(join(root, 'reports'), { recursive: true });
  writeFileSync(join(root, 'reports', 'bench.json'), `${JSON.stringify(bench, null, 2)}\n`);
  process.stdout.write(`${table(bench)}\n`);
}

function table(b: {
  part1: RunCost;
  full: RunCost;
  referenceGets: number;
  bareNodeGets: number;
  mutation: { wallSeconds: number };
  machine: { cpus: number; model: string; node: string };
}): string {
  const row = (name: string, r: RunCost) =>
    `| ${name} | ${r.wallSeconds.toFixed(1)} s | ${r.requests} | ${r.requestsPerSecond.toFixed(0)}/s | ${r.peakRssMb.toFixed(0)} MB |`;
  return [
    `Machine: ${b.machine.cpus} × ${b.machine.model}, Node ${b.machine.node}; medians of ${REPEATS} runs.`,
    '',
    '| measure | wall time | requests | rate | peak memory |',
    '|---|---|---|---|---|',
    row('`cloudconf run --part 1`', b.part1),
    row('`cloudconf run` (all parts)', b.full),
    `| reference server, authenticated GET, 16 in flight | | | ${b.referenceGets.toFixed(0)}/s | |`,
    `| bare Node server, same client | | | ${b.bareNodeGets.toFixed(0)}/s | |`,
    `| \`cloudconf mutation\` (every fault) | ${b.mutation.wallSeconds.toFixed(1)} s | | | |`,
  ].join('\n');
}

await main();
