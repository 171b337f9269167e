// Self-test of the Allure report of a partial server's run: a run of two areas against a faulty reference server, then its results.json made partial (operations not implemented, others not offered, one answer flaky); the Allure results and the rendered report hold every requirement with its reason, in the part/area/operation tree, and the report opens in Chromium.

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { TestResult } from 'allure-js-commons';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readResults, report } from '../cli/report.js';
import { runSuite } from '../cli/run.js';
import { browserAvailable, browserRequired, launchChromium, SCREENSHOTS } from '../test-support/chromium.js';
import { operationGroupOf } from './allure-results.js';
import { type Results, summarize } from './results.js';

const AREAS = ['tags', 'stackscripts'];
const NOT_IMPLEMENTED = 'POST /v4/node/stackscripts answered 501 Not Implemented';
/** A tagged object goes missing from its tag's list: tags fail, so the report has a failure beside the partial rows. */
const FAULTS = ['tag-objects-missing'];

let dir: string;
let run: Results;
let partial: Results;
const logged: string[] = [];

/** The run's results as a partial server's would be: StackScript creation not implemented, updates not offered, one answer flaky. */
function madePartial(results: Results): Results {
  const requirements = results.requirements.map((r) => {
    if (r.verdict === 'excluded') return r;
    if (r.id.startsWith('stackscripts/create/'))
      return {
        ...r,
        verdict: 'not-implemented' as const,
        reason: NOT_IMPLEMENTED,
        failures: [],
      };
    if (r.id.startsWith('stackscripts/update/'))
      return {
        ...r,
        verdict: 'not-offered' as const,
        reason: 'the declared profile leaves out stackscripts/update',
        failures: [],
      };
    if (r.id === 'tags/list/auth/token-required')
      return { ...r, flaky: 'GET /v4/tags answered only after a 503 (1 of 2 answers)' };
    return r;
  });
  return { ...results, requirements, summary: summarize(requirements, results.summary.requests) };
}

/** The files a single-file Allure 3 report embeds, by path (`d("widgets/tree.json", "<base64>")`). */
function embedded(page: string): Map<string, unknown> {
  const files = new Map<string, unknown>();
  for (const m of page.matchAll(/d\("([^"]+\.json)","([A-Za-z0-9+/=]*)"\)/g))
    files.set(m[1] as string, JSON.parse(Buffer.from(m[2] as string, 'base64').toString('utf8')));
  return files;
}

const allureResults = (reportDir: string): TestResult[] =>
  readdirSync(join(reportDir, 'allure-results'))
    .filter((name) => name.endsWith('-result.json'))
    .map((name) => JSON.parse(readFileSync(join(reportDir, 'allure-results', name), 'utf8')) as TestResult);

const label = (t: TestResult, name: string) => t.labels.find((l) => l.name === name)?.value;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cloudconf-allure-partial-'));
  run = (await runSuite(
    { only: AREAS, faults: FAULTS, seed: '1', runs: '1', quiet: true, reportDir: join(dir, 'run') },
    (line) => logged.push(line),
  )) as Results;
  partial = madePartial(readResults(join(dir, 'run')));
  mkdirSync(join(dir, 'partial'));
  writeFileSync(join(dir, 'partial', 'results.json'), JSON.stringify(partial));
  expect(await report({ allure: join(dir, 'partial') }, (line) => logged.push(line))).toBe(0);
}, 600_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('the run wrote one Allure result per requirement of results.json, excluded ones included', () => {
  expect(run, logged.join('\n')).toBeDefined();
  const written = allureResults(join(dir, 'run'));
  expect(written.map((t) => t.testCaseId).sort()).toEqual(run.requirements.map((r) => r.id).sort());
  expect(run.requirements.some((r) => r.verdict === 'excluded')).toBe(true);
  expect(run.requirements.some((r) => r.verdict === 'fail')).toBe(true);
});

test("every requirement of the partial run carries its verdict's status and, when not passed, its reason", () => {
  const written = new Map(allureResults(join(dir, 'partial')).map((t) => [t.testCaseId, t]));
  expect([...written.keys()].sort()).toEqual(partial.requirements.map((r) => r.id).sort());
  const verdicts = new Set(partial.requirements.map((r) => r.verdict));
  // --only brings the conventions judged through the two areas, some of them skipped.
  expect([...verdicts].sort()).toEqual(
    expect.arrayContaining(['excluded', 'fail', 'not-implemented', 'not-offered', 'pass']),
  );
  for (const r of partial.requirements) {
    const t = written.get(r.id) as TestResult;
    const message = t.statusDetails.message ?? '';
    if (r.verdict !== 'pass') expect(message, r.id).toMatch(new RegExp(`^${r.verdict}: `));
    if (r.reason) expect(message, r.id).toContain(r.reason);
    if (r.verdict === 'fail') expect(message, r.id).toContain(r.failures[0]?.check);
    expect(t.status, r.id).toBe(
      {
        pass: 'passed',
        fail: 'failed',
        skipped: 'skipped',
        excluded: 'skipped',
        'not-implemented': 'skipped',
        'not-offered': 'skipped',
      }[r.verdict as string],
    );
    expect([label(t, 'parentSuite'), label(t, 'suite'), label(t, 'subSuite')], r.id).toEqual([
      `Part ${r.part}`,
      r.area,
      operationGroupOf(r.id),
    ]);
  }
  const flaky = written.get('tags/list/auth/token-required') as TestResult & { statusDetails: { flaky?: boolean } };
  expect(flaky.statusDetails.flaky).toBe(true);
});

test('the rendered report shows every requirement, with its reason, in the part / area / operation tree', () => {
  const page = readFileSync(join(dir, 'partial', 'allure-report', 'index.html'), 'utf8');
  const files = embedded(page);
  const tree = files.get('widgets/tree.json') as {
    root: { groups: string[] };
    groupsById: Record<string, { name: string; groups?: string[]; leaves?: string[] }>;
    leavesById: Record<string, { name: string; status: string }>;
  };
  const group = (id: string) => tree.groupsById[id] as { name: string; groups?: string[]; leaves?: string[] };
  expect(tree.root.groups.map((id) => group(id).name)).toEqual(['Part 1']);
  const part = group(tree.root.groups[0] as string);
  const areas = new Set(partial.requirements.map((r) => r.area));
  expect(AREAS.filter((area) => !areas.has(area))).toEqual([]);
  expect((part.groups ?? []).map((id) => group(id).name).sort()).toEqual([...areas].sort());
  // Below each area its operations (or resources), and below those the requirements.
  const leaves = new Map<string, string>();
  for (const areaId of part.groups ?? [])
    for (const opId of group(areaId).groups ?? []) {
      const op = group(opId);
      for (const leaf of op.leaves ?? []) {
        const name = tree.leavesById[leaf]?.name ?? '';
        const id = name.slice(0, name.indexOf(': '));
        leaves.set(id, `${group(areaId).name} > ${op.name}`);
      }
    }
  expect([...leaves.keys()].sort()).toEqual(partial.requirements.map((r) => r.id).sort());
  for (const r of partial.requirements) expect(leaves.get(r.id), r.id).toBe(`${r.area} > ${operationGroupOf(r.id)}`);
  // Each requirement's own page data carries its reason.
  const pages = [...files.entries()].filter(([path]) => path.startsWith('data/test-results/'));
  const messages = new Map(
    pages.map(([, t]) => {
      const result = t as { name: string; error?: { message?: string } };
      return [result.name.slice(0, result.name.indexOf(': ')), result.error?.message ?? ''];
    }),
  );
  for (const r of partial.requirements.filter((x) => x.reason))
    expect(messages.get(r.id), r.id).toContain(r.reason as string);
});

test('JUnit suite times of the run add up to no more than its wall time', () => {
  const xml = readFileSync(join(dir, 'run', 'junit.xml'), 'utf8');
  const times = [...xml.matchAll(/<testsuite name="[^"]*" [^>]*time="([\d.]+)"/g)].map((m) => Number(m[1]));
  expect(times.length).toBeGreaterThan(0);
  expect(times.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(run.durationMs / 1000);
});

test.skipIf(!browserAvailable && !browserRequired)(
  'the Allure report opens in Chromium from file://, shows the tree and a reason, and calls no one',
  async () => {
    const browser = await launchChromium();
    try {
      const file = join(dir, 'partial', 'allure-report', 'index.html');
      const page = await browser.newPage({ viewport: { width: 1400, height: 1100 } });
      const elsewhere: string[] = [];
      page.on('request', (r) => {
        if (r.url() !== pathToFileURL(file).href && !r.url().startsWith('data:')) elsewhere.push(r.url());
      });
      // Four megabytes of page: on a loaded machine the first paint takes a while.
      page.setDefaultTimeout(120_000);
      await page.goto(pathToFileURL(file).href, { timeout: 120_000 });
      await page.getByText('Part 1', { exact: true }).first().waitFor();
      const area = page.getByText('stackscripts', { exact: true }).first();
      // Allure opens the first level of a small tree by itself, and leaves a large one folded.
      if (!(await area.isVisible())) await page.getByText('Part 1', { exact: true }).first().click();
      await area.click();
      await page.getByText('stackscripts/create', { exact: true }).first().click();
      mkdirSync(SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: join(SCREENSHOTS, 'allure-partial-tree.png'), fullPage: true });
      await page.getByText('stackscripts/create/auth/token-required: ', { exact: false }).first().click();
      await page.getByText(`not-implemented: ${NOT_IMPLEMENTED}`).first().waitFor();
      await page.screenshot({ path: join(SCREENSHOTS, 'allure-partial-reason.png'), fullPage: true });
      expect(elsewhere).toEqual([]);
    } finally {
      await browser.close();
    }
  },
  600_000,
);
