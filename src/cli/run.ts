// `cloudconf run`: start the reference server when no target is given, run the conformance suites through vitest, write the reports, and return the exit code.

import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startVitest } from 'vitest/node';
import { exclusions, requirements } from '../../spec/index.js';
import type { Requirement } from '../../spec/types.js';
import type { RunCleanup } from '../cleanup/delete.js';
import { images, instanceTypes, regions } from '../reference/model/catalogue.js';
import { type RunningReference, startReferenceServer } from '../reference/server.js';
import { QueuedAllureReporter, retireResults } from '../report/allure-writer.js';
import { compareWithBaseline, loadKnownState } from '../report/baseline.js';
import { OutcomeCollector } from '../report/collector.js';
import { buildResults, exitCodeOf, type Results } from '../report/results.js';
import { jsonSummary, progressPrinter, terminalSummary, wantsColour } from '../report/terminal.js';
import { writeReports } from '../report/write.js';
import type { Outcome } from '../suite/outcome.js';
import { DEFAULT_CONCURRENCY, type Mode, RUN_CONFIG_ENV, type RunConfig } from '../target/config.js';
import { startLimiter } from '../target/limiter.js';
import { defaultMode } from '../target/mode.js';
import { TOOL_VERSION } from '../version.js';
import { localSockets } from './local-sockets.js';
import { moduleCacheOptions } from './module-cache.js';
import { checkSafetyFlags, cleanupLines, guardRun, type SafetyFlags, safetyConfig } from './run-guard.js';
import { parseShard, type ShardSpec, splitIntoShards, suiteFileOf } from './shard.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const require = createRequire(import.meta.url);

export interface RunOptions extends SafetyFlags {
  baseUrl?: string;
  betaUrl?: string;
  token?: string;
  reportDir: string;
  seed?: string;
  runs: string;
  only?: string;
  /** Only the requirements of one part of the documents (1, 2 or 3). */
  part?: string;
  mode?: Mode;
  strict?: boolean;
  region?: string[];
  image?: string[];
  type?: string[];
  deprecatedType?: string[];
  quiet?: boolean;
  /** Faults to switch on in the embedded reference server (mutation runs). */
  faults?: string[];
  /** Exact requirement ids to judge, instead of --only. */
  ids?: string[];
  /** Mutation runs: a reference server per fault ('' is the clean one), each judged on its requirements. */
  mutants?: { fault: string; faults?: string[]; requirements: string[] }[];
  /** Receives every outcome, keyed `<fault>|<id>` in mutation runs. */
  outcomes?: Map<string, Outcome>;
  /** Allure results (off for mutation runs, which nobody reads in Allure). */
  allure?: boolean;
  /** `i/n`: run only the i-th of n shards of the selection, split by suite file. */
  shard?: string;
  /** A results.json of an earlier run: only requirements that got worse fail this one. */
  baseline?: string;
  /** A file of known failures (`<id> <reason>` lines or a JSON object), the other form of a baseline. */
  knownFailures?: string;
  /** Print the results summary as JSON on stdout. */
  json?: boolean;
  /** Most requests in flight for the whole run, all workers together (default DEFAULT_CONCURRENCY; a tenth of --rate with it). */
  concurrency?: string;
}

/** Suite workers: tests mostly wait on the target, so two overlap well even on one core. */
const WORKERS = Number(process.env.CLOUDCONF_WORKERS ?? 2);

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function selected(only: string | undefined, ids: string[] | undefined, part?: string) {
  const excluded = new Set(exclusions.map((x) => x.requirement));
  const prefix = only?.endsWith('/') ? only : `${only}/`;
  const all = requirements.filter(
    (r) =>
      (ids ? ids.includes(r.id) : !only || r.id === only || r.id.startsWith(prefix)) &&
      (part === undefined || String(r.source.part) === part),
  );
  return { all, judged: all.filter((r) => !excluded.has(r.id)) };
}

/** The suite file of each area judged (DESIGN layout): vitest then loads only what the run needs. */
function suiteFiles(judged: Requirement[]): string[] {
  return [...new Set(judged.map(suiteFileOf))];
}

/** The part of the selection in one shard (all of it without --shard), and the suite files of that shard. */
function inShard(all: Requirement[], judged: Requirement[], shard: ShardSpec | undefined) {
  if (!shard) return { all, judged, shardFiles: [] as string[] };
  const files = splitIntoShards(all, judged, shard.total)[shard.index - 1] ?? [];
  const mine = (r: Requirement) => files.includes(suiteFileOf(r));
  return { all: all.filter(mine), judged: judged.filter(mine), shardFiles: files };
}

/** Titles start with `<id> [LEVEL]`, so a pattern anchored on the id and the bracket selects exact ids. */
function namePattern(options: RunOptions): string | undefined {
  if (options.ids) return `^(${options.ids.map(escapeRegExp).join('|')}) \\[`;
  return options.only ? `^${escapeRegExp(options.only)}` : undefined;
}

export async function run(options: RunOptions, log: (line: string) => void): Promise<number> {
  const checked = checkSafetyFlags(options, log);
  if (!checked) return 2;
  const results = await runSuite({ ...options, ...checked }, log);
  // An interrupted run judged only part of the selection: not a verdict on the target.
  if (results?.cleanup?.interrupted) return 2;
  return results ? exitCodeOf(results) : 2;
}

/** One conformance run; undefined when it could not start (a usage error, already reported). */
export async function runSuite(options: RunOptions, log: (line: string) => void): Promise<Results | undefined> {
  const startedAt = new Date();
  const shard = options.shard === undefined ? undefined : parseShard(options.shard);
  if (typeof shard === 'string') {
    log(`cloudconf: ${shard}`);
    return undefined;
  }
  let known: ReturnType<typeof loadKnownState>;
  try {
    known = loadKnownState(options.baseline, options.knownFailures);
  } catch (error) {
    log(`cloudconf: cannot read the baseline: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
  const token = options.token ?? process.env.CLOUDCONF_TOKEN;
  if (options.baseUrl && !token) {
    log('cloudconf: a token is needed for --base-url (--token or CLOUDCONF_TOKEN)');
    return undefined;
  }
  // Under --rate, requests overlap only as much as the rate needs (a tenth of a second's worth):
  // many paced requests waiting at once leave together when the machine stalls, past the rate.
  const concurrency =
    options.concurrency !== undefined
      ? Number(options.concurrency)
      : options.rate
        ? Math.min(DEFAULT_CONCURRENCY, Math.max(1, Math.ceil(Number(options.rate) / 10)))
        : DEFAULT_CONCURRENCY;
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    log('cloudconf: --concurrency takes a whole number of 1 or more');
    return undefined;
  }
  const sockets = localSockets();
  const reference = options.baseUrl
    ? undefined
    : await startReferenceServer({ port: 0, faults: options.faults ?? [], ...sockets.option('reference') });
  const guard = await guardRun(
    { reportDir: resolve(options.reportDir), ...(options.rate ? { rate: Number(options.rate) } : {}) },
    log,
  );
  const limiter = await startLimiter(concurrency);
  const seed = options.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(options.seed);
  const baseUrl = options.baseUrl ?? (reference?.baseUrl as string);
  const config: RunConfig = {
    baseUrl,
    betaUrl: options.betaUrl ?? reference?.betaUrl ?? baseUrl.replace(/\/v4$/, '/v4beta'),
    token: token ?? (reference?.token as string),
    seed,
    runs: Number(options.runs),
    mode: options.mode ?? defaultMode(baseUrl, reference !== undefined),
    strict: options.strict ?? false,
    ...safetyConfig(options, guard),
    regions: options.region?.length ? options.region : regions.map((r) => r.id),
    images: options.image?.length ? options.image : images.map((i) => i.id),
    types: options.type?.length ? options.type : instanceTypes.filter((t) => t.successor === null).map((t) => t.id),
    deprecatedTypes: options.deprecatedType?.length
      ? options.deprecatedType
      : reference
        ? instanceTypes.filter((t) => t.successor !== null).map((t) => t.id)
        : [],
    concurrency,
    limiterUrl: limiter.url,
  };
  const mutantServers = await Promise.all(
    (options.mutants ?? []).map((m, i) =>
      startReferenceServer({
        port: 0,
        faults: m.faults ?? (m.fault ? [m.fault] : []),
        ...sockets.option(`mutant-${i}`),
      }),
    ),
  );
  if (options.mutants) {
    config.mutants = options.mutants.map((m, i) => {
      const server = mutantServers[i] as RunningReference;
      return {
        fault: m.fault,
        requirements: m.requirements,
        baseUrl: server.baseUrl,
        betaUrl: server.betaUrl,
        token: server.token,
      };
    });
  }
  const local = sockets.byOrigin([...(reference ? [reference] : []), ...mutantServers]);
  if (Object.keys(local).length) config.sockets = local;
  process.env[RUN_CONFIG_ENV] = JSON.stringify(config);
  const { all: allSelected, judged: judgedSelected } = selected(
    options.only,
    options.mutants ? [...new Set(options.mutants.flatMap((m) => m.requirements))] : options.ids,
    options.part,
  );
  const { all, judged, shardFiles } = inShard(allSelected, judgedSelected, shard);
  if (judgedSelected.length === 0) {
    // A selection that matches nothing would "pass" silently: a typo must not look like conformance.
    log(
      `cloudconf: no requirement matches ${options.only ?? options.part ?? 'the selection'} (--only takes an id or an id prefix)`,
    );
    await guard.finish(config, false);
    await limiter.close();
    await reference?.close();
    await Promise.all(mutantServers.map((m) => m.close()));
    sockets.dispose();
    return undefined;
  }
  if (options.baseUrl && !options.quiet) {
    log(
      `cloudconf: mode ${config.mode}; at most ${concurrency} requests in flight${options.rate ? `, ${options.rate} per second` : ''}; what the run creates is labelled ${config.labelPrefix}-…`,
    );
  }
  const allure = options.allure ?? true;
  const retired = retireResults(join(resolve(options.reportDir), 'allure-results'));
  const tests = options.mutants ? options.mutants.reduce((n, m) => n + m.requirements.length, 0) : judged.length;
  const collector = new OutcomeCollector(tests, options.quiet ? () => {} : progressPrinter(log, process.stderr));
  let cleanup: RunCleanup | undefined;
  try {
    const vitest = await startVitest(
      'test',
      [],
      {
        config: false,
        root: repoRoot,
        watch: false,
        reporters: allure
          ? [collector, new QueuedAllureReporter(join(resolve(options.reportDir), 'allure-results'))]
          : [collector],
        ...(namePattern(options) && !options.mutants ? { testNamePattern: namePattern(options) } : {}),
        passWithNoTests: true,
      },
      {
        test: {
          include: suiteFiles(judged),
          exclude: ['suites/spec/**'],
          pool: 'threads',
          // Suite files share one module graph per worker: the spec, compiled validators and sessions load once, not per file.
          isolate: false,
          experimental: moduleCacheOptions(repoRoot),
          maxWorkers: WORKERS,
          // Tests of a file overlap (each keeps its own requests in order); the limiter caps what is in
          // flight. At --concurrency 1 they run one after another, as a target that needs it expects.
          sequence: { concurrent: concurrency > 1 },
          maxConcurrency: Math.max(1, concurrency),
          // A test shares the slots with every other test in flight: its bound grows with the run's concurrency.
          testTimeout: concurrency > 1 ? 600_000 : 120_000,
          setupFiles: allure ? [require.resolve('allure-vitest/setup')] : [],
        },
      },
    );
    await vitest.close();
  } finally {
    // The target's litter goes before anything else: on every way out, Ctrl-C and SIGTERM included.
    cleanup = await guard.finish(config, options.baseUrl !== undefined);
    await limiter.close();
    await reference?.close();
    await Promise.all(mutantServers.map((m) => m.close()));
    sockets.dispose();
    await retired;
  }
  for (const [key, outcome] of collector.outcomes) options.outcomes?.set(key, outcome);
  const requests = [...collector.outcomes.values()].reduce((n, o) => n + o.requests, 0);
  const retries = [...collector.outcomes.values()].reduce((n, o) => n + (o.retries ?? 0), 0);
  const results = buildResults(all, collector.outcomes, {
    version: TOOL_VERSION,
    baseUrl: options.baseUrl ?? 'reference server (in-process)',
    reference: reference !== undefined,
    seed,
    startedAt,
    strict: config.strict,
    requests,
  });
  results.concurrency = concurrency;
  if (shard) results.shard = { ...shard, files: shardFiles };
  if (cleanup) results.cleanup = cleanup;
  if (retries) results.summary.retries = retries;
  if (known) results.baseline = compareWithBaseline(results, known);
  writeReports(resolve(options.reportDir), results);
  if (options.json) process.stdout.write(`${JSON.stringify(jsonSummary(results, options.reportDir), null, 2)}\n`);
  else if (!options.quiet) log(terminalSummary(results, options.reportDir, wantsColour(process.stderr)));
  for (const line of cleanup ? cleanupLines(cleanup) : []) log(line);
  return results;
}
