// The phase that weighs what the run saw of the target's offer: lists no answer showed read once each, and the evidence applied to each target's outcomes.

import type { Profile } from '../../../spec/profile.js';
import type { Requirement } from '../../../spec/types.js';
import { probeUnseen } from '../../harness/probe-unseen.js';
import type { PhaseErrors } from '../../report/complete.js';
import { applyOfferEvidence, type OfferFindings } from '../../report/offer.js';
import type { OfferEvidence, Outcome } from '../../vocabulary/outcome.js';
import type { RunOptions } from './options.js';
import type { RunTargets } from './targets.js';

/** Lists no answer showed either way (a server that checks tokens before routes): one read each, with the token. */
export async function readUnseenLists(
  phases: PhaseErrors,
  options: RunOptions,
  targets: RunTargets,
  judged: readonly Requirement[],
  outcomes: ReadonlyMap<string, Outcome>,
): Promise<OfferEvidence | undefined> {
  return options.baseUrl && !targets.guard.interrupted()
    ? await phases.settle('reading the lists no answer showed', () =>
        probeUnseen(targets.config, judged, outcomes.values()),
      )
    : undefined;
}

/**
 * The outcomes of each target of the run (one, or a mutation run's servers) with the run's evidence
 * of what it offers applied, each also handed to `receiver` (a mutation run's map); the findings are
 * those of the run's own target.
 */
export function withEvidence(
  outcomes: ReadonlyMap<string, Outcome>,
  profile: Profile | undefined,
  extra: OfferEvidence | undefined,
  receiver?: Map<string, Outcome>,
): { outcomes: Map<string, Outcome>; findings: OfferFindings } {
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
  for (const [key, outcome] of all) receiver?.set(key, outcome);
  return { outcomes: all, findings };
}
