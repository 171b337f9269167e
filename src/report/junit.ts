// Renders results as JUnit XML: one test case per requirement, named by id and text, failures readable without the HTML.

import { curlLine } from '../http/curl.js';
import type { RequirementResult, Results } from './results.js';

const xml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] as string);

function failureText(r: RequirementResult): string {
  return r.failures
    .map((f) =>
      [
        `${f.check}${f.case ? ` [${f.case}]` : ''}`,
        `  expected: ${f.expected}`,
        `  actual:   ${f.actual}`,
        `  hint:     ${f.hint}`,
        ...f.exchanges.map((e) => `  replay:   ${curlLine(e.request)}`),
      ].join('\n'),
    )
    .join('\n\n');
}

function testCase(r: RequirementResult): string {
  const name = xml(`${r.id}: ${r.text}`);
  const open = `    <testcase classname="cloudconf.part${r.part}.${xml(r.area)}" name="${name}">`;
  if (r.verdict === 'fail' || r.verdict === 'error') {
    const tag = r.verdict === 'fail' ? 'failure' : 'error';
    const message = xml(r.failures[0] ? `${r.failures[0].check}: ${r.failures[0].actual}` : (r.reason ?? r.verdict));
    return `${open}\n      <${tag} message="${message}">${xml(failureText(r) || r.reason || '')}</${tag}>\n    </testcase>`;
  }
  if (r.verdict === 'skipped' || r.verdict === 'excluded') {
    return `${open}\n      <skipped message="${xml(`${r.verdict}: ${r.reason ?? ''}`)}"/>\n    </testcase>`;
  }
  if (r.verdict === 'non-strict') {
    return `${open}\n      <system-out>${xml(`non-strict (SHOULD broken)\n${failureText(r)}`)}</system-out>\n    </testcase>`;
  }
  return `${open}</testcase>`;
}

export function renderJunit(results: Results): string {
  const byPart = [1, 2, 3].map((p) => results.requirements.filter((r) => r.part === p)).filter((rs) => rs.length);
  const suites = byPart.map((rs) => {
    const part = rs[0]?.part;
    const failures = rs.filter((r) => r.verdict === 'fail').length;
    const errors = rs.filter((r) => r.verdict === 'error').length;
    const skipped = rs.filter((r) => r.verdict === 'skipped' || r.verdict === 'excluded').length;
    return `  <testsuite name="Part ${part}" tests="${rs.length}" failures="${failures}" errors="${errors}" skipped="${skipped}">\n${rs.map(testCase).join('\n')}\n  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="cloudconf ${xml(results.target.baseUrl)}">\n${suites.join('\n')}\n</testsuites>\n`;
}
