// Renders the Markdown summary of a run: counts per part, then every failure with expected, actual, hint and replay line.

import { curlLine } from '../http/curl.js';
import type { Results } from './results.js';

const verdicts = ['pass', 'fail', 'non-strict', 'skipped', 'error', 'excluded'] as const;

export function renderSummary(results: Results): string {
  const lines = [
    `# cloudconf conformance: ${results.target.baseUrl}`,
    '',
    `cloudconf ${results.tool.version}, seed ${results.seed}, ${results.startedAt}, ${(results.durationMs / 1000).toFixed(1)} s, ${results.summary.requests} requests`,
    '',
    `| part | ${verdicts.join(' | ')} |`,
    `|---|${verdicts.map(() => '---').join('|')}|`,
  ];
  for (const part of [1, 2, 3]) {
    const rs = results.requirements.filter((r) => r.part === part);
    if (rs.length)
      lines.push(`| ${part} | ${verdicts.map((v) => rs.filter((r) => r.verdict === v).length).join(' | ')} |`);
  }
  const bad = results.requirements.filter(
    (r) => r.verdict === 'fail' || r.verdict === 'error' || r.verdict === 'non-strict',
  );
  if (bad.length) lines.push('', '## Failures', '');
  for (const r of bad) {
    lines.push(`### ${r.verdict.toUpperCase()} \`${r.id}\` (${r.level})`, '', r.text, '');
    if (r.reason) lines.push(`Reason: ${r.reason}`, '');
    for (const f of r.failures) {
      lines.push(`- **${f.check}**${f.case ? ` (${f.case})` : ''}: expected ${f.expected}; got ${f.actual}. ${f.hint}`);
      for (const e of f.exchanges) lines.push(`  \`${curlLine(e.request)}\``);
    }
    lines.push(`  Replay: \`cloudconf run --seed ${results.seed} --only ${r.id}\``, '');
  }
  return `${lines.join('\n')}\n`;
}
