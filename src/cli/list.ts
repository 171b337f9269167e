// `cloudconf run --list`: what a selection would judge, and what its mode, the declared profile or the exclusions would leave out and why, without sending anything.

import { exclusions, operationOf } from '../../spec/index.js';
import { offersRequirement } from '../../spec/profile.js';
import type { Mode } from '../target/config.js';
import { modeRefusal } from '../target/mode.js';
import type { DeclaredProfile } from '../target/profile-file.js';
import { type SelectionFlags, selectRequirements } from './selection.js';

/**
 * One line per requirement selected (`judge`, `skip` with the mode's reason, `not-offered` outside the
 * declared profile, `excluded` with why), then the counts and what only the run can tell.
 */
export function listLines(
  flags: SelectionFlags,
  mode: Mode,
  allowBilling: boolean,
  profile?: DeclaredProfile,
): string[] {
  const { all } = selectRequirements(flags);
  const excluded = new Map(exclusions.map((x) => [x.requirement, x.reason]));
  const counts = { judge: 0, skip: 0, notOffered: 0, excluded: 0 };
  const lines = all.map((r) => {
    const why = excluded.get(r.id);
    if (why !== undefined) {
      counts.excluded += 1;
      return `excluded  ${r.id} [${r.level}]: ${why}`;
    }
    if (profile && !offersRequirement(profile.profile, r)) {
      counts.notOffered += 1;
      return `not-offered ${r.id} [${r.level}]: the profile ${profile.source} does not offer it`;
    }
    const op = operationOf(r);
    const refusal = op ? modeRefusal({ mode, allowBilling }, op) : undefined;
    if (refusal) {
      counts.skip += 1;
      return `skip      ${r.id} [${r.level}]: ${refusal}`;
    }
    counts.judge += 1;
    return `judge     ${r.id} [${r.level}]`;
  });
  lines.push(
    `${all.length} selected in mode ${mode}: ${counts.judge} judged, ${counts.skip} skipped by the mode, ${counts.notOffered} not offered, ${counts.excluded} excluded; nothing was sent`,
    // What only the target can tell: a precondition it lacks, an operation it answers as not implemented.
    'a requirement marked judge can still end skipped (a precondition the target lacks: the control interface, a second account, a value only it issues) or not-implemented (its operation answered 501, 405, or 404 without parameters); the run gives each reason',
  );
  return lines;
}
