// Unit tests of the Allure results built from results.json: every requirement present with its verdict's status and reason, the part/area/operation tree, severity from the level, non-strict as a passed-with-warning, flaky marked, failures as steps with their exchanges.

import type { TestResult } from 'allure-js-commons';
import { expect, test } from 'vitest';
import { VERDICTS, type Verdict } from '../vocabulary/outcome.js';
import { allureFilesOf, operationGroupOf } from './allure-results.js';
import { baselineFromKnownFailures, compareWithBaseline } from './baseline.js';
import type { Results } from './results.js';
import { exchange, failure, requirement, results } from './test-support/sample-results.js';

type Written = TestResult & { statusDetails: TestResult['statusDetails'] & { flaky?: boolean; known?: boolean } };

const resultsOf = (r: Results, files = allureFilesOf(r)) =>
  new Map(
    files
      .filter((f) => f.name.endsWith('-result.json'))
      .map((f) => {
        const written = JSON.parse(f.content) as Written;
        return [written.testCaseId as string, written];
      }),
  );
const label = (t: TestResult, name: string) => t.labels.filter((l) => l.name === name).map((l) => l.value);

/** One requirement of each verdict, each not-judged one with its reason. */
const everyVerdict = () =>
  results(
    VERDICTS.map((v: Verdict) =>
      requirement(
        `vpcs/create/${v}`,
        v,
        v === 'pass' || v === 'fail' || v === 'non-strict' ? {} : { reason: `why ${v}` },
      ),
    ),
  );

test('every requirement is a result, whatever its verdict, with its id as testCaseId and historyId', () => {
  const r = everyVerdict();
  const written = resultsOf(r);
  expect([...written.keys()].sort()).toEqual(r.requirements.map((x) => x.id).sort());
  for (const t of written.values()) {
    expect(t.historyId).toBe(t.testCaseId);
    expect(t.fullName).toBe(t.testCaseId);
  }
});

test("each verdict's status; each one not passed says why, its message starting with the verdict", () => {
  const written = resultsOf(everyVerdict());
  const status = Object.fromEntries(VERDICTS.map((v) => [v, written.get(`vpcs/create/${v}`)?.status]));
  expect(status).toEqual({
    pass: 'passed',
    fail: 'failed',
    'non-strict': 'passed',
    error: 'broken',
    skipped: 'skipped',
    'not-implemented': 'skipped',
    'not-offered': 'skipped',
    excluded: 'skipped',
  });
  for (const v of ['error', 'skipped', 'not-implemented', 'not-offered', 'excluded'] as const)
    expect(written.get(`vpcs/create/${v}`)?.statusDetails.message).toBe(`${v}: why ${v}`);
  expect(written.get('vpcs/create/fail')?.statusDetails.message).toBe(
    'fail: status-4xx: expected a 4xx status; got 200',
  );
  expect(written.get('vpcs/create/pass')?.statusDetails.message).toBeUndefined();
});

test('non-strict is passed with a warning: message, tag and failed steps; failed under --strict', () => {
  const warned = resultsOf(everyVerdict()).get('vpcs/create/non-strict') as Written;
  expect(warned.status).toBe('passed');
  expect(warned.statusDetails.message).toMatch(/^non-strict: a SHOULD broken \(passes the run without --strict\): /);
  expect(label(warned, 'tag')).toContain('non-strict');
  expect(warned.steps.map((s) => s.status)).toEqual(['failed']);
  const strict = resultsOf({ ...everyVerdict(), strict: true }).get('vpcs/create/non-strict') as Written;
  expect(strict.status).toBe('failed');
});

test('labels: part, area and operation as suites and as epic, feature and story; severity from the level', () => {
  const r = results([
    requirement('vpcs/create/label-length', 'pass'),
    requirement('conventions/status/validation-400', 'pass', { area: 'conventions', level: 'SHOULD' }),
    requirement('no-such-area/op/x', 'pass', { part: 2, level: 'MAY' }),
  ]);
  const written = resultsOf(r);
  const create = written.get('vpcs/create/label-length') as Written;
  expect([label(create, 'parentSuite'), label(create, 'suite'), label(create, 'subSuite')]).toEqual([
    ['Part 1'],
    ['vpcs'],
    ['vpcs/create'],
  ]);
  expect([label(create, 'epic'), label(create, 'feature'), label(create, 'story')]).toEqual([
    ['Part 1'],
    ['vpcs'],
    ['vpcs/create'],
  ]);
  expect(create.titlePath).toEqual(['Part 1', 'vpcs', 'vpcs/create']);
  expect(label(create, 'severity')).toEqual(['critical']);
  const convention = written.get('conventions/status/validation-400') as Written;
  expect(label(convention, 'subSuite')).toEqual(['conventions/status']);
  expect(label(convention, 'severity')).toEqual(['normal']);
  // An id another encoding had: its subtree is the id less its last segment.
  expect(label(written.get('no-such-area/op/x') as Written, 'subSuite')).toEqual(['no-such-area/op']);
  expect(label(written.get('no-such-area/op/x') as Written, 'severity')).toEqual(['minor']);
});

test('the operation of a requirement, else its resource, state table or convention', () => {
  expect(operationGroupOf('vpcs/create/label-length')).toBe('vpcs/create');
  expect(operationGroupOf('interfaces/position-selects-device')).toBe('interface (resource)');
  expect(operationGroupOf('transfers/accepted')).toBe('service-transfer (state table)');
});

test('flaky is Allure flaky flag, a tag and a line of the message, whatever the verdict', () => {
  const r = results([requirement('vpcs/list/a', 'pass', { flaky: 'GET /v4/vpcs answered only after a 503' })]);
  const t = resultsOf(r).get('vpcs/list/a') as Written;
  expect(t.status).toBe('passed');
  expect(t.statusDetails.flaky).toBe(true);
  expect(t.statusDetails.message).toBe('flaky: GET /v4/vpcs answered only after a 503');
  expect(label(t, 'tag')).toContain('flaky');
});

test('a known failure of a baseline keeps its status, flagged known with its reason', () => {
  const r = results([requirement('vpcs/create/a', 'fail')]);
  const known = baselineFromKnownFailures(new Map([['vpcs/create/a', { reason: 'TICKET-7' }]]), 'known.txt');
  const t = resultsOf({ ...r, baseline: compareWithBaseline(r, known) }).get('vpcs/create/a') as Written;
  expect(t.status).toBe('failed');
  expect(t.statusDetails.known).toBe(true);
  expect(t.statusDetails.message).toContain('known failure against the baseline: TICKET-7');
});

test('a failure is a step per group of cases alike, its exchanges attached as curl, request and response', () => {
  const alike = (n: number) =>
    failure({ actual: `${200 + n}`, case: `case ${n}`, exchanges: [exchange({ durationMs: n })] });
  const r = results([
    requirement('vpcs/create/label-length', 'fail', { failures: [alike(0), alike(1), failure({ check: 'other' })] }),
  ]);
  const files = allureFilesOf(r);
  const t = resultsOf(r, files).get('vpcs/create/label-length') as Written;
  expect(t.steps.map((s) => s.name)).toEqual(['check status-4xx (case: case 0), 2 cases alike', 'check other']);
  const first = t.steps[0];
  expect(first?.steps.map((s) => s.name)).toEqual([
    'POST /v4/vpcs → 200',
    'case case 1 · got 201 · POST http://127.0.0.1:9/v4/vpcs → 200',
  ]);
  const attached = first?.steps[0]?.attachments ?? [];
  expect(attached.map((a) => a.name)).toEqual(['curl', 'request', 'response']);
  const text = (source: string) => files.find((f) => f.name === source)?.content;
  expect(text(attached[0]?.source as string)).toMatch(/^curl -sS -X POST /);
  expect(text(attached[1]?.source as string)).toBe(
    'POST http://127.0.0.1:9/v4/vpcs\nauthorization: Bearer [redacted]\ncontent-type: application/json\n\n{"label":"a"}',
  );
  expect(text(attached[2]?.source as string)).toBe('HTTP 200\ncontent-type: application/json\n\n{"id":1}');
  expect(t.statusDetails.trace).toContain('replay: npx cloudconf run --seed 7 --only vpcs/create/label-length');
});

test('start and stop from the test span; the environment and categories of the run', () => {
  const r = results([
    requirement('vpcs/list/a', 'pass', { startedAtMs: 1_767_225_600_500, durationMs: 250, worker: '2' }),
  ]);
  const files = allureFilesOf(r);
  const t = resultsOf(r).get('vpcs/list/a') as Written;
  expect([t.start, t.stop]).toEqual([1_767_225_600_500, 1_767_225_600_750]);
  expect(label(t, 'thread')).toEqual(['worker 2']);
  expect(files.find((f) => f.name === 'environment.properties')?.content).toContain(
    'target=https://api.example.test/v4\ncloudconf=0.0.0-test\nseed=7',
  );
  const categories = JSON.parse(files.find((f) => f.name === 'categories.json')?.content ?? '[]');
  expect(categories.map((c: { messageRegex?: string }) => c.messageRegex).filter(Boolean)).toEqual(
    VERDICTS.filter((v) => v !== 'pass').map((v) => `^${v}[\\s\\S]*`),
  );
});
