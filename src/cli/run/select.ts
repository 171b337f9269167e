// The phase that chooses what a run judges: the selection, less what the declared profile leaves out, in this shard, and the test-name pattern vitest filters by.

import { offersRequirement } from '../../../spec/profile.js';
import type { Requirement } from '../../../spec/types.js';
import { describeSelection, exactPattern, namePattern, selectRequirements } from '../selection.js';
import { type ShardSpec, splitIntoShards, suiteFileOf } from '../shard.js';
import type { ResolvedRun } from './resolve.js';

/** The requirements of a run: `all` reported, `judged` run, with the shard's suite files and vitest's pattern. */
export interface RunSelection {
  all: Requirement[];
  judged: Requirement[];
  shardFiles: string[];
  pattern: string | undefined;
}

/** The part of the selection in one shard (all of it without --shard), and the suite files of that shard. */
function inShard(all: Requirement[], judged: Requirement[], shard: ShardSpec | undefined) {
  if (!shard) return { all, judged, shardFiles: [] as string[] };
  const files = splitIntoShards(all, judged, shard.total)[shard.index - 1] ?? [];
  const mine = (r: Requirement) => files.includes(suiteFileOf(r));
  return { all: all.filter(mine), judged: judged.filter(mine), shardFiles: files };
}

/** What the run judges; undefined after a line saying so when the selection matches nothing. */
export function selectForRun(run: ResolvedRun, log: (line: string) => void): RunSelection | undefined {
  const { options, declared } = run;
  const ids = options.mutants ? [...new Set(options.mutants.flatMap((m) => m.requirements))] : options.ids;
  const { all: allSelected, judged: judgedSelected } = selectRequirements({ ...options, ...(ids ? { ids } : {}) });
  // What the declared profile leaves out is not run: its requirements are `not-offered` in the results.
  const offered = declared ? judgedSelected.filter((r) => offersRequirement(declared.profile, r)) : judgedSelected;
  const { all, judged, shardFiles } = inShard(allSelected, offered, run.shard);
  if (judgedSelected.length === 0) {
    // A selection that matches nothing would "pass" silently: a typo must not look like conformance.
    log(`cloudconf: no requirement matches ${describeSelection(options)} (--only takes an id or an id prefix)`);
    return undefined;
  }
  const pattern = offered.length < judgedSelected.length ? exactPattern(offered) : namePattern(options, judgedSelected);
  return { all, judged, shardFiles, pattern };
}
