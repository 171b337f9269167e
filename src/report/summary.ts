// Renders the Markdown summary of a run: counts per part, the baseline comparison, then every failure with expected, actual, hint and replay line.

import { cleanupSection } from '../cleanup/summary-section.js';
import { curlLine } from '../http/curl.js';
import { code, plain } from '../http/inert-markdown.js';
import { isBroken, VERDICTS as verdicts } from '../vocabulary/outcome.js';
import { hygieneLines } from './baseline.js';
import { groupFailures, oneLine } from './group.js';
import { areaProgress, nextToFix, stoppedLine } from './progress.js';
import { selectionLine } from './provenance.js';
import { replayCommand } from './replay.js';
import { type Results, retryWaitSentence } from './results.js';
import { VERDICT_MEANING } from './verdicts.js';

/** Any value of results.json as plain Markdown: a file given to `report --render` may hold text where a number or date belongs. */
const md = (value: unknown): string => plain(String(value));

/** The run's provenance under the title: build, encoding, selection and settings, where and when. */
function provenanceLines(results: Results): string[] {
  const p = results.provenance;
  const build = results.tool.build ? `build ${code(results.tool.build)}` : '';
  if (!p) return build ? ['', `Build: ${build}`] : [];
  return [
    '',
    `| build | encoding | selection | mode | runs | concurrency | strictness |`,
    '|---|---|---|---|---|---|---|',
    `| ${code(results.tool.build ?? '')} | ${code(p.encoding)} | ${code(selectionLine(p.selection))} | ${md(p.mode)} | ${md(p.runs)} | ${md(p.concurrency)} | ${results.strict ? 'strict' : 'MUST only'} |`,
    '',
    `Target ${code(results.target.baseUrl)}, beta ${code(p.betaUrl ?? '')}; ${md(results.startedAt)} to ${md(p.endedAt)}; Node ${md(p.node)} on ${md(p.platform)}.`,
  ];
}

/** The implementer's view, first: the target gone silent, a table per area, and what to fix next. */
function progressSection(results: Results): string[] {
  const areas = areaProgress(results);
  const next = nextToFix(results);
  const lines = results.stopped ? ['', `**${plain(stoppedLine(results.stopped))}**`] : [];
  lines.push(
    '',
    '| area | operations | not implemented | not offered | pass | failing | not judged |',
    '|---|---|---|---|---|---|---|',
    ...areas.map(
      (a) =>
        `| ${a.area} | ${a.operations} | ${a.notImplemented} | ${a.notOffered} | ${a.pass} | ${a.failing} | ${a.other} |`,
    ),
  );
  if (next.length) lines.push('', '**Next to fix:**', '', ...next.map((l, i) => `${i + 1}. ${plain(l)}`));
  return lines;
}

function incompleteSection(results: Results): string[] {
  if (!results.incomplete) return [];
  return [
    '',
    '## Incomplete run',
    '',
    'A part of the run failed, so this is no verdict on the target (exit 2); what was judged before is below.',
    '',
    ...results.incomplete.reasons.map((r) => `- ${plain(r)}`),
  ];
}

/** Requirements whose verdict rests on answers that came only on a retry, whatever the verdict: the mark of issue 28 item 9. */
function flakySection(results: Results): string[] {
  const flaky = results.requirements.filter((r) => r.flaky);
  if (flaky.length === 0) return [];
  return [
    '',
    `## Flaky (${flaky.length})`,
    '',
    'The target answered some requests of these only on a retry (after a 5xx or a lost connection); the verdict stands.',
    '',
    ...flaky.map((r) => `- ${code(r.id)} (${r.verdict}): ${plain(r.flaky as string)}`),
  ];
}

function baselineSection(results: Results): string[] {
  const b = results.baseline;
  if (!b) return [];
  const list = (title: string, ids: string[]) =>
    ids.length
      ? [
          `**${title}** (${ids.length}):`,
          '',
          ...ids.map(
            (id) =>
              `- ${code(id)}${b.reasons?.[id] ? `: ${plain(b.reasons[id])}` : ''}${b.links?.[id] ? ` (${plain(b.links[id])})` : ''}${b.expires?.[id] ? `, until ${b.expires[id]}` : ''}`,
          ),
          '',
        ]
      : [];
  return [
    '',
    '## Against the baseline',
    '',
    `Known state: ${b.sources.map(code).join(', ')}. ${b.newFailures.length} new failure(s), ${b.improved.length} improved, ${b.known.length} known failure(s); ${b.newFailures.length ? 'the run fails on the new failures.' : 'nothing got worse.'}`,
    '',
    ...list('New failures', b.newFailures),
    ...list('New non-strict (SHOULD broken; not failing without --strict)', b.newNonStrict),
    ...list('New errors', b.newErrors),
    ...list('Improved', b.improved),
    ...list('Known failures, still failing', b.known),
    ...list('Known failures, not judged this time', b.notJudged),
    ...hygieneLines(b.hygiene).map((l) => `- ${plain(l)}`),
  ];
}

export function renderSummary(results: Results): string {
  const lines = [
    `# cloudconf conformance${results.incomplete ? ' (incomplete)' : ''}: ${plain(results.target.baseUrl)}`,
    '',
    `cloudconf ${md(results.tool.version)}, seed ${md(results.seed)}, ${md(results.startedAt)}, ${(Number(results.durationMs) / 1000).toFixed(1)} s, ${md(results.summary.requests)} requests${results.summary.retries ? ` (${md(results.summary.retries)} retried)` : ''}${results.runId ? `, run ${code(results.runId)}` : ''}`,
    ...provenanceLines(results),
    ...(results.shard
      ? [
          '',
          `Shard ${md(results.shard.index)}/${md(results.shard.total)}: ${results.shard.files.map(code).join(', ') || 'no suite file'}`,
        ]
      : []),
    ...(results.mergedFrom ? ['', `Merged from ${results.mergedFrom.map(code).join(', ')}`] : []),
    ...(results.missingShards
      ? [
          '',
          `**Missing shard${results.missingShards.length > 1 ? 's' : ''}**: ${results.missingShards.map(md).join(', ')}; their requirements are not in this merge.`,
        ]
      : []),
    ...progressSection(results),
    '',
    `| part | ${verdicts.join(' | ')} |`,
    `|---|${verdicts.map(() => '---').join('|')}|`,
  ];
  for (const part of [...new Set(results.requirements.map((r) => r.part))].sort()) {
    const rs = results.requirements.filter((r) => r.part === part);
    lines.push(`| ${md(part)} | ${verdicts.map((v) => rs.filter((r) => r.verdict === v).length).join(' | ')} |`);
  }
  if (results.retryWait) lines.push('', `Waiting: ${plain(retryWaitSentence(results.retryWait))}.`);
  lines.push(...incompleteSection(results));
  lines.push(...flakySection(results));
  lines.push(...baselineSection(results));
  lines.push(...cleanupSection(results.cleanup));
  const bad = results.requirements.filter((r) => isBroken(r.verdict));
  if (bad.length) lines.push('', '## Failures', '');
  for (const r of bad) {
    lines.push(
      `### ${md(String(r.verdict).toUpperCase())} ${code(r.id)} (${md(r.level)})${r.flaky ? ' (flaky)' : ''}`,
      '',
      plain(r.text),
      '',
    );
    if (r.reason) lines.push(`Reason: ${plain(r.reason)}`, '');
    if (r.flaky) lines.push(`Flaky: ${plain(r.flaky)}`, '');
    for (const { first: f, like } of groupFailures(r.failures)) {
      const what = f.case ? ` (${plain(f.case)})` : '';
      const alike = like.length ? ` ${like.length + 1} cases like this one; the first:` : '';
      lines.push(
        `- **${plain(f.check)}**${alike}${what}: expected ${plain(f.expected)}; got ${plain(f.actual)}. ${plain(f.hint)}`,
      );
      for (const e of f.exchanges) lines.push(`  ${code(curlLine(e.request))}`);
      for (const other of like) lines.push(`  - ${plain(oneLine(other))}`);
    }
    lines.push(`  Replay: ${code(replayCommand(results, r.id))}`, '');
  }
  lines.push(
    '',
    `Verdicts: ${verdicts.map((v) => `**${v}**: ${VERDICT_MEANING[v]}`).join('; ')}.`,
    '',
    'The full report, with every request and response: `index.html` in this directory.',
  );
  return `${lines.join('\n')}\n`;
}
