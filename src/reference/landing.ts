// The landing page at `/` of the fake: what it holds per account and area (each list linked to its JSON), its latest requests, the faults and injections switched on, and the links to the OpenAPI document and the control interface; plain HTML, no script, every value escaped, under a policy that loads nothing.

import { createHash } from 'node:crypto';
import { TOOL_VERSION } from '../version.js';
import { holdings, MAX_ACCOUNTS } from './holdings.js';
import { describeInjection, rulesOf } from './injection.js';
import type { Journal } from './journal.js';
import type { World } from './model/world.js';

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text for HTML content and quoted attributes: nothing a request sent can become markup. */
const esc = (value: unknown): string => String(value).replace(/[&<>"']/g, (c) => ENTITIES[c] as string);

/** Requests shown on the page; the journal holds more (`GET /__cloudconf/requests`). */
const LATEST = 25;

const CSS = `body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1b1f24;background:#f6f7f9}
header{background:#1f2a44;color:#fff;padding:14px 24px}header h1{margin:0;font-size:20px}header p{margin:4px 0 0;color:#c9d1e3}
main{padding:8px 24px 32px;display:grid;gap:18px;grid-template-columns:repeat(auto-fit,minmax(420px,1fr))}
section{background:#fff;border:1px solid #d8dde6;border-radius:6px;padding:12px 16px}section.wide{grid-column:1/-1}
h2{font-size:16px;margin:4px 0 10px}h3{font-size:14px;margin:12px 0 6px}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:3px 8px;border-bottom:1px solid #eceff3;vertical-align:top}
th{font-weight:600;color:#4a5568}td.n{text-align:right;font-variant-numeric:tabular-nums}
code,.mono{font-family:ui-monospace,monospace;font-size:13px;word-break:break-all}a{color:#1d4ed8}
.s2{color:#116329}.s4{color:#9a3412}.s5,.dropped{color:#b91c1c}.muted{color:#6b7280}ul{margin:4px 0;padding-left:20px}`;

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The page's policy: its own stylesheet (by hash), no script at all, nothing loaded from anywhere. */
const POLICY = `default-src 'none'; style-src ${sha256(CSS)}; img-src data:; base-uri 'none'; form-action 'none'`;
/** As the header sends it: no page may frame the fake's state either (a meta element cannot say that). */
export const LANDING_POLICY = `${POLICY}; frame-ancestors 'none'`;

const link = (href: string, text: string) => `<a href="${esc(href)}">${esc(text)}</a>`;

function holdingsSection(world: World): string {
  const accounts = [...world.accounts.values()];
  const shown = accounts.slice(0, MAX_ACCOUNTS).map((account) => {
    const rows = holdings(world, account)
      .map((h) => {
        const json = `/__cloudconf/entities?operation=${encodeURIComponent(h.operation)}&account=${account.id}`;
        const count =
          h.refused === undefined
            ? `<td class="n">${esc(h.count)}</td><td>${link(json, 'JSON')}</td>`
            : `<td colspan="2" class="muted">${esc(h.refused)}</td>`;
        return `<tr><td>${esc(h.area)}</td><td><code>${esc(h.operation)}</code></td>${count}</tr>`;
      })
      .join('');
    const owner = account.users.keys().next().value ?? '';
    return `<h3>Account ${esc(account.id)} <span class="muted">(owner ${esc(owner)}, ${esc(account.users.size)} user${account.users.size === 1 ? '' : 's'})</span></h3>
<table><thead><tr><th>area</th><th>list</th><th>entities</th><th></th></tr></thead><tbody>${rows}</tbody></table>`;
  });
  const more =
    accounts.length > MAX_ACCOUNTS ? `<p class="muted">and ${accounts.length - MAX_ACCOUNTS} more accounts</p>` : '';
  return `<section class="wide" id="holdings"><h2>What the fake holds</h2>${shown.join('')}${more}</section>`;
}

function requestsSection(journal: Journal | undefined): string {
  if (!journal)
    return '<section class="wide" id="requests"><h2>Latest requests</h2><p class="muted">The journal is off.</p></section>';
  const { requests, matched } = journal.list({}, LATEST);
  const rows = requests
    .map((r) => {
      const status = r.status === 'dropped' ? 'dropped' : `s${String(r.status)[0]}`;
      const miss = r.nearMiss
        ? [
            ...r.nearMiss.rules.map((rule) => `${rule.requirement}: ${rule.text}`),
            ...(r.nearMiss.hint ? [r.nearMiss.hint] : []),
          ]
            .slice(0, 2)
            .join(' · ') || r.nearMiss.said.join('; ')
        : '';
      return `<tr><td class="mono">${esc(r.time)}</td><td>${esc(r.method)}</td><td class="mono">${esc(r.path)}</td><td class="${status}">${esc(r.status)}${r.injected ? ` <span class="muted">(injected ${esc(r.injected)})</span>` : ''}</td><td><code>${esc(r.operation ?? '')}</code></td><td>${esc(miss)}</td></tr>`;
    })
    .join('');
  const usage = journal.usage();
  return `<section class="wide" id="requests"><h2>Latest requests</h2>
<p class="muted">${esc(Math.min(LATEST, matched))} newest of ${esc(usage.entries)} kept (bounds: ${esc(usage.limits.maxEntries)} entries, ${esc(usage.limits.maxBytes)} bytes). All of them: ${link('/__cloudconf/requests', '/__cloudconf/requests')}</p>
<table><thead><tr><th>time</th><th>method</th><th>path</th><th>status</th><th>operation</th><th>why refused</th></tr></thead><tbody>${rows || '<tr><td colspan="6" class="muted">none yet</td></tr>'}</tbody></table></section>`;
}

function switchesSection(world: World): string {
  const faults = [...world.faults];
  const rules = rulesOf(world);
  const list = (items: string[], none: string) =>
    items.length
      ? `<ul>${items.map((i) => `<li><code>${esc(i)}</code></li>`).join('')}</ul>`
      : `<p class="muted">${esc(none)}</p>`;
  return `<section id="switches"><h2>Faults and injections on</h2>
<h3>Faults (${esc(faults.length)})</h3>${list(faults, 'none: the server behaves as the documents say')}
<h3>Injections pending (${esc(rules.length)})</h3>${list(
    rules.map(
      (r) =>
        `${describeInjection(r)} × ${r.remaining}${r.method ? ` ${r.method}` : ''}${r.pathPrefix ? ` ${r.pathPrefix}…` : ''}`,
    ),
    'none',
  )}</section>`;
}

const CONTROL_LINKS: [string, string][] = [
  ['/__cloudconf/info', 'server information'],
  ['/__cloudconf/requests', 'request journal (filters: method, pathPrefix, status, since, until, limit)'],
  ['/__cloudconf/faults', 'faults on and known'],
  ['/__cloudconf/inject', 'injected errors and delays pending'],
  ['/__cloudconf/state', 'the whole state as JSON'],
];

function linksSection(origin: string): string {
  return `<section id="links"><h2>Documents and control</h2>
<ul><li>${link('/openapi.json', 'OpenAPI 3.1 document')} <span class="muted">(servers at this fake, the catalogue as enums)</span></li>
<li>API roots: <code>${esc(origin)}/v4</code>, <code>${esc(origin)}/v4beta</code> <span class="muted">(a bearer token is needed)</span></li></ul>
<h3>Control interface</h3><ul>${CONTROL_LINKS.map(([href, what]) => `<li>${link(href, href)} <span class="muted">${esc(what)}</span></li>`).join('')}</ul></section>`;
}

/** The landing page of a fake served at `origin`. */
export function landingPage(world: World, journal: Journal | undefined, origin: string): string {
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${esc(POLICY)}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>cloudconf fake</title><style>${CSS}</style></head>
<body><header><h1>cloudconf reference server</h1><p>the Cloud Account API as a fake · cloudconf ${esc(TOOL_VERSION)} · ${esc(world.now().toISOString())} on its clock</p></header>
<main>${linksSection(origin)}${switchesSection(world)}${holdingsSection(world)}${requestsSection(journal)}</main>
</body></html>
`;
}
