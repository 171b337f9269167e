// `cloudconf run`: start the reference server when no target is given, run the conformance suites through vitest, write the reports, and return the exit code.

import { randomUUID } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { startVitest } from 'vitest/node';
import { requirementById } from '../../spec/index.js';
import { COMPLETE_PROFILE, offersRequirement, type Profile } from '../../spec/profile.js';
import type { Level, Requirement } from '../../spec/types.js';
import { probeUnseen } from '../harness/probe-unseen.js';
import { inertLine } from '../http/inert.js';
import { processRedactor } from '../http/redact.js';
import { openTally } from '../http/request-tally.js';
import { openWaitBudget } from '../http/wait-budget.js';
import { CODE_ROOT, MODULE_EXT } from '../package-root.js';
import { images, instanceTypes, regions } from '../reference/model/catalogue.js';
import type { Account } from '../reference/model/world.js';
import { seedNoise } from '../reference/noise.js';
import { type RunningReference, startReferenceServer } from '../reference/server.js';
import { retireResults, writeAllureResults } from '../report/allure-writer.js';
import { githubAnnotations, inGitHubActions } from '../report/annotations.js';
import { compareWithBaseline, knownFailuresFile, loadKnownState } from '../report/baseline.js';
import { OutcomeCollector } from '../report/collector.js';
import {
  markFinished,
  markIncomplete,
  markInProgress,
  messageOf,
  PhaseErrors,
  unjudgedAsErrors,
} from '../report/complete.js';
import { applyOfferEvidence, type OfferFindings } from '../report/offer.js';
import { stoppedAnswering } from '../report/progress.js';
import { encodingRevision, selectionOf, toolBuild } from '../report/provenance.js';
import { ReportDirRefused, refuseLinks } from '../report/report-dir.js';
import { buildResults, exitCodeOf, type Results, retryWaitSentence } from '../report/results.js';
import { jsonSummary, progressPrinter, terminalSummary, wantsColour } from '../report/terminal.js';
import { writeReports } from '../report/write.js';
import { DEFAULT_CONCURRENCY, type Mode, RUN_CONFIG_ENV, type RunConfig } from '../target/config.js';
import { ConfigError } from '../target/config-file.js';
import { startLimiter } from '../target/limiter.js';
import { defaultMode } from '../target/mode.js';
import { preflight } from '../target/preflight.js';
import { type DeclaredProfile, declaredProfile } from '../target/profile-file.js';
import { TOOL_VERSION } from '../version.js';
import type { OfferEvidence, Outcome } from '../vocabulary/outcome.js';
import { fileWeights, heaviestFirst } from './file-order.js';
import { localSockets } from './local-sockets.js';
import { userCacheDir, vitestCacheOptions } from './module-cache.js';
import { checkSafetyFlags, cleanupLines, guardRun, type SafetyFlags, safetyConfig } from './run-guard.js';
import { conventionAreas, describeSelection, exactPattern, namePattern, selectRequirements } from './selection.js';
import { parseShard, type ShardSpec, splitIntoShards, suiteFileOf } from './shard.js';
import { capMainYoungGeneration, capWorkerYoungGeneration } from './worker-heap.js';
import { testsPerWorker, workersFor } from './workers.js';

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
  /**
   * Mutation runs: a reference server per fault ('' is the clean one) or per set of conformant
   * variants, each judged on its requirements; `noise` seeds that many unrelated VPCs first.
   */
  mutants?: { fault: string; faults?: string[]; variants?: string[]; noise?: number; requirements: string[] }[];
  /** Receives every outcome, keyed `<fault>|<id>` in mutation runs. */
  outcomes?: Map<string, Outcome>;
  /** Allure results, built from results.json once the run is over (off for mutation runs, which nobody reads in Allure). */
  allure?: boolean;
  /** Print GitHub Actions annotations of the failures (the command line sets it inside GitHub Actions). */
  annotate?: boolean;
  /** `i/n`: run only the i-th of n shards of the selection, split by suite file. */
  shard?: string;
  /** A results.json of an earlier run: only requirements that got worse fail this one. */
  baseline?: string;
  /** A file of known failures (`<id> <reason>` lines or a JSON object), the other form of a baseline. */
  knownFailures?: string;
  /** Fail the run when the known-failures file says something no longer true. */
  strictKnownFailures?: boolean;
  /** Write a known-failures file from what this run found broken. */
  writeKnownFailures?: string;
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
  /** The target's support profile: a file (`--profile`), or the configuration file's member (a path or the profile). */
  profile?: string | Profile;
  /** The configuration file the options came from: a profile path in it is relative to it. */
  config?: string;
  /** This run's id in results.json and summary.md (`--run-id`); random when not given. */
  runId?: string;
  /** The most time, in ms, the whole run waits on Retry-After, all requests together (`--max-retry-wait`). */
  maxRetryWait?: string;
}

/** The profile of the embedded reference server and of a mutation run's servers: they offer the whole API. */
const REFERENCE_PROFILE: DeclaredProfile = {
  profile: COMPLETE_PROFILE,
  source: 'the embedded reference server, which offers the whole API',
};

/** Which catalogue values a run against a user's server takes from cloudconf's own catalogue, for want of flags. */
function guessedCatalogue(options: RunOptions): RunConfig['guessed'] | undefined {
  const guessed = {
    ...(options.region?.length ? {} : { regions: true }),
    ...(options.image?.length ? {} : { images: true }),
    ...(options.type?.length ? {} : { types: true }),
  };
  return Object.keys(guessed).length ? guessed : undefined;
}

/** The line that says so at the start of a run. */
function guessedLine(config: RunConfig): string | undefined {
  const g = config.guessed;
  if (!g) return undefined;
  const what = [
    g.regions ? `regions ${config.regions.join(', ')} (--region)` : '',
    g.images ? `images ${config.images.slice(0, 3).join(', ')}${config.images.length > 3 ? ', …' : ''} (--image)` : '',
    g.types ? `types ${config.types.slice(0, 3).join(', ')}${config.types.length > 3 ? ', …' : ''} (--type)` : '',
  ].filter(Boolean);
  return `cloudconf: guessing ${what.join('; ')} from cloudconf's built-in catalogue: give the flags with values your server accepts; where it refuses a guess, the requirements resting on it are error, not failures`;
}

/** The outcomes of each target of the run (one, or a mutation run's servers) with the run's evidence of what it offers applied. */
function withEvidence(outcomes: ReadonlyMap<string, Outcome>, profile: Profile | undefined, extra?: OfferEvidence) {
  const byTarget = new Map<string, Map<string, Outcome>>();
  for (const [key, o] of outcomes) {
    const target = o.fault ?? '';
    byTarget.set(target, (byTarget.get(target) ?? new Map()).set(key, o));
  }
  const all = new Map<string, Outcome>();
  let findings: OfferFindings = { served: [], notImplemented: [] };
  for (const [target, mine] of byTarget) {
    const applied = applyOfferEvidence(mine, profile, target === '' ? extra : undefined);
    for (const [key, o] of applied.outcomes) all.set(key, o);
    if (target === '') findings = applied.findings;
  }
  return { outcomes: all, findings };
}

/** Base URLs as the documents write `{base_url}`: operation paths start with a slash, so a trailing one would double it. */
function withoutTrailingSlashes(options: RunOptions): RunOptions {
  const trim = (url: string | undefined) => url?.replace(/\/+$/, '');
  return {
    ...options,
    ...(options.baseUrl ? { baseUrl: trim(options.baseUrl) } : {}),
    ...(options.betaUrl ? { betaUrl: trim(options.betaUrl) } : {}),
  };
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

/**
 * A run as the command line has it: `log` takes progress and diagnostics (stderr), `print` the
 * summary a person reads and GitHub's annotations (stdout).
 */
export async function run(
  options: RunOptions,
  log: (line: string) => void,
  print: (text: string) => void = log,
): Promise<number> {
  const checked = checkSafetyFlags(options, log);
  if (!checked) return 2;
  const results = await runSuite({ ...options, ...checked, annotate: inGitHubActions() }, log, print);
  // An interrupted run judged only part of the selection: not a verdict on the target.
  if (results?.cleanup?.interrupted) return 2;
  return results ? exitCodeOf(results) : 2;
}

/** One conformance run; undefined when it could not start (a usage error, already reported). The summary goes to `print`. */
export async function runSuite(
  given: RunOptions,
  log: (line: string) => void,
  print: (text: string) => void = log,
): Promise<Results | undefined> {
  const startedAt = new Date();
  const options = withoutTrailingSlashes(given);
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
  let declared: DeclaredProfile | undefined;
  try {
    declared = declaredProfile(options.profile, options.config);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    log(`cloudconf: ${error.message}`);
    return undefined;
  }
  if (!options.baseUrl && !declared) declared = REFERENCE_PROFILE;
  // Against a server of the user's, catalogue values not given are guesses: said at the start, and refusals of them are no verdict.
  const guessed = options.baseUrl ? guessedCatalogue(options) : undefined;
  const sockets = localSockets();
  const reference = options.baseUrl
    ? undefined
    : // Nobody reads the journal of a run's own server: it would only hold memory.
      await startReferenceServer({
        port: 0,
        faults: options.faults ?? [],
        journal: false,
        ...sockets.option('reference'),
      });
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
    ...(declared ? { profile: declared.profile } : {}),
    ...(guessed ? { guessed } : {}),
    ...(conventionAreas(options).length ? { areas: conventionAreas(options) } : {}),
  };
  const mutantServers = await Promise.all(
    (options.mutants ?? []).map(async (m, i) => {
      const server = await startReferenceServer({
        port: 0,
        faults: m.faults ?? (m.fault ? [m.fault] : []),
        journal: false,
        ...(m.variants ? { variants: m.variants } : {}),
        ...sockets.option(`mutant-${i}`),
      });
      if (m.noise) seedNoise(server.world.accounts.values().next().value as Account, m.noise, regions[0]?.id ?? '');
      return server;
    }),
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
  // What the declared profile leaves out is not run: its requirements are `not-offered` in the results.
  const offered = declared ? judgedSelected.filter((r) => offersRequirement(declared.profile, r)) : judgedSelected;
  const { all, judged, shardFiles } = inShard(allSelected, offered, shard);
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
  const unreachable = options.baseUrl ? await preflight(config, judged, timing) : undefined;
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
  const guessLine = guessedLine(config);
  if (guessLine && !options.quiet) log(guessLine);
  if (options.baseUrl && !options.quiet) {
    log(
      `cloudconf: mode ${config.mode}; at most ${concurrency} requests in flight${options.rate ? `, ${options.rate} per second` : ''} (${workers} suite workers); what the run creates is labelled ${config.labelPrefix}-…`,
    );
  }
  const pattern = offered.length < judgedSelected.length ? exactPattern(offered) : namePattern(options, judgedSelected);
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
        reporters: [collector],
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
          // Caches go to the user's cache directory: nothing is written into the package, whose files the build hash covers.
          ...vitestCacheOptions(userCacheDir()),
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
  // Lists no answer showed either way (a server that checks tokens before routes): one read each, with the token.
  const unseen =
    options.baseUrl && !guard.interrupted()
      ? await phases.settle('reading the lists no answer showed', () =>
          probeUnseen(config, judged, collector.outcomes.values()),
        )
      : undefined;
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
  const { outcomes, findings } = withEvidence(collector.outcomes, config.profile, unseen);
  for (const [key, outcome] of outcomes) options.outcomes?.set(key, outcome);
  const retries = [...outcomes.values()].reduce((n, o) => n + (o.retries ?? 0), 0);
  const results = buildResults(all, outcomes, {
    version: TOOL_VERSION,
    baseUrl: options.baseUrl ?? 'reference server (in-process)',
    reference: reference !== undefined,
    seed,
    startedAt,
    strict: config.strict,
    requests,
    ...(declared ? { profile: declared.profile } : {}),
  });
  const stopped = stoppedAnswering(outcomes.values());
  if (stopped) results.stopped = stopped;
  results.offer = {
    ...(declared ? { profile: declared.profile, profileSource: declared.source } : {}),
    ...findings,
  };
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
    const hygiene = results.baseline?.hygiene;
    if (hygiene && options.strictKnownFailures) hygiene.strict = true;
  });
  if (options.writeKnownFailures) {
    const path = options.writeKnownFailures;
    await phases.settle('writing the known-failures file', () =>
      writeFileSync(path, processRedactor.text(knownFailuresFile(results))),
    );
  }
  markIncomplete(results, phases.reasons);
  unjudgedAsErrors(results);
  const shown = processRedactor.deep(results);
  // Allure's results come from the results alone, after the run: no Allure work while the tests run.
  if (allure) {
    try {
      await writeAllureResults(reportDir, shown).retired;
    } catch (error) {
      markIncomplete(shown, [`writing the Allure results: ${messageOf(error)}`]);
    }
  }
  writeReports(reportDir, shown);
  markFinished(reportDir);
  for (const reason of shown.incomplete?.reasons ?? []) log(`cloudconf: the run is incomplete: ${inertLine(reason)}`);
  if (options.json) process.stdout.write(`${JSON.stringify(jsonSummary(shown, options.reportDir), null, 2)}\n`);
  else if (!options.quiet) print(terminalSummary(shown, options.reportDir, wantsColour(process.stdout)));
  for (const line of cleanup ? cleanupLines(cleanup) : []) log(line);
  // In GitHub Actions, failures become annotations; stdout is the JSON's under --json (the runner reads both streams).
  if (options.annotate) for (const line of githubAnnotations(shown, { fileOf })) (options.json ? log : print)(line);
  if (shown.retryWait?.reached) log(`cloudconf: ${retryWaitSentence(shown.retryWait)}`);
  return results;
}

/** The suite file of a requirement, as a path under the working directory (a clone's own CI), else none. */
function fileOf(id: string): string | undefined {
  const r = requirementById.get(id);
  if (!r) return undefined;
  const path = relative(process.cwd(), join(CODE_ROOT, suiteFileOf(r)));
  return path.startsWith('..') || path.includes('node_modules') || !existsSync(path) ? undefined : path;
}
