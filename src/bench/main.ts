// `npm run bench`: measures what a conformance run costs and how it grows, where its time goes, the reference server's rates against the bare-client ceiling, the runs through the delay proxy, and the mutation matrix; writes reports/bench.json and reports/bench.md (BENCH_ONLY=delayed: the delayed rows alone, into reports/bench-delayed.*).

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
import { type Bench, DELAY_MS, type Delayed, delayedTable, FAR_DELAY_MS, table, WIDE_CONCURRENCY } from './table.js';

/** Samples of the default run; the growth and seeded runs are single samples (each takes minutes). */
const REPEATS = Number(process.env.BENCH_REPEATS ?? 3);
/** The --concurrency 1 run of the whole API at 50 ms takes about 18 minutes: Part 1 unless asked. */
const FULL_SERIAL = process.env.BENCH_FULL_SERIAL === '1';

/** Unrelated entities of each noise kind on the seeded server, and ten times that. */
const SEEDED = 30;

/** `delayed`: only the runs through the delay proxy (about 13 minutes), measured apart from the rest. */
const ONLY = process.env.BENCH_ONLY;

const step = (what: string) => process.stderr.write(`bench: ${what}\n`);

/** The runs through the delay proxy, each on a fresh `serve`. */
async function delayedRows(): Promise<Delayed> {
  const whole = async (label: string, delayMs: number, extra: string[] = []) => {
    step(`the whole run through a ${delayMs} ms delay${extra.length > 0 ? ` (${extra.join(' ')})` : ''}`);
    const { verdicts: _, ...row } = await delayedRun(label, delayMs, ['--seed', '1', ...extra]);
    return row;
  };
  const full = await whole('delayed full', DELAY_MS);
  const wide = await whole('delayed wide', DELAY_MS, ['--concurrency', String(WIDE_CONCURRENCY)]);
  const far = await whole('delayed far', FAR_DELAY_MS);
  const pair = FULL_SERIAL ? [] : ['--part', '1'];
  step(`${FULL_SERIAL ? 'the whole run' : 'Part 1'} at --concurrency 1 and at the default, ${DELAY_MS} ms`);
  const serial = await delayedRun('delayed serial', DELAY_MS, ['--seed', '1', '--concurrency', '1', ...pair]);
  const concurrent = await delayedRun('delayed concurrent', DELAY_MS, ['--seed', '1', ...pair]);
  const differences = verdictDifferences(serial, concurrent);
  const { verdicts: _s, ...serialRow } = serial;
  const { verdicts: _c, ...concurrentRow } = concurrent;
  return {
    full,
    wide,
    far,
    serial: serialRow,
    concurrent: concurrentRow,
    pairSelection: FULL_SERIAL ? 'whole run' : 'Part 1',
    differences,
  };
}

/** Writes `reports/<name>.json` and `.md`, and prints the Markdown. */
function write(name: string, data: unknown, markdown: string): void {
  mkdirSync(join(root, 'reports'), { recursive: true });
  writeFileSync(join(root, 'reports', `${name}.json`), `${JSON.stringify(data, null, 2)}\n`);
  writeFileSync(join(root, 'reports', `${name}.md`), `${markdown}\n`);
  process.stdout.write(`${markdown}\n`);
}

async function main(): Promise<void> {
  if (ONLY === 'delayed') {
    const delayed = await delayedRows();
    write(
      'bench-delayed',
      { measuredAt: new Date().toISOString(), node: process.version, delayed },
      delayedTable(delayed),
    );
    return;
  }
  if (ONLY !== undefined && ONLY !== '') throw new Error(`BENCH_ONLY takes delayed, not ${ONLY}`);
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
  const delayed = await delayedRows();
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
    delayed,
  };
  write('bench', bench, table(bench));
}

await main();
