// Turns an audit into the Results every report is written from (a verdict per requirement), and into the JSON summary `audit --json` prints.

import { requirements } from '../../spec/index.js';
import { buildResults, type Results } from '../report/results.js';
import { TOOL_VERSION } from '../version.js';
import type { Outcome } from '../vocabulary/outcome.js';
import type { Auditor } from './auditor.js';
import type { Finding } from './finding.js';

/** Failures kept per requirement in the reports; the count of all of them goes in the reason. */
export const FAILURES_SHOWN = 20;

const NOT_JUDGED =
  'no exchange of the recording could judge it: audit judges single exchanges, and this one needs an exchange the recording does not hold, or a sequence, state or knowledge a single exchange does not show';

function outcomeOf(
  id: string,
  findings: Finding[],
  judgedOn: number,
  unjudged?: { count: number; first: string },
): Outcome {
  const base = { requirement: id, requests: judgedOn + (unjudged?.count ?? 0), seed: 0 };
  // An answer of a failed target is no verdict on the rule: as in a run, the requirement is `error`.
  if (findings.length === 0 && unjudged) {
    return {
      ...base,
      verdict: 'error',
      failures: [],
      reason: `${unjudged.count} exchange(s) cannot judge it, the target having failed (first: ${unjudged.first})`,
    };
  }
  if (findings.length === 0) {
    return judgedOn > 0
      ? { ...base, verdict: 'pass', failures: [] }
      : { ...base, verdict: 'skipped', failures: [], reason: NOT_JUDGED };
  }
  const verdict = findings.some((f) => f.verdict === 'fail') ? 'fail' : 'non-strict';
  const shown = findings.slice(0, FAILURES_SHOWN);
  return {
    ...base,
    verdict,
    failures: shown.map((f) => f.failure),
    reason: `broken by ${findings.length} of ${judgedOn} exchange(s) judged on it${findings.length > shown.length ? `; the first ${shown.length} are listed` : ''}`,
  };
}

export interface AuditFacts {
  /** What was audited: `audit of FILE`, `proxy to URL`. */
  target: string;
  startedAt: Date;
  /** The command that judges the same traffic again, shown where a run shows its replay line. */
  replay: string;
}

export function auditResults(auditor: Auditor, facts: AuditFacts): Results {
  const byRequirement = new Map<string, Finding[]>();
  for (const f of auditor.findings) {
    const list = byRequirement.get(f.requirement) ?? [];
    list.push(f);
    byRequirement.set(f.requirement, list);
  }
  const outcomes = new Map<string, Outcome>();
  for (const r of requirements)
    outcomes.set(
      r.id,
      outcomeOf(r.id, byRequirement.get(r.id) ?? [], auditor.judged.get(r.id) ?? 0, auditor.unjudged.get(r.id)),
    );
  const results = buildResults(requirements, outcomes, {
    version: TOOL_VERSION,
    baseUrl: facts.target,
    reference: false,
    seed: 0,
    startedAt: facts.startedAt,
    strict: false,
    requests: auditor.counts.exchanges,
  });
  return { ...results, replay: facts.replay };
}

export interface AuditSummary {
  exchanges: number;
  judged: number;
  unknown: number;
  violations: { index: number; requirement: string; level: string; verdict: string; message: string }[];
}

/** What `audit --json` prints: the counts and every violation, in the order of the recording. */
export function auditSummary(auditor: Auditor): AuditSummary {
  const { exchanges, judged, unknown } = auditor.counts;
  const violations = [...auditor.findings]
    .sort((a, b) => a.index - b.index)
    .map((f) => ({
      index: f.index,
      requirement: f.requirement,
      level: f.level,
      verdict: f.verdict,
      message: f.message,
    }));
  return { exchanges, judged, unknown, violations };
}
