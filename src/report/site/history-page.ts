// An implementation's page on the site: who signs for it, what its latest run compared, its runs with every verdict's count, the pass counts over time, and what changed between runs.

import { runBadge } from './badge.js';
import { factsOf, type SiteRun, scored, VERDICTS, verdictCounts } from './facts.js';
import type { SiteImplementation } from './identity.js';
import { anchor, esc, factsRows, legend, outLink, sitePage } from './markup.js';
import {
  badgeEndpoint,
  badgeImage,
  fromImplementations,
  implementationData,
  implementationPage,
  runData,
  runPage,
} from './paths.js';
import { historyChart } from './svg.js';

/** A run as a reader names it: the product version and when it started, to the minute. */
const runName = (run: SiteRun) =>
  `${run.product.version ? `${run.product.version}, ` : ''}${run.results.startedAt.slice(0, 16).replace('T', ' ')}`;

const link = (path: string) => esc(fromImplementations(path));

function changesBetween(before: SiteRun, after: SiteRun): string {
  const was = new Map(before.results.requirements.map((r) => [r.id, r.verdict]));
  const changed = after.results.requirements.filter((r) => was.has(r.id) && was.get(r.id) !== r.verdict);
  const added = after.results.requirements.filter((r) => !was.has(r.id)).length;
  const items = changed.map((r) => {
    const old = esc(was.get(r.id) as string);
    return `<li><a href="${link(`${runPage(after.implementation, after.id)}#${anchor(r.id)}`)}"><code>${esc(r.id)}</code></a>: <span class="badge v-${old}">${old}</span> → <span class="badge v-${esc(r.verdict)}">${esc(r.verdict)}</span></li>`;
  });
  return `<h3>${esc(runName(before))} → ${esc(runName(after))}: ${changed.length} changed${added ? `, ${added} newly judged` : ''}</h3>${items.length ? `<ul class="changes">${items.join('')}</ul>` : '<p class="muted">No verdict changed.</p>'}`;
}

function runsTable(runs: readonly SiteRun[]): string {
  const extra = [...new Set(runs.flatMap((run) => Object.keys(verdictCounts(run.results.requirements))))].filter(
    (v) => !(VERDICTS as string[]).includes(v),
  );
  const verdicts = [...VERDICTS, ...extra];
  const rows = runs.map((run) => {
    const f = factsOf(run);
    const cells = [
      `<a href="${link(runPage(run.implementation, run.id))}">${esc(f.startedAt)}</a> <a class="muted" href="${link(runData(run.implementation, run.id))}">json</a>`,
      esc(f.product.version),
      esc(`${f.cloudconf.version}${f.cloudconf.build ? ` (${f.cloudconf.build})` : ''}`),
      esc(`${f.encoding.revision}${f.encoding.current ? '' : ' (not current)'}`),
      esc(`${f.mode}, seed ${f.seed}, ${f.runs} runs`),
      ...verdicts.map((v) => String(f.counts[v] ?? 0)),
      f.complete ? 'complete' : `partial: ${esc(f.partial.join('; '))}`,
    ];
    return `<tr>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`;
  });
  const heads = ['started', 'version', 'cloudconf', 'encoding', 'how', ...verdicts, 'run'];
  return `<table class="runs"><thead><tr>${heads.map((h) => `<th>${esc(h)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

export function historyPage(impl: SiteImplementation, others: ReadonlyMap<string, SiteImplementation>): string {
  const { runs, latest } = impl;
  const alike = impl.sameNameAs.map((id) => {
    const o = others.get(id);
    return `<a href="${link(implementationPage(id))}">${esc(o?.name ?? id)}</a> (key ${esc(id)})`;
  });
  const changes = runs.slice(1).map((run, i) => changesBetween(runs[i] as SiteRun, run));
  const points = runs.map((run) => {
    const counted = run.results.requirements.filter(scored);
    return { label: runName(run), pass: counted.filter((r) => r.verdict === 'pass').length, total: counted.length };
  });
  return sitePage(
    `cloudconf: ${impl.name}`,
    `<header><p><a href="../index.html">← all implementations</a></p><h1>${esc(impl.name)}</h1>
<p>${outLink(latest.product.url, latest.product.vendor || latest.product.url)} · signed by key <code>${esc(impl.fingerprint)}</code> (SHA-256 of its public key): every run on this page was signed by it.</p>
${alike.length ? `<p class="warn">Not to be confused with ${alike.join(', ')}: another key signs for a name like this one.</p>` : ''}
<p class="badge-line">${runBadge(latest)} <a href="${link(badgeImage(impl.id))}">badge.svg</a> · <a href="${link(badgeEndpoint(impl.id))}">shields.io endpoint</a> · <a href="${link(implementationData(impl.id))}">data</a></p>
${legend()}</header>
<main><section><h2>What the latest run compared</h2><table class="facts-table"><tbody>${factsRows([factsOf(latest)])}</tbody></table></section>
<section><h2>Pass counts over time</h2>${historyChart(points)}</section>
<section><h2>Runs</h2>${runsTable(runs)}</section>
<section><h2>What changed between runs</h2>${changes.length ? changes.join('') : '<p class="muted">One run so far.</p>'}</section></main>`,
  );
}
