// The first phase of a run: the options checked and resolved (shard, baseline, token, concurrency, report directory, profile, guessed catalogue) before anything starts.

import { resolve } from 'node:path';
import { COMPLETE_PROFILE } from '../../../spec/profile.js';
import { processRedactor } from '../../http/redact.js';
import { type KnownState, loadKnownState } from '../../report/baseline.js';
import { ReportDirRefused, refuseLinks } from '../../report/report-dir.js';
import { DEFAULT_CONCURRENCY, type RunConfig } from '../../target/config.js';
import { ConfigError } from '../../target/config-file.js';
import { type DeclaredProfile, declaredProfile } from '../../target/profile-file.js';
import { parseShard, type ShardSpec } from '../shard.js';
import type { RunOptions } from './options.js';

/** What the rest of the run reads of its options once they are checked; nothing in it changes afterwards. */
export interface ResolvedRun {
  options: RunOptions;
  shard: ShardSpec | undefined;
  known: KnownState | undefined;
  token: string | undefined;
  concurrency: number;
  declared: DeclaredProfile | undefined;
  guessed: RunConfig['guessed'] | undefined;
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

/** Base URLs as the documents write `{base_url}`: operation paths start with a slash, so a trailing one would double it. */
function withoutTrailingSlashes(options: RunOptions): RunOptions {
  const trim = (url: string | undefined) => url?.replace(/\/+$/, '');
  return {
    ...options,
    ...(options.baseUrl ? { baseUrl: trim(options.baseUrl) } : {}),
    ...(options.betaUrl ? { betaUrl: trim(options.betaUrl) } : {}),
  };
}

/** Under --rate, requests overlap only as much as the rate needs (a tenth of a second's worth): many paced requests waiting at once leave together when the machine stalls, past the rate. */
function concurrencyOf(options: RunOptions): number {
  if (options.concurrency !== undefined) return Number(options.concurrency);
  return options.rate
    ? Math.min(DEFAULT_CONCURRENCY, Math.max(1, Math.ceil(Number(options.rate) / 10)))
    : DEFAULT_CONCURRENCY;
}

/**
 * The run's options checked and resolved, in the order a person would fix them; undefined after
 * one line saying what is wrong (a usage error: nothing started, nothing written).
 */
export function resolveRun(given: RunOptions, log: (line: string) => void): ResolvedRun | undefined {
  const options = withoutTrailingSlashes(given);
  const shard = options.shard === undefined ? undefined : parseShard(options.shard);
  if (typeof shard === 'string') {
    log(`cloudconf: ${shard}`);
    return undefined;
  }
  let known: KnownState | undefined;
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
  const concurrency = concurrencyOf(options);
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
  return { options, shard, known, token, concurrency, declared, guessed };
}
