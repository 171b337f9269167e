// The phase that starts what a run talks to (the embedded reference server or a mutation run's servers, the guard, the limiter) and writes the run configuration the suite workers read.

import { resolve } from 'node:path';
import { images, instanceTypes, regions } from '../../reference/model/catalogue.js';
import type { Account } from '../../reference/model/world.js';
import type { RunningReference } from '../../reference/server.js';
import { RUN_CONFIG_ENV, type RunConfig } from '../../target/config.js';
import { type Limiter, startLimiter } from '../../target/limiter.js';
import { defaultMode } from '../../target/mode.js';
import { type LocalSockets, localSockets } from '../local-sockets.js';
import { guardRun, type RunGuard, safetyConfig } from '../run-guard.js';
import { conventionAreas } from '../selection.js';
import type { RunOptions } from './options.js';
import type { ResolvedRun } from './resolve.js';

/** What a run started and must stop on every way out, with the configuration its workers read. */
export interface RunTargets {
  config: RunConfig;
  seed: number;
  reference: RunningReference | undefined;
  mutantServers: RunningReference[];
  sockets: LocalSockets;
  guard: RunGuard;
  limiter: Limiter;
}

/** A mutation run's reference servers, one per fault or set of variants, each with its noise seeded. */
async function startMutantServers(options: RunOptions, sockets: LocalSockets): Promise<RunningReference[]> {
  if (!options.mutants?.length) return [];
  const [{ startReferenceServer }, { seedNoise }] = await Promise.all([
    import('../../reference/server.js'),
    import('../../reference/noise.js'),
  ]);
  return Promise.all(
    options.mutants.map(async (m, i) => {
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
}

/** Starts the run's servers, guard and limiter, and puts the run configuration in the environment (RUN_CONFIG_ENV). */
export async function startTargets(run: ResolvedRun, log: (line: string) => void): Promise<RunTargets> {
  const { options, token, concurrency, declared, guessed } = run;
  const sockets = localSockets();
  const reference = options.baseUrl
    ? undefined
    : // Loaded only for a run that embeds it (a run against --base-url never needs its ~100 modules).
      // Nobody reads the journal of a run's own server: it would only hold memory.
      await (await import('../../reference/server.js')).startReferenceServer({
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
  const mutantServers = await startMutantServers(options, sockets);
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
  return { config, seed, reference, mutantServers, sockets, guard, limiter };
}

/** Stops the servers, the limiter and the sockets, one after another as a run always has. */
export async function stopServers(targets: RunTargets): Promise<void> {
  await targets.limiter.close();
  await targets.reference?.close();
  await Promise.all(targets.mutantServers.map((m) => m.close()));
  targets.sockets.dispose();
}

/** Ends a run that judged nothing (its selection matched nothing): the guard finishes without cleaning, every server stops. */
export async function stopBeforeJudging(targets: RunTargets): Promise<undefined> {
  await targets.guard.finish(targets.config, false);
  await stopServers(targets);
  return undefined;
}
