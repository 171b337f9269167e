// The site's index.html: the latest verified run of every implementation side by side, what each compared, scores by part and area, and a row per requirement with every verdict and known failure.

import { shortFingerprint } from '../bundle/trusted-keys.js';
import type { Results } from '../results.js';
import { runBadge } from './badge.js';
import { factsOf, knownFailureOf, scored } from './facts.js';
import type { SiteImplementation } from './identity.js';
import { anchor, esc, factsRows, legend, sitePage, verdictCell } from './markup.js';
import { implementationPage, runPage } from './paths.js';

/**
 * Pass counts per part or area for each implementation's latest run, over every requirement any of them
 * judged there, less what this one's run left out of its score (excluded, not offered): a requirement
 * missing from its run counts as not passed, so a narrow run cannot look as good as a whole one.
 */
function scores(
  impls: readonly SiteImplementation[],
  key: (r: Results['requirements'][number]) => string,
  label: string,
) {
  const ids = new Map<string, Set<string>>();
  for (const i of impls)
    for (const r of i.latest.results.requirements) ids.set(key(r), (ids.get(key(r)) ?? new Set()).add(r.id));
  const groups = [...ids.keys()].sort();
  const rows = groups.map((g) => {
    const cells = impls.map((i) => {
      const own = new Map(i.latest.results.requirements.filter((r) => key(r) === g).map((r) => [r.id, r]));
      const counted = [...(ids.get(g) ?? [])].filter((id) => {
        const r = own.get(id);
        return !r || scored(r);
      });
      const pass = counted.filter((id) => own.get(id)?.verdict === 'pass').length;
      const missing = counted.filter((id) => !own.has(id)).length;
      const title = missing ? ` title="${missing} not in this run"` : '';
      return `<td class="score${counted.length && pass === counted.length ? ' full' : ''}"${title}>${pass}/${counted.length}${missing ? '<span class="muted">*</span>' : ''}</td>`;
    });
    return `<tr><th scope="row">${esc(g)}</th>${cells.join('')}</tr>`;
  });
  return `<table class="scores"><thead><tr><th>${label}</th>${impls.map((i) => `<th>${esc(i.name)}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table><p class="muted">Passed over the requirements judged there by any implementation, less those its own run excludes or does not offer; * some were not in its run.</p>`;
}

function heading(impl: SiteImplementation): string {
  const alike = impl.sameNameAs.length
    ? '<div class="warn-inline">another implementation, signed by another key, has a name like this one</div>'
    : '';
  return `<th><a href="${esc(implementationPage(impl.id))}">${esc(impl.name)}</a><div class="muted key">key ${esc(shortFingerprint(impl.fingerprint))}</div>${alike}${runBadge(impl.latest)}</th>`;
}

export function comparisonPage(impls: readonly SiteImplementation[]): string {
  const ids = [...new Set(impls.flatMap((i) => i.latest.results.requirements.map((r) => r.id)))];
  const byId = impls.map((i) => new Map(i.latest.results.requirements.map((r) => [r.id, r])));
  const text = new Map(impls.flatMap((i) => i.latest.results.requirements.map((r) => [r.id, r.text] as const)));
  const rows = ids.map((id) => {
    const verdicts = byId.map((m) => m.get(id)?.verdict);
    const differ = new Set(verdicts.filter(Boolean)).size > 1;
    const cells = impls.map((impl, i) =>
      verdictCell(
        verdicts[i],
        `${runPage(impl.id, impl.latest.id)}#${anchor(id)}`,
        knownFailureOf(impl.latest.results, id),
      ),
    );
    return `<tr id="${esc(anchor(id))}"${differ ? ' class="differ"' : ''}><td class="id" title="${esc(text.get(id) ?? '')}">${esc(id)}</td>${cells.join('')}</tr>`;
  });
  const heads = impls.map(heading).join('');
  return sitePage(
    'cloudconf: implementations compared',
    `<header><h1>cloudconf: implementations compared</h1>
<p>The latest verified, signed bundle of each implementation. An implementation is its signing key: two keys never share a column, whatever their names. Every page here is rendered by cloudconf from the verified verdicts; nothing of a bundle's own pages is served. The data: <a href="implementations.json">implementations.json</a>.</p>
${legend()}</header>
<main>
<section><h2>What was compared</h2><table class="facts-table"><thead><tr><th></th>${heads}</tr></thead><tbody>${factsRows(impls.map((i) => factsOf(i.latest)))}</tbody></table></section>
<section><h2>Scores by part</h2>${scores(impls, (r) => `part ${r.part}`, 'part')}</section>
<section><h2>Scores by area</h2>${scores(impls, (r) => r.area, 'area')}</section>
<section><h2>Requirements <span class="muted">(${ids.length})</span></h2>
<p><label><input type="checkbox" id="only-differ"> only requirements judged differently</label></p>
<table id="compare-table" class="site-compare"><thead><tr><th>requirement</th>${impls.map((i) => `<th><a href="${esc(implementationPage(i.id))}">${esc(i.name)}</a></th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table></section>
</main>`,
  );
}
