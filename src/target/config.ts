// The configuration of one conformance run as the suites see it: target, token, seed, mode, and the values the target decides (regions).

import type { Profile } from '../../spec/profile.js';

export type Mode = 'read-only' | 'safe' | 'full';

export interface RunConfig {
  baseUrl: string;
  betaUrl: string;
  token: string;
  seed: number;
  /** Generated cases per property. */
  runs: number;
  mode: Mode;
  /** In safe mode, also send billed operations that are neither irreversible nor account-wide (instances). */
  allowBilling?: boolean;
  strict: boolean;
  /** Prefix of every label the run creates, so cleanup finds its own resources. */
  labelPrefix: string;
  /** Region ids the target accepts; the first is used to create resources. */
  regions: string[];
  /** Image ids the target accepts (StackScripts, instances). */
  images: string[];
  /** Instance type ids the target accepts, cheapest first. */
  types: string[];
  /** Deprecated instance type ids the target still creates instances of, each with an upgrade (mutate). */
  deprecatedTypes?: string[];
  /** Per-request deadline and response size cap of the HTTP client. */
  timeoutMs?: number;
  maxResponseBytes?: number;
  /** URL of the run's pacer (`--rate`): every request of every worker waits for its turn there. */
  pacerUrl?: string;
  /** JSON-lines file where workers record what they create and delete, for the cleanup at the end. */
  journalPath?: string;
  /** A file whose existence means the run was interrupted: workers send nothing more. */
  stopPath?: string;
  /**
   * Unix sockets of the servers the run started itself, by origin: requests to those origins go
   * through the socket, which costs less CPU than loopback TCP. The URLs stay the TCP ones.
   */
  sockets?: Record<string, string>;
  /** Extra credentials from the configuration file (e.g. the owner of a second account). */
  credentials?: ConfiguredCredentials;
  /**
   * Mutation runs: reference servers each with one fault (or none: the clean control), and the
   * requirements to judge on each. The suite then judges those instead of the main target.
   */
  mutants?: Mutant[];
  /** Headers sent with every request (`--header NAME:VALUE`, for gateways); redacted like the token. */
  headers?: Record<string, string>;
  /** A PEM file of certificate authorities to trust for the target besides the machine's (`--ca`). */
  caFile?: string;
  /** Most requests in flight for the whole run (`--concurrency`), and the limiter every worker asks for a slot. */
  concurrency?: number;
  limiter?: string;
  /** The target's declared support profile: what it leaves out is `not-offered`, and never sent. */
  profile?: Profile;
  /** Which catalogue values were guessed from cloudconf's own catalogue (none given, and the target is not the reference server). */
  guessed?: { regions?: boolean; images?: boolean; types?: boolean };
  /** The areas a selection of whole areas names (`--only vpcs`): the conventions are judged through their operations. */
  areas?: string[];
}

export interface ConfiguredCredentials {
  /** The owner of a second, separate account (isolation, transfers). */
  otherAccount?: { token: string; username: string };
}

export interface Mutant {
  /** The fault switched on; '' for the clean server. */
  fault: string;
  baseUrl: string;
  betaUrl: string;
  token: string;
  requirements: string[];
}

/**
 * Generated cases per property by default: each rule gets its boundary cases plus this many
 * seeded values further out, which puts a whole run past 20,000 requests in well under a minute.
 */
export const DEFAULT_RUNS = 24;

/**
 * Requests in flight for the whole run by default: enough to keep a target 50 ms away busy; a
 * fragile or rate-limited target takes a lower `--concurrency` (and `--rate`).
 */
export const DEFAULT_CONCURRENCY = 32;

/** Environment variable through which `cloudconf run` hands the configuration to the suite workers. */
export const RUN_CONFIG_ENV = 'CLOUDCONF_RUN_CONFIG';

export function runConfigFromEnv(): RunConfig {
  const raw = process.env[RUN_CONFIG_ENV];
  if (!raw) throw new Error(`${RUN_CONFIG_ENV} is not set: run the suites through \`cloudconf run\``);
  return JSON.parse(raw) as RunConfig;
}
