// The configuration of one conformance run as the suites see it: target, token, seed, mode, and the values the target decides (regions).

export type Mode = 'read-only' | 'safe' | 'full';

export interface RunConfig {
  baseUrl: string;
  betaUrl: string;
  token: string;
  seed: number;
  /** Generated cases per property. */
  runs: number;
  mode: Mode;
  strict: boolean;
  /** Prefix of every label the run creates, so cleanup finds its own resources. */
  labelPrefix: string;
  /** Region ids the target accepts; the first is used to create resources. */
  regions: string[];
  /** Image ids the target accepts (StackScripts, instances). */
  images: string[];
  /** Instance type ids the target accepts, cheapest first. */
  types: string[];
  /**
   * Mutation runs: reference servers each with one fault (or none: the clean control), and the
   * requirements to judge on each. The suite then judges those instead of the main target.
   */
  mutants?: Mutant[];
}

export interface Mutant {
  /** The fault switched on; '' for the clean server. */
  fault: string;
  baseUrl: string;
  betaUrl: string;
  token: string;
  requirements: string[];
}

/** Environment variable through which `cloudconf run` hands the configuration to the suite workers. */
export const RUN_CONFIG_ENV = 'CLOUDCONF_RUN_CONFIG';

export function runConfigFromEnv(): RunConfig {
  const raw = process.env[RUN_CONFIG_ENV];
  if (!raw) throw new Error(`${RUN_CONFIG_ENV} is not set: run the suites through \`cloudconf run\``);
  return JSON.parse(raw) as RunConfig;
}
