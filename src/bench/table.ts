// The benchmark's figures as the Markdown the README's Performance section shows.

import type { DelayedRun } from './delayed.js';
import type { RunCost, Timed } from './run-cost.js';

export interface Bench {
  machine: { cpus: number; model: string; memoryGb: number; node: string };
  measuredAt: string;
  repeats: number;
  defaultRuns: number;
  full: RunCost;
  ceiling: {
    referenceGets: number;
    share: number;
    /** Requests per second the run adds as it grows (from the default to 4× `--runs`), and its share. */
    marginalRate: number;
    marginalShare: number;
  };
  profile: { category: string; cpuSeconds: number; share: number }[];
  growth: { runs2: RunCost; runs4: RunCost; seeded: RunCost; seeded10: RunCost; seededCount: number };
  reference: {
    gets: number;
    creates: number;
    memoryAfter100kMb: number;
    bareNodeGets: number;
    /** Server CPU per request (µs): steadier than rates on a shared machine. */
    cpuMicros: { get: number; create: number; rejected: number };
  };
  mutation: Timed;
  delayed: Delayed;
}

/**
 * Runs through the delay proxy: the whole run at the default concurrency and at WIDE_CONCURRENCY,
 * the whole run at FAR_DELAY_MS, and a pair at 1 and the default.
 */
export interface Delayed {
  full: Omit<DelayedRun, 'verdicts'>;
  wide: Omit<DelayedRun, 'verdicts'>;
  far: Omit<DelayedRun, 'verdicts'>;
  serial: Omit<DelayedRun, 'verdicts'>;
  concurrent: Omit<DelayedRun, 'verdicts'>;
  /** What the pair covers (`--part 1`, or the whole run with BENCH_FULL_SERIAL=1). */
  pairSelection: string;
  /** Requirements whose verdict differs between the pair. */
  differences: string[];
}

/** The latency of a nearby region, added to each request by the delay proxy. */
export const DELAY_MS = 50;
/** The latency of a far region (another continent), for the row that shows what the run waits on there. */
export const FAR_DELAY_MS = 200;

/** The wider concurrency the bench also runs the whole run at: a robust staging target's. */
export const WIDE_CONCURRENCY = 64;

const delayedRow = (name: string, d: Omit<DelayedRun, 'verdicts'>) =>
  `| ${name} | ${d.delayMs} ms | ${d.wallSeconds.toFixed(1)} s | ${d.requests.toLocaleString('en-US')} | ${d.peak} / ${d.mean.toFixed(1)} | ${d.upstreamMs.toFixed(1)} ms | ${d.criticalPathSeconds.toFixed(1)} s (${(100 * d.criticalShare).toFixed(0)}%) | ${d.throughputFloorSeconds.toFixed(1)} s (${((100 * d.throughputFloorSeconds) / d.wallSeconds).toFixed(0)}%) | ${(d.wallSeconds / Math.max(d.criticalPathSeconds, d.throughputFloorSeconds)).toFixed(2)} |`;

/** The delayed rows: what a run across a network takes against the two floors no scheduling goes below. */
export function delayedTable(d: Delayed): string {
  return [
    '| through the delay proxy (`cloudconf serve` behind it) | delay | wall time | requests | in flight peak / mean | server time past the delay, per request | critical path (share) | throughput floor: requests × delay / concurrency (share) | wall / the higher floor |',
    '|---|---|---|---|---|---|---|---|---|',
    delayedRow('whole default run, default `--concurrency`', d.full),
    delayedRow(`whole default run, \`--concurrency ${WIDE_CONCURRENCY}\``, d.wide),
    delayedRow('whole default run, default `--concurrency`', d.far),
    delayedRow(`${d.pairSelection}, \`--concurrency 1\``, d.serial),
    delayedRow(`${d.pairSelection}, default \`--concurrency\``, d.concurrent),
    `| verdicts that differ between the two ${d.pairSelection} runs | ${d.differences.length} | | | | | | | |`,
  ].join('\n');
}

const rate = (n: number) => `${Math.round(n).toLocaleString('en-US')}/s`;
const row = (name: string, r: RunCost) =>
  `| ${name} | ${r.wallSeconds.toFixed(1)} s | ${r.cpuSeconds.toFixed(1)} s | ${r.requests.toLocaleString('en-US')} | ${rate(r.requestsPerSecond)} | ${r.cpuMsPerRequest.toFixed(2)} ms | ${r.peakRssMb.toFixed(0)} MB |`;

export function table(b: Bench): string {
  const n = b.defaultRuns;
  const g = b.growth;
  return [
    `Machine: ${b.machine.cpus} × ${b.machine.model}, ${b.machine.memoryGb} GB, Node ${b.machine.node}; measured ${b.measuredAt.slice(0, 10)}.`,
    '',
    '| run | wall time | CPU (run process) | requests | rate | CPU per request | peak memory |',
    '|---|---|---|---|---|---|---|',
    row(`\`cloudconf run\` (whole API, --runs ${n}, median of ${b.repeats})`, b.full),
    row(`\`--runs ${2 * n}\` (2×)`, g.runs2),
    row(`\`--runs ${4 * n}\` (4×)`, g.runs4),
    row(`\`serve\` with ${g.seededCount} unrelated entities of each kind, \`run --base-url\``, g.seeded),
    row(`\`serve\` with ${10 * g.seededCount} of each kind (10×)`, g.seeded10),
    `| \`cloudconf mutation\` (every fault and a clean control) | ${b.mutation.wallSeconds.toFixed(1)} s | ${b.mutation.cpuSeconds.toFixed(1)} s | | | | ${b.mutation.peakRssMb.toFixed(0)} MB |`,
    '',
    delayedTable(b.delayed),
    '',
    '| reference server, 16 requests in flight from one undici Pool | |',
    '|---|---|',
    `| authenticated GET | ${rate(b.reference.gets)} |`,
    `| create | ${rate(b.reference.creates)} |`,
    `| server CPU per request: GET / create / refused body | ${b.reference.cpuMicros.get.toFixed(0)} / ${b.reference.cpuMicros.create.toFixed(0)} / ${b.reference.cpuMicros.rejected.toFixed(0)} µs |`,
    `| memory after 100,000 creates | ${b.reference.memoryAfter100kMb.toFixed(0)} MB |`,
    `| bare node:http server, same client | ${rate(b.reference.bareNodeGets)} |`,
    `| the default run's request rate as a share of the reference GET ceiling | ${(100 * b.ceiling.share).toFixed(1)}% |`,
    `| the rate a run adds as it grows (${n} to ${4 * n} \`--runs\`): ${rate(b.ceiling.marginalRate)}, as a share of the ceiling | ${(100 * b.ceiling.marginalShare).toFixed(1)}% |`,
    '',
    '| where a run spends CPU (all threads, one profiled run) | CPU | share |',
    '|---|---|---|',
    ...b.profile.map((p) => `| ${p.category} | ${p.cpuSeconds.toFixed(1)} s | ${(100 * p.share).toFixed(0)}% |`),
  ].join('\n');
}
