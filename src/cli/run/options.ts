// The options of one conformance run, as the command line, a configuration file or the programmatic API give them.

import type { Profile } from '../../../spec/profile.js';
import type { Level } from '../../../spec/types.js';
import type { Mode } from '../../target/config.js';
import type { Outcome } from '../../vocabulary/outcome.js';
import type { SafetyFlags } from '../run-guard.js';

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
