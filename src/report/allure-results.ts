// Builds a run's Allure results from its results.json once the run is over: every requirement with its verdict's status and reason, the part/area/operation tree, severity from the level, non-strict and flaky marked, each failure a step with its exchanges attached.

import { randomUUID } from 'node:crypto';
import type { Label, StatusDetails, StepResult, TestResult } from 'allure-js-commons';
import { operationOf, requirementById } from '../../spec/index.js';
import type { Level, Requirement } from '../../spec/types.js';
import { curlLine } from '../http/curl.js';
import type { Exchange } from '../http/exchange.js';
import { type Failure, VERDICTS, type Verdict } from '../vocabulary/outcome.js';
import { groupFailures, oneLine } from './group.js';
import { failureText } from './junit.js';
import { selectionLine } from './provenance.js';
import { replayCommand } from './replay.js';
import type { RequirementResult, Results } from './results.js';

type AllureStatus = 'passed' | 'failed' | 'broken' | 'skipped';

/**
 * Allure's status of each verdict. A target's failure is `failed`; a requirement the suite could not
 * judge is `broken`; one not judged (skipped, excluded, not implemented, not offered) is `skipped`
 * with the reason. `non-strict` is `passed` with a warning (see `nonStrictWarning`), and `failed`
 * under --strict, where it fails the run.
 */
const STATUS: Record<Verdict, AllureStatus> = {
  pass: 'passed',
  fail: 'failed',
  'non-strict': 'passed',
  error: 'broken',
  skipped: 'skipped',
  'not-implemented': 'skipped',
  'not-offered': 'skipped',
  excluded: 'skipped',
};

/** What a run's Allure categories call each verdict that is not a plain pass; each message starts with its verdict. */
const CATEGORY: Record<Exclude<Verdict, 'pass'>, string> = {
  fail: 'Failed: a MUST broken',
  'non-strict': 'Non-strict: a SHOULD broken (passed with a warning)',
  error: 'Not judged: the suite could not judge (error)',
  skipped: 'Skipped: a precondition is missing on this target',
  'not-implemented': 'Not implemented by the target',
  'not-offered': "Not offered: left out by the target's declared profile",
  excluded: 'Excluded: the documents cannot be tested on this point',
};

const SEVERITY: Record<Level, string> = { MUST: 'critical', SHOULD: 'normal', MAY: 'minor' };

/** Exchanges attached in full per failure group, and the other failures of a group listed by name. */
const EXCHANGES_ATTACHED = 5;
const LIKE_LISTED = 50;

export interface AllureFile {
  name: string;
  content: string;
}

/**
 * The subtree a requirement sits in below its area: the operation it is about (`vpcs/create`), else
 * its resource, state table or convention; for an id the encoding does not know (a results.json of
 * another version), the id less its last segment.
 */
export function operationGroupOf(id: string): string {
  const r: Requirement | undefined = requirementById.get(id);
  if (!r) return id.includes('/') ? id.slice(0, id.lastIndexOf('/')) : id;
  const op = operationOf(r);
  if (op) return op.id;
  switch (r.subject.kind) {
    case 'resource':
      return `${r.subject.resource} (resource)`;
    case 'state-table':
      return `${r.subject.table} (state table)`;
    case 'event':
      return `${r.subject.action} (event)`;
    case 'convention':
      return `conventions/${r.subject.convention.split('/')[0]}`;
    case 'operation':
      return r.subject.operation;
  }
}

const isFailing = (results: Results, r: RequirementResult) =>
  r.verdict === 'fail' || (r.verdict === 'non-strict' && results.strict);

function statusOf(results: Results, r: RequirementResult): AllureStatus {
  return isFailing(results, r) ? 'failed' : STATUS[r.verdict];
}

const firstFailureLine = (f: Failure) => `${f.check}: expected ${f.expected}; got ${f.actual}`;

/** The message Allure shows under the test's name; it starts with the verdict (the categories match on it). */
function messageOf(results: Results, r: RequirementResult): string | undefined {
  const first = r.failures[0];
  const known = results.baseline?.known.includes(r.id);
  const knownWhy = results.baseline?.reasons?.[r.id];
  const lines: string[] = [];
  if (r.verdict === 'non-strict') lines.push(nonStrictWarning(results, first));
  else if (r.verdict !== 'pass') {
    const why = r.reason ?? (first ? firstFailureLine(first) : '');
    lines.push(`${r.verdict}: ${why}${r.reason && first ? ` (${firstFailureLine(first)})` : ''}`);
  }
  if (r.failures.length > 1) lines.push(`${r.failures.length} failed cases in all`);
  if (known) lines.push(`known failure against the baseline${knownWhy ? `: ${knownWhy}` : ''}`);
  if (r.flaky) lines.push(`flaky: ${r.flaky}`);
  return lines.length ? lines.join('\n') : undefined;
}

/**
 * A non-strict requirement is Allure's `passed` with a warning: its message starts `non-strict`,
 * it carries the `non-strict` tag and falls in the run's non-strict category, and its failures are
 * steps marked failed; under --strict it is `failed`.
 */
function nonStrictWarning(results: Results, first: Failure | undefined): string {
  const effect = results.strict ? 'fails the run under --strict' : 'passes the run without --strict';
  return `non-strict: a SHOULD broken (${effect})${first ? `: ${firstFailureLine(first)}` : ''}`;
}

function statusDetailsOf(results: Results, r: RequirementResult): StatusDetails & { flaky?: boolean; known?: boolean } {
  const first = r.failures[0];
  const message = messageOf(results, r);
  const broken = r.failures.length > 0 || r.verdict === 'error';
  return {
    ...(message ? { message } : {}),
    ...(broken ? { trace: failureText(results, r) } : {}),
    ...(first ? { expected: first.expected, actual: first.actual } : {}),
    ...(r.flaky ? { flaky: true } : {}),
    ...(results.baseline?.known.includes(r.id) ? { known: true } : {}),
  };
}

function labelsOf(results: Results, r: RequirementResult): Label[] {
  const part = `Part ${r.part}`;
  const group = operationGroupOf(r.id);
  const tags = [r.level, ...(r.verdict === 'pass' ? [] : [r.verdict]), ...(r.flaky ? ['flaky'] : [])];
  return [
    { name: 'parentSuite', value: part },
    { name: 'suite', value: r.area },
    { name: 'subSuite', value: group },
    { name: 'epic', value: part },
    { name: 'feature', value: r.area },
    { name: 'story', value: group },
    { name: 'severity', value: SEVERITY[r.level] },
    ...tags.map((value) => ({ name: 'tag', value })),
    { name: 'requirement', value: r.id },
    { name: 'level', value: r.level },
    { name: 'part', value: String(r.part) },
    { name: 'area', value: r.area },
    { name: 'framework', value: 'cloudconf' },
    ...(r.worker ? [{ name: 'thread', value: `worker ${r.worker}` }] : []),
    ...(results.target.reference ? [] : [{ name: 'host', value: hostOf(results.target.baseUrl) }]),
  ];
}

const hostOf = (url: string) => (URL.canParse(url) ? new URL(url).host : url);

function headerLines(headers: Record<string, string>): string[] {
  return Object.entries(headers).map(([k, v]) => `${k}: ${v}`);
}

/** An exchange as attachments: its curl line, the request and the answer, as HTTP text. */
function exchangeStep(e: Exchange, start: number, attach: (text: string) => string): StepResult {
  const answer = e.response ? String(e.response.status) : (e.transportError?.code ?? 'no answer');
  const request = [`${e.request.method} ${e.request.url}`, ...headerLines(e.request.headers)];
  if (e.request.body !== undefined) request.push('', e.request.body);
  const response = e.response
    ? [
        `HTTP ${e.response.status}${e.response.truncated ? ' (cut at the size cap)' : ''}`,
        ...headerLines(e.response.headers),
        '',
        e.response.text,
      ]
    : [`no answer: ${e.transportError?.code}: ${e.transportError?.message}`];
  const pathOf = URL.canParse(e.request.url) ? new URL(e.request.url).pathname : e.request.url;
  return {
    name: `${e.request.method} ${pathOf} → ${answer}`,
    status: e.response ? 'passed' : 'broken',
    stage: 'finished',
    statusDetails: {},
    steps: [],
    parameters: [],
    attachments: [
      { name: 'curl', type: 'text/plain', source: attach(curlLine(e.request)) },
      { name: 'request', type: 'text/plain', source: attach(request.join('\n')) },
      { name: 'response', type: 'text/plain', source: attach(response.join('\n')) },
    ],
    start,
    stop: start + Math.round(e.durationMs),
  } as StepResult;
}

/** Each group of failures alike as a step: the first with its exchanges attached, the others by one line each. */
function failureSteps(r: RequirementResult, start: number, attach: (text: string) => string): StepResult[] {
  const status: AllureStatus = r.verdict === 'error' ? 'broken' : 'failed';
  return groupFailures(r.failures).map(({ first, like }) => {
    const exchanges = first.exchanges.slice(0, EXCHANGES_ATTACHED).map((e) => exchangeStep(e, start, attach));
    const others = like.slice(0, LIKE_LISTED).map(
      (f): StepResult =>
        ({
          name: oneLine(f),
          status,
          stage: 'finished',
          statusDetails: { message: firstFailureLine(f) },
          steps: [],
          attachments: [],
          parameters: [],
        }) as StepResult,
    );
    const more = like.length > LIKE_LISTED ? ` (${like.length - LIKE_LISTED} more alike in results.json)` : '';
    return {
      name: `check ${first.check}${first.case ? ` (case: ${first.case})` : ''}${like.length ? `, ${like.length + 1} cases alike${more}` : ''}`,
      status,
      stage: 'finished',
      statusDetails: {
        message: `expected ${first.expected}; got ${first.actual}`,
        trace: first.hint,
        expected: first.expected,
        actual: first.actual,
      },
      steps: [...exchanges, ...others],
      attachments: [],
      parameters: [],
    } as StepResult;
  });
}

function descriptionOf(results: Results, r: RequirementResult): string {
  // Allure shows no message on a passed test: the warning of a non-strict one is written here too.
  const warning =
    r.verdict === 'non-strict' ? ` (${nonStrictWarning(results, undefined).slice('non-strict: '.length)})` : '';
  return [
    `**${r.id}** [${r.level}] ${r.text}`,
    `Verdict: **${r.verdict}**${warning}${r.reason ? `: ${r.reason}` : ''}${r.flaky ? ` (flaky: ${r.flaky})` : ''}`,
    `${r.requests} request(s), seed ${results.seed}.`,
    `Replay: \`${replayCommand(results, r.id)}\``,
  ].join('\n\n');
}

/** One requirement's Allure result, and the attachment files its steps name. */
function resultOf(results: Results, r: RequirementResult): AllureFile[] {
  const files: AllureFile[] = [];
  const attach = (text: string) => {
    const source = `${randomUUID()}-attachment.txt`;
    files.push({ name: source, content: text });
    return source;
  };
  const start = r.startedAtMs ?? Date.parse(results.startedAt);
  const stop = start + (r.durationMs ?? 0);
  const part = `Part ${r.part}`;
  const result: TestResult = {
    uuid: randomUUID(),
    name: `${r.id}: ${r.text}`,
    fullName: r.id,
    testCaseId: r.id,
    historyId: r.id,
    titlePath: [part, r.area, operationGroupOf(r.id)],
    status: statusOf(results, r),
    statusDetails: statusDetailsOf(results, r),
    stage: 'finished',
    description: descriptionOf(results, r),
    labels: labelsOf(results, r),
    links: [],
    parameters: [],
    attachments: [],
    steps: failureSteps(r, start, attach),
    start,
    stop,
  } as TestResult;
  files.push({ name: `${result.uuid}-result.json`, content: JSON.stringify(result) });
  return files;
}

/** The run's provenance as Allure's environment (`key=value` lines). */
function environmentOf(results: Results): string {
  const p = results.provenance;
  const pairs: [string, string | number | boolean | undefined][] = [
    ['target', results.target.baseUrl],
    ['cloudconf', `${results.tool.version}${results.tool.build ? ` (build ${results.tool.build})` : ''}`],
    ['seed', results.seed],
    ['strict', results.strict],
    ['started', results.startedAt],
    ['encoding', p?.encoding],
    ['selection', p ? selectionLine(p.selection) : undefined],
    ['mode', p?.mode],
    ['runs', p?.runs],
    ['concurrency', p?.concurrency],
    ['node', p?.node],
  ];
  return pairs
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${String(v).replace(/[\r\n\\]/g, (c) => (c === '\\' ? '\\\\' : ' '))}`)
    .join('\n');
}

/**
 * Allure 3's categories (its configuration's `categories`): one per verdict that is not a plain
 * pass, matched by the verdict's tag, and the flaky ones. Allure 3 reads no categories.json.
 */
export function allure3Categories(): unknown[] {
  const verdicts = VERDICTS.filter((v): v is Exclude<Verdict, 'pass'> => v !== 'pass');
  return [
    ...verdicts.map((v) => ({ name: CATEGORY[v], matchers: { labels: { tag: `^${v}$` } }, groupByMessage: false })),
    { name: 'Flaky: answers that came only on a retry', matchers: { flaky: true }, groupByMessage: false },
  ];
}

/** Allure 2's categories.json: one per verdict that is not a plain pass, matched by status and the message's first word. */
function categoriesOf(): unknown[] {
  const verdicts = VERDICTS.filter((v): v is Exclude<Verdict, 'pass'> => v !== 'pass');
  return [
    ...verdicts.map((v) => ({
      name: CATEGORY[v],
      matchedStatuses: v === 'non-strict' ? ['passed', 'failed'] : [STATUS[v]],
      messageRegex: `^${v}[\\s\\S]*`,
    })),
    { name: 'Flaky: answers that came only on a retry', matchedStatuses: ['passed', 'failed', 'broken'], flaky: true },
  ];
}

/** Every file of a run's allure-results directory, built from its results. */
export function allureFilesOf(results: Results): AllureFile[] {
  return [
    ...results.requirements.flatMap((r) => resultOf(results, r)),
    { name: 'environment.properties', content: environmentOf(results) },
    { name: 'categories.json', content: JSON.stringify(categoriesOf()) },
  ];
}
