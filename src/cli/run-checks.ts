// Checks what `cloudconf run` was given before anything heavy loads (vitest, the suites, the reference server): a token where a target needs one, the shard, the baseline files, and every --only and --exclude id, with "did you mean" for a mistyped one.

import { requirements } from '../../spec/index.js';
import { loadKnownState } from '../report/baseline.js';
import { resolveTarget } from '../target/config-file.js';
import { didYouMean, idPrefixes } from '../vocabulary/suggest.js';
import type { RunOptions } from './run.js';
import { describeSelection, selectRequirements, underAny } from './selection.js';
import { parseShard } from './shard.js';

const list = (value: string | string[] | undefined) => (value === undefined ? [] : [value].flat());

/** An --only or --exclude value that names no requirement, with the closest ids, areas or operations. */
function unknownId(flag: string, value: string, ids: readonly string[]): string | undefined {
  if (ids.some((id) => underAny(id, [value]))) return undefined;
  return `${flag} ${value} matches no requirement (${flag} takes a requirement id or an id prefix, such as vpcs or vpcs/create).${didYouMean(value, idPrefixes(ids))}`;
}

/**
 * The first problem with a run's options, as one line, or undefined when the run can start. The
 * configuration file has been read into `options` already; it is read again here for its target
 * (a ConfigError is the caller's to report).
 */
export function runProblem(options: RunOptions, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const target = resolveTarget(options, env);
  if (target.baseUrl && !target.token)
    return 'a token is needed for --base-url (--token, CLOUDCONF_TOKEN, or "token" in the configuration file)';
  if (options.shard !== undefined) {
    const shard = parseShard(options.shard);
    if (typeof shard === 'string') return shard;
  }
  try {
    loadKnownState(options.baseline, options.knownFailures);
  } catch (error) {
    return `cannot read the baseline: ${error instanceof Error ? error.message : String(error)}`;
  }
  const ids = requirements.map((r) => r.id);
  for (const value of list(options.only)) {
    const problem = unknownId('--only', value, ids);
    if (problem) return problem;
  }
  for (const value of options.exclude ?? []) {
    const problem = unknownId('--exclude', value, ids);
    if (problem) return problem;
  }
  if (selectRequirements(options).judged.length === 0)
    return `no requirement to judge matches ${describeSelection(options)} (excluded requirements are never judged)`;
  return undefined;
}
