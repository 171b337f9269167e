// `cloudconf run`: start the reference server when no target is given, run the conformance suites through vitest, write the reports, and return the exit code.

import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { startVitest } from 'vitest/node';
import type { Level, Requirement } from '../../spec/types.js';
import { inertLine } from '../http/inert.js';
import { processRedactor } from '../http/redact.js';
import { openTally } from '../http/request-tally.js';
import { openWaitBudget } from '../http/wait-budget.js';
import { CODE_ROOT, MODULE_EXT } from '../package-root.js';
import { images, instanceTypes, regions } from '../reference/model/catalogue.js';
import { type RunningReference, startReferenceServer } from '../reference/server.js';
import { QueuedAllureReporter, retireResults } from '../report/allure-writer.js';
import { compareWithBaseline, loadKnownState } from '../report/baseline.js';
import { OutcomeCollector } from '../report/collector.js';
import { markFinished, markIncomplete, markInProgress, PhaseErrors, unjudgedAsErrors } from '../report/complete.js';
import { encodingRevision, selectionOf, toolBuild } from '../report/provenance.js';
import { ReportDirRefused, refuseLinks } from '../report/report-dir.js';
import { buildResults, exitCodeOf, type Results, retryWaitSentence } from '../report/results.js';
import { jsonSummary, progressPrinter, terminalSummary, wantsColour } from '../report/terminal.js';
import { writeReports } from '../report/write.js';
import { DEFAULT_CONCURRENCY, type Mode, RUN_CONFIG_ENV, type RunConfig } from '../target/config.js';
import { startLimiter } from '../target/limiter.js';
import { defaultMode } from '../target/mode.js';
import { preflight } from '../target/preflight.js';
import { TOOL_VERSION } from '../version.js';
import type { Outcome } from '../vocabulary/outcome.js';
import { fileWeights, heaviestFirst } from './file-order.js';
import { localSockets } from './local-sockets.js';
import { moduleCacheOptions } from './module-cache.js';
import { checkSafetyFlags, cleanupLines, guardRun, type SafetyFlags, safetyConfig } from './run-guard.js';
import { describeSelection, namePattern, selectRequirements } from './selection.js';
import { parseShard, type ShardSpec, splitIntoShards, suiteFileOf } from './shard.js';
import { capMainYoungGeneration, capWorkerYoungGeneration } from './worker-heap.js';
import { testsPerWorker, workersFor } from './workers.js';

const require = createRequire(import.meta.url);

export interface RunOptions extends SafetyFlags {
  baseUrl?: string;
  betaUrl?: string;
  token?: string;
  reportDir: string;
  seed?: string;
  runs: string;
  /** Ids or id prefixes, the union of all (`--only`, repeatable). */
  only?: string | string[];
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
  /** Id prefixes left out (`--exclude`, repeatable). */
  exclude?: string[];
  /** Only requirements of this level. */
  level?: Level;
  /** Headers sent with every request (`--header`). */
  header?: Record<string, string>;
  /** Most requests in flight for the whole run, all workers together (default DEFAULT_CONCURRENCY; a tenth of --rate with it). */
  concurrency?: string;
  /** This run's id in results.json and summary.md (`--run-id`); random when not given. */
  runId?: string;
  /** The most time, in ms, the whole run waits on Retry-After, all requests together (`--max-retry-wait`). */
  maxRetryWait?: string;
}

/** The suite file of each area judged (DESIGN layout): vitest then loads only what the run needs. */
function suiteFiles(judged: Requirement[]): string[] {
  return [...new Set(judged.map(suiteFileOf))].map((f) => f.replace(/\.ts$/, MODULE_EXT));
}

/** The part of the selection in one shard (all of it without --shard), and the suite files of that shard. */
function inShard(all: Requirement[], judged: Requirement[], shard: ShardSpec | undefined) {
  if (!shard) return { all, judged, shardFiles: [] as string[] };
  const files = splitIntoShards(all, judged, shard.total)[shard.index - 1] ?? [];
  const mine = (r: Requirement) => files.includes(suiteFileOf(r));
  return { all: all.filter(mine), judged: judged.filter(mine), shardFiles: files };
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
  // Every secret the run knows goes to the process redactor: what this process prints and writes hides it.
  for (const secret of [token, options.credentials?.otherAccount?.token, ...Object.values(options.header ?? {})])
    if (secret) processRedactor.add(secret);
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
  // Nothing is written through a link planted at one of the run's names, and nothing of another's is removed.
  try {
    refuseLinks(resolve(options.reportDir));
  } catch (error) {
    if (!(error instanceof ReportDirRefused)) throw error;
    log(`cloudconf: ${error.message}`);
    return undefined;
  }
  const sockets = localSockets();
  const reference = options.baseUrl
    ? undefined
    : await startReferenceServer({ port: 0, faults: options.faults ?? [], ...sockets.option('reference') });
  const baseUrl = options.baseUrl ?? (reference?.baseUrl as string);
  const betaUrl = options.betaUrl ?? reference?.betaUrl ?? baseUrl.replace(/\/v4$/, '/v4beta');
  const guard = await guardRun(
    {
      reportDir: resolve(options.reportDir),
      baseUrl,
      betaUrl,
      ...(options.rate ? { rate: Number(options.rate) } : {}),
    },
    log,
  );
  const limiter = await startLimiter(concurrency);
  const seed = options.seed === undefined ? Math.floor(Math.random() * 2 ** 31) : Number(options.seed);
  const config: RunConfig = {
    baseUrl,
    betaUrl,
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
    ...(options.header && Object.keys(options.header).length ? { headers: options.header } : {}),
    concurrency,
    limiter: limiter.id,
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
  const ids = options.mutants ? [...new Set(options.mutants.flatMap((m) => m.requirements))] : options.ids;
  const { all: allSelected, judged: judgedSelected } = selectRequirements({ ...options, ...(ids ? { ids } : {}) });
  const { all, judged, shardFiles } = inShard(allSelected, judgedSelected, shard);
  if (judgedSelected.length === 0) {
    // A selection that matches nothing would "pass" silently: a typo must not look like conformance.
    log(`cloudconf: no requirement matches ${describeSelection(options)} (--only takes an id or an id prefix)`);
    await guard.finish(config, false);
    await limiter.close();
    await reference?.close();
    await Promise.all(mutantServers.map((m) => m.close()));
    sockets.dispose();
    return undefined;
  }
  // Every client of the run (worker threads and the cleanup included) counts its requests here.
  const tally = openTally();
  // Every client of the run draws its Retry-After waits from one budget: a target cannot stretch the run past it.
  const waits = openWaitBudget(options.maxRetryWait === undefined ? undefined : Number(options.maxRetryWait));
  const timing: { roundTripMs?: number } = {};
  const unreachable = options.baseUrl ? await preflight(config, timing) : undefined;
  const workers = workersFor(process.env.CLOUDCONF_WORKERS, concurrency, timing.roundTripMs);
  const stoppedEarly = guard.interrupted();
  if (unreachable || stoppedEarly) {
    log(`cloudconf: ${unreachable ?? `${stoppedEarly} before any requirement was judged`}`);
    await guard.finish(config, false);
    await limiter.close();
    tally.dispose();
    waits.dispose();
    sockets.dispose();
    return undefined;
  }
  if (options.baseUrl && !options.quiet) {
    log(
      `cloudconf: mode ${config.mode}; at most ${concurrency} requests in flight${options.rate ? `, ${options.rate} per second` : ''} (${workers} suite workers); what the run creates is labelled ${config.labelPrefix}-…`,
    );
  }
  const pattern = namePattern(options, judgedSelected);
  const allure = options.allure ?? true;
  const reportDir = resolve(options.reportDir);
  markInProgress(reportDir, startedAt);
  const retired = retireResults(join(reportDir, 'allure-results'));
  if (retired.foreign)
    log(
      `cloudconf: ${join(reportDir, 'allure-results')} holds ${retired.foreign} file(s) cloudconf did not write: left where they are (Allure reads them with this run's)`,
    );
  const tests = options.mutants ? options.mutants.reduce((n, m) => n + m.requirements.length, 0) : judged.length;
  const collector = new OutcomeCollector(tests, options.quiet ? () => {} : progressPrinter(log, process.stderr));
  // Every phase runs to its end and an error in one is a reason the run is incomplete, never a lost report.
  const phases = new PhaseErrors();
  await phases.settle('suites', async () => {
    capWorkerYoungGeneration();
    capMainYoungGeneration();
    const vitest = await startVitest(
      'test',
      [],
      {
        config: false,
        root: CODE_ROOT,
        watch: false,
        reporters: allure
          ? [
              collector,
              new QueuedAllureReporter(join(reportDir, 'allure-results'), (id) => collector.outcomes.get(id)?.verdict),
            ]
          : [collector],
        ...(pattern && !options.mutants ? { testNamePattern: pattern } : {}),
        passWithNoTests: true,
      },
      {
        test: {
          include: suiteFiles(judged),
          exclude: ['suites/encoding/**'],
          pool: 'threads',
          // Suite files share one module graph per worker: the spec, compiled validators and sessions load once, not per file.
          isolate: false,
          ...moduleCacheOptions(CODE_ROOT),
          maxWorkers: workers,
          // Tests of a file overlap (each keeps its own requests in order); the limiter caps what is in
          // flight. At --concurrency 1 they run one after another, as a target that needs it expects.
          // Heaviest files first, from the spec: vitest's own order follows its cache of earlier runs.
          sequence: {
            concurrent: concurrency > 1,
            sequencer: heaviestFirst(fileWeights(judged, testsPerWorker(concurrency, workers)), CODE_ROOT),
          },
          maxConcurrency: testsPerWorker(concurrency, workers),
          // A test shares the slots with every other test in flight: its bound grows with the run's concurrency.
          testTimeout: concurrency > 1 ? 600_000 : 120_000,
          // A file's cleanup deletes what its tests made, one request at a time: at 50 ms a request
          // that is longer than vitest's 10 s, and the file would count as broken.
          hookTimeout: concurrency > 1 ? 600_000 : 120_000,
          setupFiles: allure ? [require.resolve('allure-vitest/setup')] : [],
        },
      },
    );
    // A suite file that could not load, or a hook that threw, reports no outcomes: that is a broken run, not skipped requirements.
    const fileErrors = vitest.state
      .getFiles()
      .flatMap((f) => (f.result?.errors ?? []).map((e) => `${f.name}: ${e.message ?? String(e)}`));
    const unhandled = vitest.state.getUnhandledErrors().map((e) => (e instanceof Error ? e.message : String(e)));
    await vitest.close();
    const errors = [...fileErrors, ...unhandled];
    if (errors.length)
      throw new Error(errors.slice(0, 3).join('; ') + (errors.length > 3 ? ` (and ${errors.length - 3} more)` : ''));
  });
  // The target's litter goes before anything else: on every way out, Ctrl-C and SIGTERM included.
  const cleanup = await phases.settle('cleanup', () => guard.finish(config, options.baseUrl !== undefined));
  if (cleanup?.error) phases.reasons.push(`cleanup: ${cleanup.error}`);
  const requests = tally.total();
  tally.dispose();
  waits.dispose();
  await phases.settle('stopping the servers', async () => {
    await limiter.close();
    await reference?.close();
    await Promise.all(mutantServers.map((m) => m.close()));
    sockets.dispose();
    await retired.done;
  });
  for (const [key, outcome] of collector.outcomes) options.outcomes?.set(key, outcome);
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
  results.runId = options.runId ?? randomUUID();
  if (shard) results.shard = { ...shard, files: shardFiles };
  await phases.settle('recording the provenance', () => {
    results.tool.build = toolBuild();
    results.provenance = {
      encoding: encodingRevision(),
      selection: selectionOf(options as unknown as Record<string, unknown>),
      mode: config.mode,
      runs: config.runs,
      concurrency,
      betaUrl: options.baseUrl ? config.betaUrl : 'reference server (in-process)',
      endedAt: new Date().toISOString(),
      node: process.version,
      platform: `${process.platform}-${process.arch}`,
    };
  });
  if (cleanup) results.cleanup = cleanup;
  if (retries) results.summary.retries = retries;
  if (waits.waitedMs() || waits.reached())
    results.retryWait = { waitedMs: waits.waitedMs(), budgetMs: waits.budgetMs, reached: waits.reached() };
  await phases.settle('comparing with the baseline', () => {
    if (known) results.baseline = compareWithBaseline(results, known);
  });
  markIncomplete(results, phases.reasons);
  unjudgedAsErrors(results);
  const shown = processRedactor.deep(results);
  writeReports(reportDir, shown);
  markFinished(reportDir);
  for (const reason of shown.incomplete?.reasons ?? []) log(`cloudconf: the run is incomplete: ${inertLine(reason)}`);
  if (options.json) process.stdout.write(`${JSON.stringify(jsonSummary(shown, options.reportDir), null, 2)}\n`);
  else if (!options.quiet) log(terminalSummary(shown, options.reportDir, wantsColour(process.stderr)));
  for (const line of cleanup ? cleanupLines(cleanup) : []) log(line);
  if (shown.retryWait?.reached) log(`cloudconf: ${retryWaitSentence(shown.retryWait)}`);
  return results;
}
