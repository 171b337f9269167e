// The fault of a server that reads `5.0` as the integer 5 (JSON.parse's reading): an integer field then takes a whole number written with a fraction, which the `5.0` near miss of each integer field's type rule refuses to let pass (issue 17).

import { requirementId, walkFields } from '../../spec/derive.js';
import { exclusions, operations, requirementById } from '../../spec/index.js';
import type { Fault } from './faults/define.js';

export const WHOLE_FLOAT_READ = 'whole-float-read-as-integer' as const;

const excluded = new Set(exclusions.map((x) => x.requirement));

/**
 * The type requirement of the first integer body field with a range of each area: enough to show
 * the near miss in every part. A ranged integer is a quantity (a port, a size), not an id naming
 * an entity the target may lack, so what the fault lets through is accepted.
 */
function integerTypeRequirements(): string[] {
  const byArea = new Map<string, string>();
  for (const op of operations) {
    if (op.body?.kind !== 'json' || op.status.kind === 'disabled') continue;
    const area = op.id.split('/')[0] ?? '';
    if (byArea.has(area)) continue;
    for (const { path, field } of walkFields(op.body.fields)) {
      const id = requirementId({ kind: 'field-rule', operation: op.id, path, rule: 'type' });
      if (field.type !== 'integer' || !field.rules?.some((r) => r.kind === 'range')) continue;
      if (!requirementById.get(id)?.derived || excluded.has(id)) continue;
      byArea.set(area, id);
      break;
    }
  }
  return [...byArea.values()];
}

export const wholeFloatFaults: Fault<typeof WHOLE_FLOAT_READ>[] = [
  {
    name: WHOLE_FLOAT_READ,
    area: 'conventions',
    family: 'type',
    breaks: 'reads a whole number written with a fraction (`5.0`) as the integer it equals, for every integer field',
    catches: integerTypeRequirements(),
  },
];
