// Failures that fail alike are grouped: one card (or one summary entry) with the first case in full and the others one line each; a report with 8 such requirements prints in a few pages.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { browserAvailable, browserRequired, launchChromium } from '../test-support/chromium.js';
import { scratchDirectory } from '../test-support/scratch.js';
import { groupFailures } from './group.js';
import { renderHtml, reportView } from './html.js';
import { renderSummary } from './summary.js';
import { openFile } from './test-support/chromium.js';
import { exchange, failure, requirement, results } from './test-support/sample-results.js';

const work = scratchDirectory('group');

/** 24 label lengths a target wrongly accepted, and one other failure of the same requirement. */
function labelFailures() {
  const alike = Array.from({ length: 24 }, (_, i) =>
    failure({
      case: `label of ${65 + i} characters`,
      actual: `200 with {"id": ${100 + i}, "label": "${'a'.repeat(65 + i)}"}`,
      exchanges: [
        exchange({
          request: {
            method: 'POST',
            url: 'http://127.0.0.1:9/v4/vpcs',
            headers: {},
            body: `{"label":"${'a'.repeat(65 + i)}"}`,
          },
          response: {
            status: 200,
            headers: {},
            text: `{"id":${100 + i},"label":"${'a'.repeat(65 + i)}","subnets":[]}`.repeat(40),
            truncated: false,
          },
        }),
      ],
    }),
  );
  return [...alike, failure({ check: 'error-envelope', actual: 'no errors array' })];
}

const eight = () =>
  results(
    Array.from({ length: 8 }, (_, i) => requirement(`vpcs/create/rule-${i}`, 'fail', { failures: labelFailures() })),
  );

test('24 failures of one check that differ only in numbers and values make one group of 24; another check its own group', () => {
  const groups = groupFailures(labelFailures());
  expect(groups.map((g) => g.like.length + 1)).toEqual([24, 1]);
  expect(groups[0]?.first.case).toBe('label of 65 characters');
});

test('index.html data carries one failure per group, the others as one line each with their full case behind it', () => {
  const [r] = reportView(eight()).requirements;
  expect(r?.failures?.length).toBe(2);
  const group = r?.failures?.[0] as { like?: { line: string; exchanges: unknown[] }[] } | undefined;
  const like = group?.like ?? [];
  expect(like.length).toBe(23);
  expect(like[0]?.line).toMatch(
    /^case label of 66 characters · got 200 .* · POST http:\/\/127\.0\.0\.1:9\/v4\/vpcs → 200$/,
  );
  expect(like[0]?.exchanges.length).toBe(1);
});

test('summary.md shows the first case of a group in full and each other case on one line', () => {
  const md = renderSummary(eight());
  expect(md.match(/24 cases like this one/g)?.length).toBe(8);
  // One curl line per group (the first case), not one per case.
  expect(md.match(/curl /g)?.length).toBe(16);
  expect(md.match(/^ {2}- case label of/gm)?.length).toBe(8 * 23);
});

// Browser pages on a loaded two-core machine take seconds: more than vitest's default 5 s.
describe.skipIf(!browserAvailable && !browserRequired)('grouped failures in Chromium', { timeout: 60_000 }, () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  test('a report with 8 failing requirements of 25 cases each prints in a few pages, grouped in cards', async () => {
    const dir = mkdtempSync(join(work, 'group-'));
    const file = join(dir, 'index.html');
    writeFileSync(file, renderHtml(eight()));
    const { page, errors } = await openFile(browser, file);
    await page.waitForSelector('#shown');
    expect(errors).toEqual([]);
    expect(await page.locator('.card').count()).toBe(8);
    expect(await page.locator('.like-count').first().textContent()).toContain('24 cases like this one');
    expect(await page.locator('.like-case').count()).toBe(8 * 23);
    // Opening one line shows that case in full.
    await page.locator('.like').first().locator('summary').first().click();
    // The case is built on the toggle event, which the browser fires a task after the click: wait for it.
    const firstCase = page.locator('.like-case').first();
    await firstCase.locator(':scope > summary').click();
    await firstCase.locator('.failure').first().waitFor({ timeout: 20_000 });
    expect(await firstCase.locator('.failure').count()).toBe(1);
    await firstCase.locator(':scope > summary').click();
    await page.locator('.like').first().locator('summary').first().click();
    const pdf = await page.pdf({ format: 'A4' });
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
    expect(pages).toBeGreaterThan(0);
    expect(pages).toBeLessThanOrEqual(10);
    await page.close();
  }, 60_000);
});
