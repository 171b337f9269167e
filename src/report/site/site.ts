// Builds the publishing site from verified bundles: a page comparing implementations, a history page and a badge per implementation, and each bundle's own reports to link to; static, offline, under the reports' CSP.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Verdict } from '../../vocabulary/outcome.js';
import type { Product } from '../bundle/bundle.js';
import type { KeyRing } from '../bundle/trusted-keys.js';
import { type Verification, verifyBundle } from '../bundle/verify.js';
import { VERDICT_ORDER } from '../html.js';
import { asset, escapeHtml, htmlPage } from '../page.js';
import type { Results } from '../results.js';
import { VERDICT_MEANING } from '../verdicts.js';
import { type BadgeState, badgeSvg, historyChart } from './svg.js';

interface Run {
  results: Results;
  product: Product;
  complete: boolean;
  partial: string[];
  /** The run's directory under the site, holding its own reports. */
  path: string;
}

interface Implementation {
  name: string;
  slug: string;
  runs: Run[];
}

const slugOf = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60) || 'unnamed';

const anchor = (id: string) => `req-${encodeURIComponent(id)}`;
/** A run as a reader names it: the product version and when it started, to the minute. */
const runName = (run: Run) =>
  `${run.product.version ? `${run.product.version}, ` : ''}${run.results.startedAt.slice(0, 16).replace('T', ' ')}`;

const judged = (r: Results) => r.requirements.length - r.summary.excluded;

function badgeOf(run: Run): { value: string; state: BadgeState } {
  const value = `${run.results.summary.pass}/${judged(run.results)} ${run.complete ? 'complete' : 'partial'}`;
  const state: BadgeState = run.results.summary.fail > 0 ? 'failing' : run.complete ? 'complete' : 'partial';
  return { value, state };
}

const cell = (verdict: Verdict | undefined, href: string) =>
  verdict
    ? `<td><a class="badge v-${verdict}" href="${escapeHtml(href)}">${verdict}</a></td>`
    : '<td class="muted">not run</td>';

function legend(): string {
  return `<details class="legend"><summary>What the verdicts mean</summary><dl>${VERDICT_ORDER.map((v) => `<div><dt><span class="badge v-${v}">${v}</span></dt><dd>${escapeHtml(VERDICT_MEANING[v])}</dd></div>`).join('')}</dl></details>`;
}

function page(title: string, body: string): string {
  return htmlPage({
    title,
    body,
    css: `${asset('report.css')}\n${asset('site.css')}`,
    script: asset('site.js'),
    data: null,
  });
}

/** Pass counts over judged requirements, per part or area, for each implementation's latest run. */
function scores(latest: Run[], key: (r: Results['requirements'][number]) => string, label: string): string {
  const groups = [...new Set(latest.flatMap((run) => run.results.requirements.map(key)))].sort();
  const rows = groups.map((g) => {
    const cells = latest.map((run) => {
      const rs = run.results.requirements.filter((r) => key(r) === g && r.verdict !== 'excluded');
      const pass = rs.filter((r) => r.verdict === 'pass').length;
      return `<td class="score${rs.length && pass === rs.length ? ' full' : ''}">${pass}/${rs.length}</td>`;
    });
    return `<tr><th scope="row">${escapeHtml(g)}</th>${cells.join('')}</tr>`;
  });
  return `<table class="scores"><thead><tr><th>${label}</th>${latest.map((run) => `<th>${escapeHtml(run.product.name)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

function comparisonPage(impls: Implementation[]): string {
  const latest = impls.map((i) => i.runs[i.runs.length - 1] as Run);
  const ids = [...new Set(latest.flatMap((run) => run.results.requirements.map((r) => r.id)))];
  const byId = latest.map((run) => new Map(run.results.requirements.map((r) => [r.id, r])));
  const text = new Map(latest.flatMap((run) => run.results.requirements.map((r) => [r.id, r.text] as const)));
  const rows = ids.map((id) => {
    const verdicts = byId.map((m) => m.get(id)?.verdict);
    const differ = new Set(verdicts.filter(Boolean)).size > 1;
    return `<tr id="${escapeHtml(anchor(id))}"${differ ? ' class="differ"' : ''}><td class="id" title="${escapeHtml(text.get(id) ?? '')}">${escapeHtml(id)}</td>${verdicts.map((v, i) => cell(v, `${latest[i]?.path}/index.html#${anchor(id)}`)).join('')}</tr>`;
  });
  const heads = impls
    .map((impl, i) => {
      const run = latest[i] as Run;
      const b = badgeOf(run);
      return `<th><a href="${escapeHtml(`${impl.slug}.html`)}">${escapeHtml(impl.name)}</a><div class="muted">${escapeHtml(run.product.version)} · ${escapeHtml(run.results.startedAt.slice(0, 10))}</div>${badgeSvg(b.value, b.state)}</th>`;
    })
    .join('');
  return page(
    'cloudconf: implementations compared',
    `<header><h1>cloudconf: implementations compared</h1>
<p>The latest verified bundle of each implementation; each cell links to that requirement in the bundle's own report. Requirements judged differently are marked.</p>
${legend()}</header>
<main>
<section><h2>Scores by part</h2>${scores(latest, (r) => `part ${r.part}`, 'part')}</section>
<section><h2>Scores by area</h2>${scores(latest, (r) => r.area, 'area')}</section>
<section><h2>Requirements <span class="muted">(${ids.length})</span></h2>
<p><label><input type="checkbox" id="only-differ"> only requirements judged differently</label></p>
<table id="compare-table" class="site-compare"><thead><tr><th>requirement</th>${heads}</tr></thead><tbody>${rows.join('')}</tbody></table></section>
</main>`,
  );
}

function changesBetween(before: Run, after: Run): string {
  const was = new Map(before.results.requirements.map((r) => [r.id, r.verdict]));
  const changed = after.results.requirements.filter((r) => was.has(r.id) && was.get(r.id) !== r.verdict);
  const added = after.results.requirements.filter((r) => !was.has(r.id)).length;
  const items = changed.map(
    (r) =>
      `<li><a href="${escapeHtml(`${after.path}/index.html#${anchor(r.id)}`)}"><code>${escapeHtml(r.id)}</code></a>: <span class="badge v-${was.get(r.id)}">${was.get(r.id)}</span> → <span class="badge v-${r.verdict}">${r.verdict}</span></li>`,
  );
  return `<h3>${escapeHtml(runName(before))} → ${escapeHtml(runName(after))}: ${changed.length} changed${added ? `, ${added} newly judged` : ''}</h3>${items.length ? `<ul class="changes">${items.join('')}</ul>` : '<p class="muted">No verdict changed.</p>'}`;
}

function historyPage(impl: Implementation): string {
  const runs = impl.runs;
  const latest = runs[runs.length - 1] as Run;
  const b = badgeOf(latest);
  const table = runs
    .map((run) => {
      const s = run.results.summary;
      return `<tr><td><a href="${escapeHtml(`${run.path}/index.html`)}">${escapeHtml(run.results.startedAt)}</a></td><td>${escapeHtml(run.product.version)}</td><td>${escapeHtml(run.results.tool.version)}</td><td>${s.pass}</td><td>${s.fail}</td><td>${s.nonStrict}</td><td>${s.error}</td><td>${run.complete ? 'complete' : `partial: ${escapeHtml(run.partial.join('; '))}`}</td></tr>`;
    })
    .join('');
  const changes = runs.slice(1).map((run, i) => changesBetween(runs[i] as Run, run));
  return page(
    `cloudconf: ${impl.name}`,
    `<header><p><a href="index.html">← all implementations</a></p><h1>${escapeHtml(impl.name)}</h1>
<p>${escapeHtml(latest.product.vendor)} · <span class="id">${escapeHtml(latest.product.url)}</span></p>
<p class="badge-line">${badgeSvg(b.value, b.state)} <a href="${escapeHtml(`badges/${impl.slug}.svg`)}">badge.svg</a></p></header>
<main><section><h2>Pass counts over time</h2>${historyChart(runs.map((run) => ({ label: runName(run), pass: run.results.summary.pass, total: judged(run.results) })))}</section>
<section><h2>Runs</h2><table class="runs"><thead><tr><th>started</th><th>version</th><th>cloudconf</th><th>pass</th><th>fail</th><th>non-strict</th><th>error</th><th>run</th></tr></thead><tbody>${table}</tbody></table></section>
<section><h2>What changed between runs</h2>${changes.length ? changes.join('') : '<p class="muted">One run so far.</p>'}</section></main>`,
  );
}

/** Writes the site; returns 1 when a bundle was refused (the rest are published), 0 otherwise. */
export async function buildSite(
  dir: string,
  bundles: readonly string[],
  log: (line: string) => void,
  keys?: KeyRing,
): Promise<number> {
  const accepted: { file: string; v: Verification }[] = [];
  let refused = 0;
  for (const file of bundles) {
    const v = await verifyBundle(file, keys ? { keys } : {});
    if (!v.ok || !v.results) {
      refused += 1;
      log(`refused ${file}: ${v.problems.join('; ')}`);
    } else accepted.push({ file, v });
  }
  if (accepted.length === 0) throw new Error('no verified bundle to publish');
  const impls = new Map<string, Implementation>();
  for (const { file, v } of accepted) {
    const results = v.results as Results;
    const product = v.product?.name ? v.product : { name: results.target.baseUrl, version: '', vendor: '', url: '' };
    const slug = slugOf(product.name);
    const impl = impls.get(slug) ?? { name: product.name, slug, runs: [] };
    const path = `bundles/${slug}/${slugOf(`${results.startedAt}-${basename(file)}`)}`;
    mkdirSync(join(dir, path), { recursive: true });
    for (const [name, data] of v.files) writeFileSync(join(dir, path, name), data);
    writeFileSync(join(dir, path, 'bundle.tar.gz'), readFileSync(file));
    impl.runs.push({ results, product, complete: v.complete, partial: v.partial, path });
    impls.set(slug, impl);
  }
  const list = [...impls.values()];
  for (const impl of list) impl.runs.sort((a, b) => a.results.startedAt.localeCompare(b.results.startedAt));
  mkdirSync(join(dir, 'badges'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), comparisonPage(list));
  for (const impl of list) {
    writeFileSync(join(dir, `${impl.slug}.html`), historyPage(impl));
    const b = badgeOf(impl.runs[impl.runs.length - 1] as Run);
    writeFileSync(join(dir, 'badges', `${impl.slug}.svg`), badgeSvg(b.value, b.state));
  }
  log(
    `site: ${join(dir, 'index.html')} (${list.length} implementations, ${accepted.length} bundles${refused ? `, ${refused} refused` : ''})`,
  );
  return refused ? 1 : 0;
}
