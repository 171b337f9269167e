// The plain forms of the reports, written when a renderer throws: the counts, the reasons the run is incomplete, and a line per requirement.

import { plain } from '../http/inert-markdown.js';
import { xml } from './junit.js';
import { escapeHtml } from './page.js';
import type { Results } from './results.js';

const reasonsOf = (results: Results) => results.incomplete?.reasons ?? ['unknown'];

const countsLine = (results: Results) =>
  Object.entries(results.summary)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');

/** results.json without the exchanges of failures (the part that can be too large to serialise). */
export function slimResults(results: Results): Results {
  return {
    ...results,
    requirements: results.requirements.map((r) => ({
      ...r,
      failures: r.failures.map((f) => ({ ...f, exchanges: [] })),
    })),
  };
}

export function fallbackSummary(results: Results): string {
  return [
    `# cloudconf conformance (incomplete): ${plain(String(results.target.baseUrl))}`,
    '',
    '**Incomplete run**: this report is the plain form, written because a part of the run failed:',
    '',
    ...reasonsOf(results).map((r) => `- ${plain(r)}`),
    '',
    `Counts: ${countsLine(results)}.`,
    '',
    ...results.requirements.map((r) => `- ${plain(r.id)}: ${r.verdict}`),
    '',
  ].join('\n');
}

export function fallbackJunit(results: Results): string {
  const cases = results.requirements.map(
    (r) =>
      `    <testcase classname="cloudconf" name="${xml(r.id)}" time="0">${r.verdict === 'fail' ? '<failure message="fail"/>' : r.verdict === 'error' ? '<error message="error"/>' : ''}</testcase>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="cloudconf (incomplete)">
  <testsuite name="cloudconf run" tests="${cases.length + 1}" time="0">
    <testcase classname="cloudconf.run" name="the run completed" time="0"><error message="${xml(reasonsOf(results).join('; '))}"/></testcase>
${cases.join('\n')}
  </testsuite>
</testsuites>
`;
}

export function fallbackHtml(results: Results): string {
  const rows = results.requirements.map((r) => `<li><code>${escapeHtml(r.id)}</code>: ${escapeHtml(r.verdict)}</li>`);
  return `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'"><title>cloudconf (incomplete)</title></head>
<body><h1>cloudconf conformance report (incomplete)</h1>
<p>This is the plain form of the report, written because a part of the run failed:</p>
<ul>${reasonsOf(results)
    .map((r) => `<li>${escapeHtml(r)}</li>`)
    .join('')}</ul>
<p>${escapeHtml(countsLine(results))}</p>
<ul>${rows.join('')}</ul>
</body></html>
`;
}
