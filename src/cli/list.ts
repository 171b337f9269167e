// `cloudconf run --list`: what a selection would judge, and what its mode or the exclusions would leave out and why, without sending anything.

import { exclusions, operationOf } from '../../spec/index.js';
import type { Mode } from '../target/config.js';
import { modeRefusal } from '../target/mode.js';
import { type SelectionFlags, selectRequirements } from './selection.js';

/** One line per requirement selected (`judge`, `skip` with the mode's reason, `excluded` with why), then the counts. */
export function listLines(flags: SelectionFlags, mode: Mode, allowBilling: boolean): string[] {
  const { all } = selectRequirements(flags);
  const excluded = new Map(exclusions.map((x) => [x.requirement, x.reason]));
  const counts = { judge: 0, skip: 0, excluded: 0 };
  const lines = all.map((r) => {
    const why = excluded.get(r.id);
    if (why !== undefined) {
      counts.excluded += 1;
      return `excluded  ${r.id} [${r.level}]: ${why}`;
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
    `${all.length} selected in mode ${mode}: ${counts.judge} judged, ${counts.skip} skipped by the mode, ${counts.excluded} excluded; nothing was sent`,
  );
  return lines;
}
