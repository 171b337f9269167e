// Builds the publishing site from bundles of real runs (the reference server clean and with two faults; one implementation over three runs), refuses a tampered bundle, and checks the pages in Chromium, writing screenshots to reports/screenshots.

import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { report } from '../../cli/report.js';
import { runSuite } from '../../cli/run.js';
import { readTarGz, writeTarGz } from '../bundle/tar.js';
import { browserAvailable, browserRequired, launchChromium, openFile, SCREENSHOTS } from '../test-support/chromium.js';

const dir = mkdtempSync(join(tmpdir(), 'cloudconf-site-'));
const site = join(dir, 'site');
const FAULT_A = 'vpc-subnets-dropped';
const FAULT_B = 'no-token-accepted';

async function runInto(name: string, faults: string[], seed: string) {
  await runSuite(
    { only: 'vpcs', faults, seed, runs: '1', allure: false, quiet: true, reportDir: join(dir, name) },
    () => {},
  );
}

async function bundleOf(run: string, name: string, version: string): Promise<string> {
  const product = join(dir, `${name}-${version}.json`);
  writeFileSync(
    product,
    JSON.stringify({ name, version, vendor: 'cloudconf self-test', url: 'https://example.test/' }),
  );
  const out = join(dir, `${name.replace(/\W+/g, '-')}-${version}.tar.gz`);
  expect(await report({ bundle: join(dir, run), out, product, quiet: true }, () => {})).toBe(0);
  return out;
}

let bundles: string[] = [];
const siteLog: string[] = [];
let siteCode = -1;

beforeAll(async () => {
  await runInto('clean-1', [], '1');
  await runInto('fault-a', [FAULT_A], '2');
  await runInto('clean-2', [], '3');
  await runInto('fault-b', [FAULT_B], '4');
  bundles = [
    await bundleOf('clean-1', 'Reference server', '1.0'),
    await bundleOf('fault-a', 'Reference server', '1.1'),
    await bundleOf('clean-2', 'Reference server', '1.2'),
    await bundleOf('fault-a', 'Server with dropped subnets', '0.9'),
    await bundleOf('fault-b', 'Server that needs no token', '2.0'),
  ];
  const tampered = join(dir, 'tampered.tar.gz');
  const bytes = Buffer.from(readFileSync(bundles[0] as string));
  bytes[200] = (bytes[200] as number) ^ 0xff;
  writeFileSync(tampered, bytes);
  // A readable archive whose junit.xml was edited after bundling: the manifest no longer matches.
  const edited = join(dir, 'edited.tar.gz');
  const files = await readTarGz(readFileSync(bundles[3] as string));
  const junit = files.find((f) => f.name === 'junit.xml');
  if (junit) junit.data = Buffer.concat([junit.data, Buffer.from('<!-- edited -->')]);
  writeFileSync(edited, writeTarGz(files, 0));
  siteCode = await report({ site, bundles: [...bundles, tampered, edited], quiet: true }, (l) => siteLog.push(l));
}, 300_000);

test('the site publishes the verified bundles and refuses the tampered one with the reason (exit 1)', () => {
  expect(siteCode).toBe(1);
  expect(siteLog.join('\n')).toMatch(/refused .*tampered\.tar\.gz: the archive is damaged/);
  expect(siteLog.join('\n')).toMatch(/refused .*edited\.tar\.gz: junit\.xml was modified/);
  expect(siteLog.join('\n')).toContain('(3 implementations, 5 bundles, 2 refused)');
  const index = readFileSync(join(site, 'index.html'), 'utf8');
  for (const name of ['Reference server', 'Server with dropped subnets', 'Server that needs no token'])
    expect(index).toContain(name);
  expect(readFileSync(join(site, 'badges', 'reference-server.svg'), 'utf8')).toMatch(/cloudconf: \d+\/\d+ partial/);
});

describe.skipIf(!browserAvailable && !browserRequired)('the publishing site in Chromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
    mkdirSync(SCREENSHOTS, { recursive: true });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  test('the comparison page: a column per implementation, differences marked, each cell linking to the bundle report at the requirement', async () => {
    const { page, errors } = await openFile(browser, join(site, 'index.html'), { height: 900 });
    expect(await page.locator('#compare-table thead th').count()).toBe(4);
    const differ = await page.locator('#compare-table tr.differ').count();
    expect(differ).toBeGreaterThan(0);
    await page.locator('#only-differ').check();
    expect(await page.locator('#compare-table tbody tr:not([hidden])').count()).toBe(differ);
    await page.screenshot({ path: join(SCREENSHOTS, 'site-compare.png') });
    expect(errors).toEqual([]);
    const link = page.locator('#compare-table tr.differ a.badge.v-fail').first();
    const href = (await link.getAttribute('href')) as string;
    expect(href).toMatch(/^bundles\/[a-z0-9-]+\/[a-z0-9-]+\/index\.html#req-/);
    await link.click();
    await page.waitForSelector('#shown');
    expect(page.url()).toBe(new URL(href, pathToFileURL(join(site, 'index.html'))).href);
    const wanted = decodeURIComponent(href.split('#req-')[1] as string);
    expect(await page.locator('.card[open] .req-id', { hasText: wanted }).count()).toBe(1);
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  test('the history page of an implementation over three runs: a chart, the runs, and what changed between them', async () => {
    const { page, errors } = await openFile(browser, join(site, 'reference-server.html'), { height: 1100 });
    expect(await page.locator('svg.chart circle').count()).toBe(3);
    expect(await page.locator('table.runs tbody tr').count()).toBe(3);
    // The faulty middle run broke requirements and the next run fixed them: both changes are listed.
    expect(await page.locator('ul.changes').count()).toBe(2);
    expect(await page.locator('ul.changes').first().textContent()).toContain('pass → fail');
    await page.screenshot({ path: join(SCREENSHOTS, 'site-history.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);

  test('the badge of an implementation renders as an image with its score', async () => {
    const { page, errors } = await openFile(browser, join(site, 'badges', 'server-with-dropped-subnets.svg'), {
      width: 260,
      height: 20,
    });
    const label = await page.locator('svg').getAttribute('aria-label');
    expect(label).toMatch(/^cloudconf: \d+\/\d+ partial$/);
    await page.screenshot({ path: join(SCREENSHOTS, 'site-badge.png') });
    expect(errors).toEqual([]);
    await page.close();
  }, 60_000);
});
