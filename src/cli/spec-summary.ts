// The human-readable summary `cloudconf spec` prints without --json: counts of operations and requirements per part and level.

import { exclusions, operations, requirements } from '../../spec/index.js';
import type { Level, Part } from '../../spec/types.js';

const parts: Part[] = [1, 2, 3];
const levels: Level[] = ['MUST', 'SHOULD', 'MAY'];

export function specSummary(): string {
  const excluded = new Set(exclusions.map((x) => x.requirement));
  const lines = ['part  operations  requirements  MUST  SHOULD  MAY  excluded'];
  for (const part of parts) {
    const reqs = requirements.filter((r) => r.source.part === part);
    const counts = levels.map((l) => reqs.filter((r) => r.level === l).length);
    const ops = operations.filter((o) => o.part === part).length;
    const ex = reqs.filter((r) => excluded.has(r.id)).length;
    lines.push(
      `${String(part).padEnd(6)}${String(ops).padEnd(12)}${String(reqs.length).padEnd(14)}${counts
        .map((c, i) => String(c).padEnd(i === 0 ? 6 : i === 1 ? 8 : 5))
        .join('')}${ex}`,
    );
  }
  lines.push(`all   ${String(operations.length).padEnd(12)}${requirements.length}`);
  lines.push('', 'Use --json for the whole encoding, `cloudconf openapi` for OpenAPI 3.1.');
  return lines.join('\n');
}
