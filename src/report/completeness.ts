// Whether a run judged everything it claims: the whole API, or everything its declared support profile offers (issue 27: complete for its profile).

import { exclusions, requirements } from '../../spec/index.js';
import { COMPLETE_PROFILE, offersRequirement, type Profile } from '../../spec/profile.js';
import { selectsAll } from './provenance.js';
import type { Results } from './results.js';

/** Requirements the profile offers that a run must hold to be complete for it (exclusions are never judged). */
export function requirementsOffered(profile: Profile): string[] {
  const excluded = new Set(exclusions.map((x) => x.requirement));
  return requirements.filter((r) => !excluded.has(r.id) && offersRequirement(profile, r)).map((r) => r.id);
}

/** Whether a profile leaves nothing of the API out. */
export const offersEverything = (profile: Profile): boolean =>
  requirementsOffered(profile).length === requirementsOffered(COMPLETE_PROFILE).length;

/**
 * Why a run is not complete (none when it is): a selection narrowed it (with a declared profile:
 * it left out requirements the profile offers), a mode that skips, an error, an interruption, a
 * shard. A run with a profile that leaves areas out is complete *for its profile*.
 */
export function partialBecause(results: Results): string[] {
  const p = results.provenance;
  if (!p) return ['the run recorded no provenance'];
  const why: string[] = [];
  const profile = results.offer?.profile;
  if (profile) {
    const held = new Set(results.requirements.map((r) => r.id));
    const left = requirementsOffered(profile).filter((id) => !held.has(id));
    if (left.length)
      why.push(
        `the run left out ${left.length} requirement(s) its profile offers (${left.slice(0, 3).join(', ')}${left.length > 3 ? ', …' : ''})`,
      );
  } else if (!selectsAll(p.selection)) why.push('a selection narrowed the run');
  if (p.mode !== 'full' && p.mode !== 'safe') why.push(`mode ${p.mode}`);
  if (results.summary.error > 0) why.push(`${results.summary.error} requirement(s) in error`);
  if (results.incomplete) why.push('the run did not complete');
  if (results.shard) why.push('one shard of a run');
  return why;
}

/** What a complete run is complete for: the whole API, or its profile (a profile that leaves something out). */
export function completeFor(results: Results): 'the whole API' | 'its profile' {
  const profile = results.offer?.profile;
  return profile && !offersEverything(profile) ? 'its profile' : 'the whole API';
}
