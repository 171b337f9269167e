// `npm run bench`: measures what a conformance run costs and how it grows, where its time goes, the reference server's rates against the bare-client ceiling, and the mutation matrix; writes reports/bench.json and reports/bench.md.

import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_RUNS } from '../target/config.js';
import { delayedRun, verdictDifferences } from './delayed.js';
import { whereTimeGoes } from './profile.js';
import {
  ceilingRate,
  loads,
  referenceCpuPerRequest,
  referenceCreateRate,
  referenceMemoryAfter,
  referenceRate,
} from './rates.js';
import { root, runCost, timed } from './run-cost.js';
import { seededRunCost } from './seeded.js';
import { type Bench, table, WIDE_CONCURRENCY } from './table.js';

/** Samples of the default run; the growth and seeded runs are single samples (each takes minutes). */
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
/** The latency of a nearby region, added to each request by the delay proxy. */
const DELAY_MS = 50;
/** The --concurrency 1 run of the whole API at 50 ms takes about 18 minutes: Part 1 unless asked. */
const FULL_SERIAL = process.env.BENCH_FULL_SERIAL === '1';

/** Unrelated entities of each noise kind on the seeded server, and ten times that. */
const SEEDED = 30;

async function main(): Promise<void> {
  const step = (what: string) => process.stderr.write(`bench: ${what}\n`);
  step('the default run');
  const full = runCost('full run', [], REPEATS);
  step('the ceiling: a bare undici Pool against the reference server');
  const referenceGets = await referenceRate();
  step('where the time goes (one profiled run)');
  const profile = whereTimeGoes([
    'run',
    '--quiet',
    '--seed',
    '1',
    '--report-dir',
    join(root, 'reports/bench/profiled'),
  ]);
  step('growth with --runs');
  const runs2 = runCost(`runs ${2 * DEFAULT_RUNS}`, ['--runs', String(2 * DEFAULT_RUNS)], 1);
  const runs4 = runCost(`runs ${4 * DEFAULT_RUNS}`, ['--runs', String(4 * DEFAULT_RUNS)], 1);
  const marginalRate = (runs4.requests - full.requests) / (runs4.wallSeconds - full.wallSeconds);
  step('growth with existing data');
  const seeded = await seededRunCost(`seeded ${SEEDED}`, SEEDED, [], 1);
  const seeded10 = await seededRunCost(`seeded ${10 * SEEDED}`, 10 * SEEDED, [], 1);
  step('the reference server alone');
  const referenceCreates = await referenceCreateRate();
  const memoryAfter100k = await referenceMemoryAfter(100_000);
  const bareNodeGets = await ceilingRate();
  const cpuMicros = {
    get: await referenceCpuPerRequest(loads.get),
    create: await referenceCpuPerRequest(loads.create),
    rejected: await referenceCpuPerRequest(loads.rejected),
  };
  step(`the whole run through a ${DELAY_MS} ms delay`);
  const { verdicts: _f, ...delayedFull } = await delayedRun('delayed full', DELAY_MS, ['--seed', '1']);
  step(`the whole run through a ${DELAY_MS} ms delay at --concurrency ${WIDE_CONCURRENCY}`);
  const { verdicts: _w, ...delayedWide } = await delayedRun('delayed wide', DELAY_MS, [
    '--seed',
    '1',
    '--concurrency',
    String(WIDE_CONCURRENCY),
  ]);
  const pair = FULL_SERIAL ? [] : ['--part', '1'];
  step(`${FULL_SERIAL ? 'the whole run' : 'Part 1'} at --concurrency 1 and at the default, ${DELAY_MS} ms`);
  const serial = await delayedRun('delayed serial', DELAY_MS, ['--seed', '1', '--concurrency', '1', ...pair]);
  const concurrent = await delayedRun('delayed concurrent', DELAY_MS, ['--seed', '1', ...pair]);
  const differences = verdictDifferences(serial, concurrent);
  const { verdicts: _s, ...serialRow } = serial;
  const { verdicts: _c, ...concurrentRow } = concurrent;
  step('the mutation matrix');
  const mutation = timed(['mutation', '--report-dir', join(root, 'reports', 'bench', 'mutation')]);
  const bench: Bench = {
    machine: {
      cpus: cpus().length,
      model: cpus()[0]?.model ?? '',
      memoryGb: Math.round(totalmem() / 2 ** 30),
      node: process.version,
    },
    measuredAt: new Date().toISOString(),
    repeats: REPEATS,
    defaultRuns: DEFAULT_RUNS,
    full,
    ceiling: {
      referenceGets,
      share: full.requestsPerSecond / referenceGets,
      marginalRate,
      marginalShare: marginalRate / referenceGets,
    },
    profile,
    growth: { runs2, runs4, seeded, seeded10, seededCount: SEEDED },
    reference: {
      gets: referenceGets,
      creates: referenceCreates,
      memoryAfter100kMb: memoryAfter100k,
      bareNodeGets,
      cpuMicros,
    },
    mutation,
    delayed: {
      full: delayedFull,
      wide: delayedWide,
      serial: serialRow,
      concurrent: concurrentRow,
      pairSelection: FULL_SERIAL ? 'whole run' : 'Part 1',
      differences,
    },
  };
  mkdirSync(join(root, 'reports'), { recursive: true });
  writeFileSync(join(root, 'reports', 'bench.json'), `${JSON.stringify(bench, null, 2)}\n`);
  const markdown = table(bench);
  writeFileSync(join(root, 'reports', 'bench.md'), `${markdown}\n`);
  process.stdout.write(`${markdown}\n`);
}

await main();
