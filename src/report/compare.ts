// Renders the comparison page: several runs' results side by side, a row per requirement and a column per run, changes of verdict highlighted.

import { isBroken, VERDICTS, type Verdict } from '../vocabulary/outcome.js';
import { VERDICT_ORDER } from './html.js';
import { asset, escapeHtml, htmlPage } from './page.js';
import type { Results } from './results.js';

export interface CompareInput {
  /** The run's name in the page (its report directory). */
  label: string;
  results: Results;
  /** Link from the comparison page to that run's index.html, when there is one. */
  href?: string;
}

/** A verdict at each run, null where the run did not select the requirement. */
type Row = { id: string; part: number; area: string; level: string; text: string; verdicts: (Verdict | null)[] };

/** How a requirement moved from one run to the next. */
export type Move = 'worse' | 'better' | 'unjudged' | 'judged' | null;

/**
 * Judged verdicts from best to worst; not-implemented ranks last (an operation the target stopped
 * offering is worse than one it offers badly); skipped, not-offered and excluded are not judged, so
 * they rank nowhere.
 */
const JUDGED_RANK: Partial<Record<Verdict, number>> = {
  pass: 0,
  'non-strict': 1,
  error: 2,
  fail: 3,
  'not-implemented': 4,
};

/**
 * The ranking of transitions (README, "Comparing runs"): between judged verdicts, toward fail is
 * worse and toward pass better (pass < non-strict < error < fail < not-implemented). A judged verdict
 * becoming skipped, not-offered or excluded is `unjudged`, never better; skipped or excluded becoming pass is `judged`, never
 * worse, and becoming non-strict, error or fail is worse (a newly judged breakage).
 */
export function moveOf(before: Verdict | null, after: Verdict | null): Move {
  if (before === null || after === null || before === after) return null;
  const was = JUDGED_RANK[before];
  const is = JUDGED_RANK[after];
  if (is === undefined) return was === undefined ? null : 'unjudged';
  if (was === undefined) return is === 0 ? 'judged' : 'worse';
  return is > was ? 'worse' : 'better';
}

export function compareRows(inputs: readonly CompareInput[]): Row[] {
  const rows = new Map<string, Row>();
  inputs.forEach((input, column) => {
    for (const r of input.results.requirements) {
      const row = rows.get(r.id) ?? {
        id: r.id,
        part: r.part,
        area: r.area,
        level: r.level,
        text: r.text,
        verdicts: inputs.map(() => null),
      };
      row.verdicts[column] = r.verdict;
      rows.set(r.id, row);
    }
  });
  return [...rows.values()];
}

/** A row changed when two runs that judged the requirement disagree. */
export const changed = (row: Row): boolean => new Set(row.verdicts.filter((v) => v !== null)).size > 1;

/** The first failure's check and actual value of each broken requirement, shown when a reader points at a cell. */
function detailsOf(results: Results): Record<string, string> {
  return Object.fromEntries(
    results.requirements.flatMap((r) => {
      const f = r.failures[0];
      if (f) return [[r.id, `${f.check}: ${f.actual}`]];
      return r.reason && r.verdict !== 'pass' ? [[r.id, r.reason]] : [];
    }),
  );
}

function runsHeader(inputs: readonly CompareInput[]): string {
  const cells = inputs.map((input, i) => {
    const r = input.results;
    const counts = VERDICT_ORDER.map((v) => {
      const n = r.requirements.filter((x) => x.verdict === v).length;
      return n ? `<span class="badge v-${v}">${n} ${v}</span>` : '';
    }).join(' ');
    return `<tr><td>${i + 1}</td><td class="id">${escapeHtml(input.label)}</td><td>${escapeHtml(r.target.baseUrl)}</td><td>${escapeHtml(r.startedAt)}</td><td>${r.seed}</td><td>${escapeHtml(r.tool.version)}</td><td>${counts}</td></tr>`;
  });
  return `<table class="runs"><thead><tr><th>#</th><th>run</th><th>target</th><th>started</th><th>seed</th><th>cloudconf</th><th>verdicts</th></tr></thead><tbody>${cells.join('')}</tbody></table>`;
}

export function renderCompare(inputs: readonly CompareInput[]): string {
  const rows = compareRows(inputs);
  const changes = rows.filter(changed).length;
  return htmlPage({
    title: `cloudconf: ${inputs.length} runs compared`,
    body: `<header><h1>cloudconf: ${inputs.length} runs compared</h1>
${runsHeader(inputs)}
<p id="change-count"><strong>${changes}</strong> of ${rows.length} requirements changed verdict between runs.</p>
</header>
<main><nav class="filters" id="filters" aria-label="filters"></nav>
<table id="compare-table"><thead></thead><tbody></tbody></table></main>`,
    css: asset('report.css'),
    script: `${asset('dom.js')}\n${asset('compare.js')}`,
    data: {
      broken: VERDICTS.filter(isBroken),
      runs: inputs.map((i) => ({ label: i.label, href: i.href ?? null })),
      details: inputs.map((i) => detailsOf(i.results)),
      rows: rows.map((row) => ({
        ...row,
        moves: row.verdicts.map((v, i) => (i ? moveOf(row.verdicts[i - 1] ?? null, v) : null)),
      })),
    },
  });
}
