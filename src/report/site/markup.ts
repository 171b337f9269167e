// Markup the site's pages share: the page shell under the reports' CSP, the verdict legend, a verdict cell with its known failure, and the table of what each run compared.

import { inertLine } from '../../http/inert.js';
import { shortFingerprint } from '../bundle/trusted-keys.js';
import { asset, escapeHtml, htmlPage } from '../page.js';
import { VERDICT_MEANING } from '../verdicts.js';
import { type KnownFailure, type RunFacts, VERDICTS } from './facts.js';

export const anchor = (id: string) => `req-${encodeURIComponent(id)}`;

/**
 * Text from a bundle as the site shows it: HTML-escaped, and its control characters, bidirectional
 * overrides and invisible marks shown as escapes, so a name cannot read as another's ("Acme" written
 * backwards behind U+202E) or hide part of itself.
 */
export const esc = (text: string): string => escapeHtml(inertLine(text));

/** A page of the site: cloudconf's own style and script, pinned by hash; nothing else runs or loads. */
export function sitePage(title: string, body: string): string {
  return htmlPage({
    title: inertLine(title),
    body,
    css: `${asset('report.css')}\n${asset('site.css')}`,
    script: asset('site.js'),
    data: null,
  });
}

export function legend(): string {
  return `<details class="legend"><summary>What the verdicts mean</summary><dl>${VERDICTS.map((v) => `<div><dt><span class="badge v-${esc(v)}">${esc(v)}</span></dt><dd>${esc(VERDICT_MEANING[v])}</dd></div>`).join('')}</dl></details>`;
}

/** A link a page may carry: http(s) only, escaped, opened without a referrer. */
export const outLink = (href: string, text: string): string =>
  /^https?:\/\/[^\s"'<>]+$/i.test(href)
    ? `<a href="${esc(href)}" rel="noopener noreferrer nofollow">${esc(text)}</a>`
    : esc(text);

export function knownMark(known: KnownFailure | undefined): string {
  if (!known) return '';
  const parts = [
    known.reason ? esc(known.reason) : 'no reason given',
    ...(known.link ? [outLink(known.link, 'link')] : []),
    ...(known.expires ? [`until ${esc(known.expires)}`] : []),
  ];
  return `<div class="known">known failure: ${parts.join(' · ')}</div>`;
}

/** A table cell for a verdict (or for a requirement the run did not have), linking to the run's page at the requirement. */
export function verdictCell(verdict: string | undefined, href: string, known?: KnownFailure): string {
  if (!verdict) return '<td class="muted">not in this run</td>';
  return `<td><a class="badge v-${esc(verdict)}" href="${esc(href)}">${esc(verdict)}</a>${knownMark(known)}</td>`;
}

const yesNo = (b: boolean | undefined, yes: string, no: string) => (b === undefined ? '' : b ? yes : no);

/** The rows of "what was compared": one column per run, one row per fact, every verdict's count included. */
export function factsRows(columns: readonly RunFacts[]): string {
  const row = (label: string, cells: string[]) =>
    `<tr><th scope="row">${esc(label)}</th>${cells.map((c) => `<td>${c}</td>`).join('')}</tr>`;
  const text = (f: (x: RunFacts) => string) => columns.map((x) => esc(f(x)));
  const extraVerdicts = [...new Set(columns.flatMap((x) => Object.keys(x.counts)))].filter(
    (v) => !(VERDICTS as string[]).includes(v),
  );
  return [
    row(
      'product',
      text((x) => `${x.product.name} ${x.product.version}`.trim()),
    ),
    row(
      'vendor',
      columns.map((x) => outLink(x.product.url, x.product.vendor || x.product.url)),
    ),
    row(
      'signing key',
      text((x) => shortFingerprint(x.key)),
    ),
    row(
      'profile',
      text((x) =>
        x.profile
          ? `${x.profile.declared}${yesNo(x.profile.complete, '; complete for its profile', '; not complete for its profile')}`
          : 'none declared',
      ),
    ),
    row(
      'run',
      text((x) => (x.complete ? 'complete' : `partial: ${x.partial.join('; ')}`)),
    ),
    row(
      'cloudconf',
      text((x) => `${x.cloudconf.version}${x.cloudconf.build ? `, build ${x.cloudconf.build}` : ''}`),
    ),
    row(
      'encoding',
      text((x) => `${x.encoding.revision} (${x.encoding.current ? 'current' : 'not current'})`),
    ),
    row(
      'target',
      text((x) => x.target),
    ),
    row(
      'date',
      text((x) => `${x.startedAt}${x.endedAt ? ` to ${x.endedAt}` : ''}`),
    ),
    row(
      'seed',
      text((x) => String(x.seed)),
    ),
    row(
      'mode',
      text((x) => x.mode),
    ),
    row(
      'runs',
      text((x) => String(x.runs)),
    ),
    row(
      'strictness',
      text((x) => (x.strict ? 'strict (SHOULD fails)' : 'MUST only')),
    ),
    row(
      'selection',
      text((x) => x.selection),
    ),
    ...[...VERDICTS, ...extraVerdicts].map((v) =>
      row(
        v,
        columns.map((x) => `<span class="badge v-${esc(v)}">${x.counts[v] ?? 0}</span>`),
      ),
    ),
    row(
      'bundle SHA-256',
      text((x) => x.bundle.sha256),
    ),
  ].join('');
}
