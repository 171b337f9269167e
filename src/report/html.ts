// Renders index.html: one self-contained page with the run's header, a matrix of verdicts per part and area, every failure in full, and filters.

import { curlLine } from '../http/curl.js';
import type { Exchange } from '../http/exchange.js';
import { COUNT_KEY, type Failure, isBroken, VERDICTS } from '../vocabulary/outcome.js';
import { hygieneLines } from './baseline.js';
import { groupFailures, oneLine } from './group.js';
import { asset, escapeHtml, htmlPage } from './page.js';
import { areaProgress, nextToFix, stoppedLine } from './progress.js';
import { selectionLine } from './provenance.js';
import { replayCommand } from './replay.js';
import type { RequirementResult, Results } from './results.js';
import { VERDICT_MEANING } from './verdicts.js';

/** Bodies longer than this are cut in the page (results.json keeps them whole): a hostile target must not bloat it. */
export const BODY_LIMIT = 32 * 1024;

/** Verdicts in the order a reader cares about them: what is broken, what is missing, what was not judged, what passed. */
export const VERDICT_ORDER = [
  'fail',
  'error',
  'non-strict',
  'not-implemented',
  'skipped',
  'not-offered',
  'excluded',
  'pass',
] as const satisfies readonly (typeof VERDICTS)[number][];

interface BodyView {
  text: string;
  /** Characters left out of the page. */
  cut: number;
}

function bodyView(text: string): BodyView {
  return text.length > BODY_LIMIT
    ? { text: text.slice(0, BODY_LIMIT), cut: text.length - BODY_LIMIT }
    : { text, cut: 0 };
}

function exchangeView(e: Exchange) {
  return {
    method: e.request.method,
    url: e.request.url,
    requestHeaders: e.request.headers,
    ...(e.request.body === undefined ? {} : { requestBody: bodyView(e.request.body) }),
    ...(e.response
      ? {
          status: e.response.status,
          responseHeaders: e.response.headers,
          responseBody: bodyView(e.response.text),
          truncated: e.response.truncated,
        }
      : {}),
    ...(e.transportError ? { transportError: `${e.transportError.code}: ${e.transportError.message}` } : {}),
    durationMs: Math.round(e.durationMs * 10) / 10,
    curl: curlLine(e.request),
  };
}

const failureView = (f: Failure) => ({
  check: f.check,
  ...(f.case ? { case: f.case } : {}),
  expected: f.expected,
  actual: f.actual,
  hint: f.hint,
  exchanges: f.exchanges.map(exchangeView),
});

type Change = 'new' | 'known' | 'improved';

/** How each requirement moved against the baseline, when the run had one. */
function changesOf(results: Results): Map<string, Change> {
  const b = results.baseline;
  const changes = new Map<string, Change>();
  if (!b) return changes;
  for (const id of b.improved) changes.set(id, 'improved');
  for (const id of b.known) changes.set(id, 'known');
  for (const id of [...b.newFailures, ...b.newNonStrict]) changes.set(id, 'new');
  return changes;
}

/** What the page script needs of a requirement: passing ones carry no failures and no replay line. */
function requirementView(results: Results, r: RequirementResult, change: Change | undefined) {
  const broken = isBroken(r.verdict);
  return {
    id: r.id,
    part: r.part,
    area: r.area,
    level: r.level,
    text: r.text,
    verdict: r.verdict,
    ...(r.reason ? { reason: r.reason } : {}),
    ...(r.flaky ? { flaky: r.flaky } : {}),
    ...(r.failures.length
      ? {
          failures: groupFailures(r.failures).map((g) => ({
            ...failureView(g.first),
            ...(g.like.length ? { like: g.like.map((f) => ({ line: oneLine(f), ...failureView(f) })) } : {}),
          })),
        }
      : {}),
    ...(broken ? { replay: replayCommand(results, r.id) } : {}),
    ...(change ? { change } : {}),
    ...(change && results.baseline?.reasons?.[r.id] ? { knownReason: results.baseline.reasons[r.id] } : {}),
  };
}

export function reportView(results: Results) {
  const changes = changesOf(results);
  return {
    verdicts: VERDICT_ORDER,
    broken: VERDICTS.filter(isBroken),
    requirements: results.requirements.map((r) => requirementView(results, r, changes.get(r.id))),
  };
}

const fact = (label: string, value: string) =>
  `<div class="fact"><dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd></div>`;

/** How many requirements are flaky on this target (answers that came only on a retry), when any are. */
function flakyFact(results: Results): string[] {
  const n = results.requirements.filter((r) => r.flaky).length;
  return n
    ? [fact('flaky', `${n} requirement${n === 1 ? '' : 's'} (answers that came only on a retry; marked ~)`)]
    : [];
}

function countsMarkup(results: Results): string {
  const badges = VERDICT_ORDER.map(
    (v) =>
      `<button type="button" class="count v-${v}" data-verdict="${v}"><span class="n">${results.summary[COUNT_KEY[v]]}</span> ${v}</button>`,
  );
  return `<div class="counts" id="counts">${badges.join('')}<span class="total">${results.requirements.length} requirements</span></div>`;
}

/** The implementer's view, at the top: the target gone silent, a table per area, and what to fix next. */
function progressMarkup(results: Results): string {
  const stopped = results.stopped
    ? `<div class="warn stopped" id="stopped"><strong>${escapeHtml(stoppedLine(results.stopped))}</strong></div>`
    : '';
  const rows = areaProgress(results)
    .map(
      (a) =>
        `<tr><td class="id">${escapeHtml(a.area)}</td><td>${a.operations}</td><td>${a.notImplemented ? `<span class="badge v-not-implemented">${a.notImplemented}</span>` : '0'}</td><td>${a.notOffered ? `<span class="badge v-not-offered">${a.notOffered}</span>` : '0'}</td><td>${a.pass}</td><td>${a.failing ? `<span class="badge v-fail">${a.failing}</span>` : '0'}</td><td>${a.other}</td></tr>`,
    )
    .join('');
  const next = nextToFix(results);
  return `<section class="progress" id="progress"><h2>By area</h2>${stopped}<table><thead><tr><th>area</th><th>operations</th><th>not implemented</th><th>not offered</th><th>pass</th><th>failing</th><th>not judged</th></tr></thead><tbody>${rows}</tbody></table>${next.length ? `<h3>Next to fix</h3><ol>${next.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ol>` : ''}</section>`;
}

function baselineMarkup(results: Results): string {
  const b = results.baseline;
  if (!b) return '';
  // Long lists start folded, so the matrix stays near the top of the page.
  const list = (label: string, ids: string[], cls: string) =>
    ids.length
      ? `<details class="${cls}"${ids.length <= 20 ? ' open' : ''}><summary><strong>${escapeHtml(label)} (${ids.length})</strong></summary>${ids.map((id) => `<code>${escapeHtml(id)}</code>`).join(' ')}</details>`
      : '';
  return `<section class="baseline" id="baseline"><h2>Against the baseline</h2>
<p>Known state from ${b.sources.map((s) => `<code>${escapeHtml(s)}</code>`).join(', ')}: ${b.newFailures.length} new failure(s), ${b.improved.length} improved, ${b.known.length} known failure(s).</p>
${
  hygieneLines(b.hygiene).length
    ? `<ul class="hygiene">${hygieneLines(b.hygiene)
        .map((l) => `<li>${escapeHtml(l)}</li>`)
        .join('')}</ul>`
    : ''
}${list('New failures', b.newFailures, 'worse')}${list('New non-strict', b.newNonStrict, 'worse')}${list('New errors', b.newErrors, 'worse')}${list('Improved', b.improved, 'better')}${list('Known, not judged this time', b.notJudged, 'muted')}</section>`;
}

/** The run's provenance as facts: what was selected, how it ran, with what build and encoding, where. */
function provenanceFacts(results: Results): string[] {
  const p = results.provenance;
  if (!p) return [];
  return [
    fact('selection', selectionLine(p.selection)),
    fact('mode', p.mode),
    fact('runs', String(p.runs)),
    fact('concurrency', String(p.concurrency)),
    fact('encoding', p.encoding),
    ...(p.betaUrl ? [fact('beta', p.betaUrl)] : []),
    fact('ended', p.endedAt),
    fact('runtime', `Node ${p.node}, ${p.platform}`),
  ];
}

const legendMarkup = () =>
  `<details class="legend" id="legend"><summary>What the verdicts mean</summary><dl>${VERDICT_ORDER.map(
    (v) => `<div><dt><span class="badge v-${v}">${v}</span></dt><dd>${escapeHtml(VERDICT_MEANING[v])}</dd></div>`,
  ).join('')}</dl></details>`;

function headerMarkup(results: Results): string {
  const facts = [
    fact('target', results.target.baseUrl),
    fact('started', results.startedAt),
    fact('cloudconf', `${results.tool.version}${results.tool.build ? ` (build ${results.tool.build})` : ''}`),
    fact('seed', String(results.seed)),
    fact('strictness', results.strict ? 'SHOULD failures fail the run (--strict)' : 'MUST failures fail the run'),
    ...provenanceFacts(results),
    fact('duration', `${(results.durationMs / 1000).toFixed(1)} s`),
    fact('requests', String(results.summary.requests)),
    ...flakyFact(results),
    ...(results.shard
      ? [fact('shard', `${results.shard.index}/${results.shard.total} (${results.shard.files.join(', ')})`)]
      : []),
    ...(results.mergedFrom ? [fact('merged from', results.mergedFrom.join(', '))] : []),
    ...(results.missingShards ? [fact('missing shards', results.missingShards.join(', '))] : []),
  ];
  const incomplete = results.incomplete
    ? `<div class="warn incomplete" id="incomplete"><strong>Incomplete run</strong>: a part of the run failed, so this is no verdict on the target (exit 2). What was judged before is below.<ul>${results.incomplete.reasons.map((r) => `<li>${escapeHtml(r)}</li>`).join('')}</ul></div>`
    : '';
  return `<header>
<h1>cloudconf conformance report${results.incomplete ? ' (incomplete)' : ''}</h1>
${incomplete}
<dl class="facts">${facts.join('')}</dl>
${countsMarkup(results)}
${legendMarkup()}
</header>
${progressMarkup(results)}
${baselineMarkup(results)}`;
}

const BODY_SECTIONS = `<noscript><p class="warn">The matrix, the failures and the filters need JavaScript; results.json and summary.md hold the same data.</p></noscript>
<nav class="filters" id="filters" aria-label="filters"></nav>
<section id="matrix"><h2>Requirements by part and area</h2><p class="muted">Each square is one requirement; click one to see it.</p><div id="matrix-body"></div></section>
<section id="failures"><h2>Failures <span id="failures-count"></span></h2><div id="failures-body"></div></section>
<section id="all"><h2>All requirements <span id="all-count"></span></h2><table id="all-table"><thead><tr><th>requirement</th><th>level</th><th>verdict</th><th>text</th></tr></thead><tbody></tbody></table></section>`;

export function renderHtml(results: Results): string {
  return htmlPage({
    title: `cloudconf: ${results.target.baseUrl}`,
    body: `${headerMarkup(results)}\n<main>\n${BODY_SECTIONS}\n</main>`,
    css: asset('report.css'),
    script: `${asset('dom.js')}\n${asset('index.js')}`,
    data: reportView(results),
  });
}
