// Renders results as JUnit XML: one test case per requirement, named by id and text, failures readable without the HTML.

import { curlLine } from '../http/curl.js';
import type { Exchange } from '../http/exchange.js';
import { escapedCharacter, INVISIBLE } from '../http/inert.js';
import { isJudged } from '../vocabulary/outcome.js';
import { selectionLine } from './provenance.js';
import { replayCommand } from './replay.js';
import type { RequirementResult, Results } from './results.js';

/** Characters XML 1.0 cannot carry at all, even escaped; a hostile target can send them, and one breaks the whole file. */
const NOT_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = { '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' };

export const xml = (s: string): string =>
  s
    .replace(NOT_XML, (c) => `\\u${(c.codePointAt(0) as number).toString(16).padStart(4, '0')}`)
    // What XML can carry but a reader would not see, or would see reordered (zero-width, bidirectional controls): shown escaped.
    .replace(INVISIBLE, (c) => (c === '\t' || c === '\n' || c === '\r' ? c : escapedCharacter(c)))
    .replace(/[<>&"']/g, (c) => ENTITIES[c] as string);

function exchangeLines(e: Exchange): string[] {
  const answer = e.transportError
    ? `no answer (${e.transportError.code}: ${e.transportError.message})`
    : `${e.response?.status} ${e.response?.text.slice(0, 500) ?? ''}`;
  return [`    ${e.request.method} ${e.request.url} -> ${answer}`, `    curl: ${curlLine(e.request)}`];
}

/** The body of a failure element: what was required, each failed check with expected, actual, hint and curl lines, and the replay command. */
export function failureText(results: Results, r: RequirementResult): string {
  const lines = [`${r.id} [${r.level}] ${r.verdict}: ${r.text}`];
  if (r.reason) lines.push(`reason: ${r.reason}`);
  for (const f of r.failures) {
    lines.push(
      '',
      `check ${f.check}${f.case ? ` (case: ${f.case})` : ''}`,
      `  expected: ${f.expected}`,
      `  actual:   ${f.actual}`,
      `  hint:     ${f.hint}`,
    );
    for (const e of f.exchanges) lines.push(...exchangeLines(e));
  }
  lines.push('', `replay: ${replayCommand(results, r.id)}`);
  return lines.join('\n');
}

/** Requirements JUnit shows as skipped: not judged on the target, with the reason in the message. */
const unjudged = (r: RequirementResult) => !isJudged(r.verdict);

/** The one-line message CI tools show next to the test name. */
function message(r: RequirementResult): string {
  const f = r.failures[0];
  if (!f) return `${r.verdict}: ${r.reason ?? ''}`;
  return `${f.check}: expected ${f.expected}; got ${f.actual}`;
}

/**
 * Properties of a test case, for what JUnit has no element for: a non-strict requirement (a SHOULD
 * broken, passing without --strict) says so with its first failure, a flaky one why.
 */
function caseProperties(results: Results, r: RequirementResult): string {
  const pairs: [string, string][] = [];
  if (r.verdict === 'non-strict') {
    const f = r.failures[0];
    pairs.push([
      'cloudconf.non-strict',
      `a SHOULD broken (${results.strict ? 'failing under --strict' : 'passing without --strict'})${f ? `: ${message(r)}` : ''}`,
    ]);
  }
  if (r.flaky) pairs.push(['cloudconf.flaky', r.flaky]);
  if (pairs.length === 0) return '';
  const items = pairs.map(([k, v]) => `        <property name="${k}" value="${xml(v)}"/>`).join('\n');
  return `\n      <properties>\n${items}\n      </properties>`;
}

function testCase(results: Results, r: RequirementResult, known: ReadonlySet<string>): string {
  const name = xml(`${r.id}: ${r.text}`);
  const open = `    <testcase classname="cloudconf.part${r.part}.${xml(r.area)}" name="${name}" time="${seconds(r.durationMs)}">`;
  // The properties follow the element that says how the case ended: readers (and verify) look for that first.
  const close = `${caseProperties(results, r)}\n    </testcase>`;
  const failing = r.verdict === 'fail' || (r.verdict === 'non-strict' && results.strict);
  const body = () => xml(failureText(results, r));
  if (failing && known.has(r.id)) {
    // Known against the baseline: the run passes, so CI must not show it red; the details stay readable.
    const why = results.baseline?.reasons?.[r.id];
    return `${open}\n      <skipped message="${xml(`known failure${why ? `: ${why}` : ''}; ${message(r)}`)}"/>\n      <system-out>${body()}</system-out>${close}`;
  }
  if (failing) {
    return `${open}\n      <failure message="${xml(message(r))}" type="${xml(r.failures[0]?.check ?? r.verdict)}">${body()}</failure>${close}`;
  }
  if (r.verdict === 'error') {
    return `${open}\n      <error message="${xml(message(r))}">${body()}</error>${close}`;
  }
  if (unjudged(r)) {
    return `${open}\n      <skipped message="${xml(`${r.verdict}: ${r.reason ?? ''}`)}"/>${close}`;
  }
  if (r.verdict === 'non-strict') {
    return `${open}\n      <system-out>${xml(`non-strict (a SHOULD broken; fails only with --strict)\n`)}${body()}</system-out>${close}`;
  }
  return r.flaky ? `${open}${close}` : `${open}</testcase>`;
}

/** The run's provenance as JUnit properties, repeated in each test suite (where CI tools read them). */
function properties(results: Results): string {
  const p = results.provenance;
  const pairs: [string, string | number | boolean | undefined][] = [
    ['cloudconf.tool', results.tool.name],
    ['cloudconf.version', results.tool.version],
    ['cloudconf.build', results.tool.build],
    ['cloudconf.encoding', p?.encoding],
    ['cloudconf.selection', p ? selectionLine(p.selection) : undefined],
    ['cloudconf.mode', p?.mode],
    ['cloudconf.runs', p?.runs],
    ['cloudconf.concurrency', p?.concurrency],
    ['cloudconf.seed', results.seed],
    ['cloudconf.strict', results.strict],
    ['cloudconf.target', results.target.baseUrl],
    ['cloudconf.beta', p?.betaUrl],
    ['cloudconf.startedAt', results.startedAt],
    ['cloudconf.endedAt', p?.endedAt],
    ['cloudconf.node', p?.node],
    ['cloudconf.platform', p?.platform],
    ['cloudconf.incomplete', results.incomplete?.reasons.join('; ')],
  ];
  const items = pairs
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `      <property name="${k}" value="${xml(String(v))}"/>`);
  return `    <properties>\n${items.join('\n')}\n    </properties>\n`;
}

/**
 * The time of each suite, in ms, so that the suites add up to no more than the run: tests overlap
 * (in a file, and files in workers), so a suite's time is the wall-clock time during which it had a
 * test running, and where several suites had tests running at once that time is shared equally
 * among them. Each suite's time is then at most its own span (first start to last end), and the
 * suites together are the time any test ran. Results without test spans (older runs) fall back to
 * each suite's summed durations, scaled down to the run's time when they exceed it.
 */
export function suiteTimes(suites: readonly (readonly RequirementResult[])[], runMs: number): number[] {
  const timed = suites.flat().filter((r) => r.durationMs !== undefined);
  if (timed.some((r) => r.startedAtMs === undefined)) {
    const sums = suites.map((rs) => rs.reduce((n, r) => n + (r.durationMs ?? 0), 0));
    const total = sums.reduce((a, b) => a + b, 0);
    const scale = total > runMs && total > 0 ? runMs / total : 1;
    return sums.map((ms) => ms * scale);
  }
  // Sweep the starts and ends of every test in time order, with how many tests of each suite are running.
  const events = suites.flatMap((rs, suite) =>
    rs.flatMap((r) =>
      r.startedAtMs === undefined || r.durationMs === undefined
        ? []
        : [
            { at: r.startedAtMs, suite, delta: 1 },
            { at: r.startedAtMs + r.durationMs, suite, delta: -1 },
          ],
    ),
  );
  events.sort((a, b) => a.at - b.at || a.delta - b.delta);
  const running = suites.map(() => 0);
  const times = suites.map(() => 0);
  let last = events[0]?.at ?? 0;
  for (const e of events) {
    const busy = running.flatMap((n, suite) => (n > 0 ? [suite] : []));
    for (const suite of busy) times[suite] = (times[suite] as number) + (e.at - last) / busy.length;
    running[e.suite] = (running[e.suite] as number) + e.delta;
    last = e.at;
  }
  return times;
}

/** A requirement's duration in JUnit's seconds; 0 for one that did not run. */
const seconds = (ms: number | undefined) => ((ms ?? 0) / 1000).toFixed(3);

/** The error case CI tools show red when a phase of the run failed: the reports are complete, the run is not. */
function incompleteSuite(results: Results): string {
  if (!results.incomplete) return '';
  const reasons = results.incomplete.reasons.join('\n');
  return `  <testsuite name="cloudconf run" tests="1" failures="0" errors="1" skipped="0" time="0.000">\n    <testcase classname="cloudconf.run" name="the run completed" time="0.000">\n      <error message="${xml(`the run is incomplete: ${results.incomplete.reasons[0]}`)}">${xml(reasons)}</error>\n    </testcase>\n  </testsuite>\n`;
}

function tally(results: Results, rs: RequirementResult[], known: ReadonlySet<string>) {
  const failing = (r: RequirementResult) => r.verdict === 'fail' || (r.verdict === 'non-strict' && results.strict);
  const failures = rs.filter((r) => failing(r) && !known.has(r.id)).length;
  const errors = rs.filter((r) => r.verdict === 'error').length;
  const skipped = rs.filter((r) => unjudged(r) || (failing(r) && known.has(r.id))).length;
  return `tests="${rs.length}" failures="${failures}" errors="${errors}" skipped="${skipped}"`;
}

export function renderJunit(results: Results): string {
  const known = new Set(results.baseline?.known ?? []);
  const parts = [...new Set(results.requirements.map((r) => r.part))].sort();
  const times = suiteTimes(
    parts.map((part) => results.requirements.filter((r) => r.part === part)),
    results.durationMs,
  );
  const suites = parts.map((part, i) => {
    const rs = results.requirements.filter((r) => r.part === part);
    const time = seconds(times[i]);
    return `  <testsuite name="Part ${part}" ${tally(results, rs, known)} time="${time}">\n${properties(results)}${rs.map((r) => testCase(results, r, known)).join('\n')}\n  </testsuite>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="cloudconf ${xml(results.target.baseUrl)}" ${tally(results, results.requirements, known)} time="${(results.durationMs / 1000).toFixed(3)}">\n${incompleteSuite(results)}${suites.join('\n')}\n</testsuites>\n`;
}
