// Reads the evidence of every test at once: which operations the target does not offer, and the verdict each requirement earns from that (not-implemented, or a failure of a profile that claims the operation).

import { operationById, operationOf, operations, requirementById } from '../../spec/index.js';
import { collectionsAbove as readsAbove } from '../../spec/paths.js';
import { offersOperation, type Profile } from '../../spec/profile.js';
import type { Operation } from '../../spec/types.js';
import type { Exchange } from '../vocabulary/exchange.js';
import type { Failure, OfferEvidence, Outcome } from '../vocabulary/outcome.js';
import type { NotImplemented } from './results.js';

export type { NotImplemented };

/** What one target showed across the run: the operations it served, and those it does not offer. */
export interface OfferFindings {
  served: string[];
  notImplemented: NotImplemented[];
}

const firstLine = (e: Exchange) => (e.response?.text ?? '').split('\n')[0]?.slice(0, 200) ?? '';

/** How an answer reads in a reason: `404 ("not found")`. */
const answered = (e: Exchange) => `${e.response?.status}${firstLine(e) ? ` (${JSON.stringify(firstLine(e))})` : ''}`;

/** The first answer seen for each operation, over every outcome's evidence of one kind. */
function firstOf(outcomes: readonly Outcome[], kinds: ('unserved' | 'aside' | 'notFound')[]): Map<string, Exchange> {
  const first = new Map<string, Exchange>();
  for (const o of outcomes)
    for (const kind of kinds)
      for (const u of o.offer?.[kind] ?? []) if (!first.has(u.operation)) first.set(u.operation, u.exchange);
  return first;
}

/** The collection reads above an operation's path, nearest first (spec/paths.ts). */
export const collectionsAbove = (op: Operation): Operation[] => readsAbove(op, operations);

function entry(op: Operation, evidence: Exchange, under?: string): NotImplemented {
  return {
    operation: op.id,
    method: op.method,
    path: op.path,
    status: evidence.response?.status ?? 0,
    evidence,
    ...(under ? { under } : {}),
  };
}

/**
 * Operations the run showed not offered: some answer said so (501, 405, a 404 on a route without
 * parameters) and no answer of the run showed the operation served. A 404 on a route with
 * parameters says so only where a collection above it is not offered (the items of a collection
 * the target lacks): elsewhere it may be an unknown entity, or a finding, and is judged as the
 * requirement says. One served answer anywhere keeps an operation offered.
 */
export function findNotImplemented(outcomes: Iterable<Outcome>): OfferFindings {
  const all = [...outcomes];
  const served = new Set(all.flatMap((o) => o.offer?.served ?? []));
  const unserved = firstOf(all, ['unserved', 'aside']);
  const found = new Map<string, NotImplemented>();
  for (const [id, evidence] of unserved) {
    const op = operationById.get(id);
    if (op && !served.has(id)) found.set(id, entry(op, evidence));
  }
  for (const [id, evidence] of firstOf(all, ['notFound'])) {
    const op = operationById.get(id);
    const above = op && !served.has(id) ? collectionsAbove(op).find((c) => found.has(c.id)) : undefined;
    if (op && above) found.set(id, entry(op, evidence, above.id));
  }
  return { served: [...served].sort(), notImplemented: [...found.values()] };
}

/**
 * What an outcome's verdict rests on that the target does not offer: its own operation (or a
 * collection above it), or one it needed (a pass that needed one took the "not offered" answer for
 * something it is not: an empty events list, say). What a test did without (set aside) is no need.
 */
function missingFor(o: Outcome, missing: ReadonlyMap<string, NotImplemented>): NotImplemented | undefined {
  const r = requirementById.get(o.requirement);
  const own = r ? operationOf(r) : undefined;
  if (own && missing.has(own.id)) return missing.get(own.id);
  for (const u of o.offer?.unserved ?? []) if (missing.has(u.operation)) return missing.get(u.operation);
  for (const u of o.verdict === 'pass' ? [] : (o.offer?.notFound ?? []))
    if (missing.has(u.operation)) return missing.get(u.operation);
  // Skipped before it sent anything (a value only the target could give): under a collection the target
  // lacks, or (a requirement of no one operation) in an area whose every collection the target lacks.
  if (o.verdict === 'skipped' && own) {
    const above = collectionsAbove(own).find((c) => missing.has(c.id));
    if (above) return missing.get(above.id);
  }
  if (o.verdict === 'skipped' && !own && r?.area) {
    const lists = operations.filter((x) => x.area === r.area && x.method === 'GET' && x.pathParams.length === 0);
    if (lists.length && lists.every((l) => missing.has(l.id))) return missing.get(lists[0]?.id ?? '');
  }
  return undefined;
}

function profileFailure(n: NotImplemented): Failure {
  return {
    check: 'profile/offered',
    expected: `${n.method} ${n.path} answered (the declared profile offers ${n.operation})`,
    actual: `${answered(n.evidence)}: the answer of an operation the target does not offer`,
    hint: 'Implement the operation, or leave it out of the profile (offers/except) so that it is judged not-offered.',
    exchanges: [n.evidence],
  };
}

/** Why a requirement is not-implemented, naming the operation and what it answered. */
function reasonOf(n: NotImplemented, own: boolean): string {
  const what = `${n.method} ${n.path} (${n.operation})`;
  const under = n.under
    ? `, under ${operationById.get(n.under)?.path ?? n.under}, which the target does not offer`
    : '';
  return own
    ? `the target does not offer ${what}: it answered ${answered(n.evidence)}${under}`
    : `needs ${what}, which the target does not offer: it answered ${answered(n.evidence)}${under}`;
}

/**
 * The verdict of an outcome once the run's evidence is in: requirements resting on an operation the
 * target does not offer are `not-implemented` (naming it), or `fail` where the declared profile says
 * the target offers it. Other outcomes are returned as they are.
 */
export function withOfferEvidence(
  o: Outcome,
  missing: ReadonlyMap<string, NotImplemented>,
  profile?: Profile,
): Outcome {
  const n = missingFor(o, missing);
  if (!n) return o;
  const op = operationById.get(n.operation);
  if (profile && op && offersOperation(profile, op))
    return { ...o, verdict: 'fail', failures: [profileFailure(n), ...o.failures], needs: n.operation };
  const r = requirementById.get(o.requirement);
  const own = r !== undefined && operationOf(r)?.id === n.operation;
  return { ...o, verdict: 'not-implemented', failures: [], needs: n.operation, reason: reasonOf(n, own) };
}

/** The outcomes of one target with the run's evidence applied, and what that evidence showed. */
export function applyOfferEvidence(
  outcomes: ReadonlyMap<string, Outcome>,
  profile?: Profile,
  /** Evidence gathered outside the tests (reads after the suites). */
  extra?: OfferEvidence,
): { outcomes: Map<string, Outcome>; findings: OfferFindings } {
  const probe = extra
    ? [{ requirement: '', verdict: 'pass', failures: [], requests: 0, seed: 0, offer: extra } as Outcome]
    : [];
  const findings = findNotImplemented([...outcomes.values(), ...probe]);
  const missing = new Map(findings.notImplemented.map((n) => [n.operation, n]));
  const applied = new Map([...outcomes].map(([key, o]) => [key, withOfferEvidence(o, missing, profile)]));
  return { outcomes: applied, findings };
}
