// An implementer's view of a run: per area what it offers and how its requirements fare, the next things to fix in a sensible order, and when the target stopped answering.

import { operationById, operationOf, operations, requirementById } from '../../spec/index.js';
import { offersOperation } from '../../spec/profile.js';
import type { Operation } from '../../spec/types.js';
import { isBroken, type LostRequest, type Outcome } from '../vocabulary/outcome.js';
import { collectionsAbove } from './offer.js';
import type { RequirementResult, Results, Stopped } from './results.js';

export interface AreaProgress {
  area: string;
  /**
   * The area's documented operations; of them, those the target does not offer (shown by its answers,
   * or not reached: every requirement of the operation is not-implemented for another it needs) and
   * those its profile declares it does not.
   */
  operations: number;
  notImplemented: number;
  notOffered: number;
  pass: number;
  /** fail, non-strict and error. */
  failing: number;
  /** Requirements neither judged nor failing: skipped, excluded, not implemented, not offered. */
  other: number;
}

/** One row per area that has requirements, conventions first. */
export function areaProgress(results: Results): AreaProgress[] {
  const missing = new Set(results.offer?.notImplemented.map((n) => n.operation) ?? []);
  const profile = results.offer?.profile;
  const areas = [...new Set(results.requirements.map((r) => r.area))].sort((a, b) =>
    a === 'conventions' ? -1 : b === 'conventions' ? 1 : 0,
  );
  const verdictsOf = new Map<string, string[]>();
  for (const r of results.requirements) {
    const req = requirementById.get(r.id);
    const op = req ? operationOf(req)?.id : undefined;
    if (op) verdictsOf.set(op, [...(verdictsOf.get(op) ?? []), r.verdict]);
  }
  const judged = (id: string) => (verdictsOf.get(id) ?? []).filter((v) => v !== 'excluded');
  const missingPaths = new Set(
    [...missing].flatMap((id) => {
      const op = operationById.get(id);
      return op ? [`${op.root} ${op.path}`] : [];
    }),
  );
  const unreached = (op: Operation) =>
    (judged(op.id).length > 0 && judged(op.id).every((v) => v === 'not-implemented')) ||
    missingPaths.has(`${op.root} ${op.path}`) ||
    collectionsAbove(op).some((c) => missing.has(c.id));
  return areas.map((area) => {
    const ops = operations.filter((op) => op.area === area);
    const rs = results.requirements.filter((r) => r.area === area);
    const pass = rs.filter((r) => r.verdict === 'pass').length;
    const failing = rs.filter((r) => isBroken(r.verdict)).length;
    return {
      area,
      operations: ops.length,
      notImplemented: ops.filter((op) => missing.has(op.id) || unreached(op)).length,
      notOffered: profile ? ops.filter((op) => !offersOperation(profile, op)).length : 0,
      pass,
      failing,
      other: rs.length - pass - failing,
    };
  });
}

const operationLine = (id: string) => {
  const op = operationById.get(id);
  return op ? `${op.method} ${op.path} (${id})` : id;
};

/** A create whose entity other operations act on: a POST to a path that others extend. */
const isParentCreate = (id: string) => {
  const op = operationById.get(id);
  return op?.method === 'POST' && operations.some((o) => o.root === op.root && o.path.startsWith(`${op.path}/{`));
};

/** Requirements by the operation they judge, failing ones only. */
function failingByOperation(rows: readonly RequirementResult[]): Map<string, string[]> {
  const by = new Map<string, string[]>();
  for (const r of rows) {
    if (r.verdict !== 'fail' && r.verdict !== 'non-strict') continue;
    const req = requirementById.get(r.id);
    const op = req ? operationOf(req)?.id : undefined;
    if (op) by.set(op, [...(by.get(op) ?? []), r.id]);
  }
  return by;
}

/**
 * What to fix next, in an order that makes sense: the conventions (every operation answers by them),
 * then operations the target does not offer that requirements of the areas it does offer need, then
 * the creates other operations act on, then the operations with the most failing requirements.
 */
export function nextToFix(results: Results, limit = 8): string[] {
  const lines: string[] = [];
  const rows = results.requirements;
  for (const r of rows.filter((x) => x.area === 'conventions' && isBroken(x.verdict)).slice(0, 3)) {
    const f = r.failures[0];
    lines.push(`${r.id}: ${f ? `${f.check}, expected ${f.expected}; got ${f.actual}` : (r.reason ?? r.verdict)}`);
  }
  const offeredAreas = new Set(rows.filter((r) => r.verdict === 'pass' || isBroken(r.verdict)).map((r) => r.area));
  const needed = new Map<string, number>();
  for (const r of rows) {
    const op = r.needs ? operationById.get(r.needs) : undefined;
    if (r.verdict === 'not-implemented' && op && op.area !== r.area && offeredAreas.has(r.area))
      needed.set(op.id, (needed.get(op.id) ?? 0) + 1);
  }
  for (const [id, n] of [...needed].sort((a, b) => b[1] - a[1]).slice(0, 3))
    lines.push(`implement ${operationLine(id)}: ${n} requirement(s) of the areas the target offers need it`);
  const failing = [...failingByOperation(rows)].sort(
    (a, b) => Number(isParentCreate(b[0])) - Number(isParentCreate(a[0])) || b[1].length - a[1].length,
  );
  for (const [id, ids] of failing)
    lines.push(
      `fix ${operationLine(id)}: ${ids.length} requirement(s) fail (${ids.slice(0, 3).join(', ')}${ids.length > 3 ? ', …' : ''})`,
    );
  return lines.slice(0, limit);
}

/**
 * The moment a target stopped answering for good: the first request without an answer that no
 * answer of the run came after. Undefined when answers came to the end, or when one requirement
 * alone lost a request (a timeout is not a target gone).
 */
export function stoppedAnswering(outcomes: Iterable<Outcome>): Stopped | undefined {
  const all = [...outcomes];
  const lastAnswer = all.reduce((t, o) => (o.answeredUntil && o.answeredUntil > t ? o.answeredUntil : t), '');
  const after = all.filter((o) => o.lost && o.lost.at > lastAnswer);
  if (after.length < 2) return undefined;
  const first = after.map((o) => o.lost as LostRequest).sort((a, b) => (a.at < b.at ? -1 : 1))[0] as LostRequest;
  return { ...first, requirements: after.length };
}

/** The line a report opens with when the target stopped answering. */
export const stoppedLine = (s: Stopped): string =>
  `the target stopped answering at request ${s.request} (${s.at}), after ${s.method} ${s.url} (${s.code}): ${s.requirements} requirement(s) could not be judged after it`;
