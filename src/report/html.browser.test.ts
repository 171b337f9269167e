// Opens the HTML reports in headless Chromium: a run against a faulty reference server, the comparison with a clean run, and hostile text.

import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { report } from '../cli/report.js';
import { runSuite } from '../cli/run.js';
import { curlLine } from '../http/curl.js';
import { browserAvailable, browserRequired, CHROMIUM, launchChromium } from '../test-support/chromium.js';
import { baselineFromResults, compareWithBaseline } from './baseline.js';
import { renderHtml } from './html.js';
import type { Results } from './results.js';
import { exchange, failure, requirement, results } from './test-support/sample-results.js';

const required = browserRequired;
const available = browserAvailable;
const screenshots = resolve(import.meta.dirname, '../../reports/screenshots');

if (!available && !required) {
  const bar = '!'.repeat(78);
  console.warn(
    `\n${bar}\n!! ${CHROMIUM} is missing: the HTML report tests in Chromium are SKIPPED.\n!! Install it with: apt-get install -y --no-install-recommends chromium\n${bar}\n`,
  );
}

/** Faults whose failures show in the vpcs area: missing subnets, and requests without a token answered. */
const FAULTS = ['vpc-subnets-dropped', 'no-token-accepted'];

// A browser page on a loaded two-core machine takes seconds, not vitest's default 5 s (6.3 s seen).
describe.skipIf(!available && !required)('HTML reports in Chromium', { timeout: 60_000 }, () => {
  let dir: string;
  let faulty: Results;
  let clean: Results;
  let browser: Browser;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cloudconf-html-'));
    const quiet = { runs: '1', seed: '1', allure: false, quiet: true, only: 'vpcs' } as const;
    const log = (line: string) => pageErrors.push(`run: ${line}`);
    faulty = (await runSuite({ ...quiet, faults: FAULTS, reportDir: join(dir, 'faulty') }, log)) as Results;
    clean = (await runSuite({ ...quiet, reportDir: join(dir, 'clean') }, log)) as Results;
    browser = await launchChromium();
    mkdirSync(screenshots, { recursive: true });
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Opens a report file, failing on any script error and on any request that is not the file itself. */
  async function open(file: string, height = 1400): Promise<Page> {
    const page = await browser.newPage({ viewport: { width: 1300, height } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    page.on('request', (r) => r.url() !== pathToFileURL(file).href && errors.push(`requested ${r.url()}`));
    await page.goto(pathToFileURL(file).href);
    await page.waitForSelector('#shown');
    expect(errors).toEqual([]);
    return page;
  }

  const visible = (page: Page, selector: string) =>
    page.$$eval(selector, (els) => els.filter((e) => !e.closest('[hidden]')).length);

  test('index.html of a faulty run shows the counts and each failure in full, and filters', async () => {
    const failing = faulty.requirements.filter((r) => r.verdict === 'fail');
    expect(failing.length).toBeGreaterThan(1);
    const file = join(dir, 'faulty', 'index.html');
    const page = await open(file);

    for (const v of ['pass', 'fail', 'non-strict', 'skipped', 'error', 'excluded'] as const) {
      const shown = await page.textContent(`#counts .v-${v} .n`);
      expect(shown, v).toBe(String(faulty.requirements.filter((r) => r.verdict === v).length));
    }
    expect(await page.textContent('.facts')).toContain(`seed1`);

    const r = failing.find((x) => x.id === 'vpcs/create/subnets-created') ?? (failing[0] as Results['requirements'][0]);
    const f = r.failures[0] as Results['requirements'][0]['failures'][0];
    const card = page.locator(`details.card[data-id="${r.id}"]`);
    await card.scrollIntoViewIfNeeded();
    const text = (await card.textContent()) ?? '';
    for (const part of [r.text, f.check, f.expected, f.actual, f.hint]) expect(text).toContain(part);
    const x = f.exchanges[0];
    expect(x).toBeDefined();
    if (!x) return;
    await card
      .locator('details.exchange')
      .first()
      .evaluate((d) => d.setAttribute('open', ''));
    expect(await card.locator('pre.request').first().textContent()).toContain(`${x.request.method} ${x.request.url}`);
    expect(await card.locator('pre.response').first().textContent()).toContain(`HTTP ${x.response?.status}`);
    expect(await card.locator('pre.curl').first().textContent()).toBe(curlLine(x.request));
    expect(await card.locator('pre.replay').textContent()).toBe(`npx cloudconf run --seed 1 --only ${r.id}`);
    await page.screenshot({ path: join(screenshots, 'index-faulty-run.png') });
    await card.screenshot({ path: join(screenshots, 'index-failure-card.png') });

    // Clicking the fail count keeps only failed requirements, in the matrix, the failures and the table.
    await page.click('#counts .v-fail');
    expect(await visible(page, '#all-table tbody tr')).toBe(failing.length);
    expect(await visible(page, 'details.card')).toBe(failing.length);
    expect(await page.$$eval('.sq:not(.dim)', (els) => els.length)).toBe(failing.length);
    // The search by id narrows to one requirement.
    await page.fill('input[name="q"]', r.id);
    expect(await visible(page, '#all-table tbody tr')).toBe(1);
    await page.screenshot({ path: join(screenshots, 'index-filtered.png') });

    // No token leaves the run: every Authorization header in the page is redacted or read from the shell.
    expect(readFileSync(file, 'utf8')).not.toMatch(/Bearer (?!\[redacted\]|\$CLOUDCONF_TOKEN)[\w-]/);
    await page.close();
  });

  test('the comparison page shows the clean and the faulty run side by side, changes highlighted', async () => {
    const out = join(dir, 'compare');
    expect(await report({ compare: [join(dir, 'clean'), join(dir, 'faulty')], out }, () => {})).toBe(0);
    const page = await open(join(out, 'compare.html'), 1000);
    const before = new Map(clean.requirements.map((r) => [r.id, r.verdict]));
    const changed = faulty.requirements.filter((r) => before.get(r.id) !== r.verdict);
    expect(changed.length).toBeGreaterThan(0);
    expect(await page.$$eval('table.runs tbody tr', (rows) => rows.length)).toBe(2);
    // At first only the requirements whose verdict changed are listed.
    expect(await visible(page, '#compare-table tbody tr')).toBe(changed.length);
    const worse = changed.find((r) => r.verdict === 'fail' && before.get(r.id) === 'pass');
    expect(worse).toBeDefined();
    const row = page.locator(`#compare-table tr[data-id="${worse?.id}"]`);
    expect(await row.getAttribute('class')).toBe('changed');
    expect(await row.locator('td.cell').nth(0).getAttribute('data-verdict')).toBe('pass');
    expect(await row.locator('td.cell').nth(1).getAttribute('class')).toBe('cell worse');
    await page.screenshot({ path: join(screenshots, 'compare-clean-faulty.png') });
    await page.uncheck('input[name="changed"]');
    expect(await visible(page, '#compare-table tbody tr')).toBe(faulty.requirements.length);
    await page.close();
  });

  test("junit.xml of the faulty run parses as XML, a test case per requirement, each failure's body on its own", async () => {
    const page = await browser.newPage();
    const xml = readFileSync(join(dir, 'faulty', 'junit.xml'), 'utf8');
    const parsed = await page.evaluate((text) => {
      // The page's own XML parser; this file is typed for Node, which has no DOMParser.
      type XmlNode = { textContent: string | null };
      type XmlDocument = { querySelector(s: string): XmlNode | null; querySelectorAll(s: string): Iterable<XmlNode> };
      const { DOMParser } = globalThis as unknown as {
        DOMParser: new () => { parseFromString(t: string, type: string): XmlDocument };
      };
      const doc = new DOMParser().parseFromString(text, 'application/xml');
      const failures = [...doc.querySelectorAll('testcase > failure')];
      return {
        error: doc.querySelector('parsererror')?.textContent ?? null,
        cases: [...doc.querySelectorAll('testcase')].length,
        failures: failures.length,
        body: failures[0]?.textContent ?? '',
      };
    }, xml);
    expect(parsed.error).toBeNull();
    expect(parsed.cases).toBe(faulty.requirements.length);
    expect(parsed.failures).toBe(faulty.requirements.filter((r) => r.verdict === 'fail').length);
    for (const part of ['expected:', 'actual:', 'hint:', 'curl: curl -sS', 'replay: npx cloudconf run --seed 1 --only'])
      expect(parsed.body).toContain(part);
    await page.close();
  });

  test('against a baseline the page lists what got worse and filters on it', async () => {
    const file = join(dir, 'baseline.html');
    const baseline = compareWithBaseline(faulty, baselineFromResults(clean, 'clean/results.json'));
    writeFileSync(file, renderHtml({ ...faulty, baseline }));
    const page = await open(file);
    const worse = [...baseline.newFailures, ...baseline.newNonStrict];
    expect(worse.length).toBeGreaterThan(0);
    expect(await page.textContent('#baseline')).toContain(`${baseline.newFailures.length} new failure(s)`);
    await page.check('input[name="new"]');
    expect(await visible(page, '#all-table tbody tr')).toBe(worse.length);
    expect(await page.$$eval('details.card:not([hidden]) .tag.new', (tags) => tags.length)).toBe(worse.length);
    await page.close();
  });

  test('hostile text from a target is shown as text and runs nothing', async () => {
    const hostile = '<img src=x onerror="window.pwned=1"></script><script>window.pwned=2</script>';
    const file = join(dir, 'hostile.html');
    const run = results([
      requirement('vpcs/create/label-length', 'fail', {
        failures: [
          failure({
            actual: hostile,
            exchanges: [
              exchange({ response: { status: 200, headers: { 'x-h': hostile }, text: hostile, truncated: false } }),
            ],
          }),
        ],
      }),
    ]);
    writeFileSync(file, renderHtml(run));
    const page = await open(file);
    expect(await page.evaluate(() => (globalThis as { pwned?: number }).pwned)).toBeUndefined();
    expect(await page.$$eval('img', (imgs) => imgs.length)).toBe(0);
    expect(await page.textContent('dd.actual')).toBe(hostile);
    await page.close();
  });
});
