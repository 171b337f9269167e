// Builds the publishing site from signed bundles of real runs (the reference server over three runs, a server with a fault, a partial run), serves it on loopback, and checks it in Chromium: no request leaves the page's origin, the CSP holds, a cell opens the run's page at the requirement; screenshots to reports/screenshots.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { report } from '../../cli/report.js';
import { runSuite } from '../../cli/run.js';
import { browserAvailable, browserRequired, launchChromium, SCREENSHOTS } from '../../test-support/chromium.js';
import { scratchDirectory } from '../../test-support/scratch.js';
import { generateKeys, type KeyPair } from '../bundle/sign.js';
import { readTarGz, writeTarGz } from '../bundle/tar.js';

const dir = scratchDirectory('site');
const site = join(dir, 'site');
const FAULT = 'vpc-subnets-dropped';
/** CLOUDCONF_SITE_FULL=1: the reference server's last run and the faulty server's run judge the whole API (for screenshots). */
const FULL = process.env.CLOUDCONF_SITE_FULL === '1';

async function runInto(name: string, options: { faults?: string[]; only?: string }, seed: string) {
  const only = options.only ?? (FULL && name !== 'clean-1' ? undefined : 'vpcs');
  await runSuite(
    {
      ...(only ? { only } : {}),
      faults: options.faults ?? [],
      seed,
      runs: '1',
      allure: false,
      quiet: true,
      reportDir: join(dir, name),
    },
    () => {},
  );
}

const keys: Record<string, KeyPair> = {};

async function bundleOf(run: string, name: string, version: string, key: string): Promise<string> {
  const product = join(dir, `${name}-${version}.json`);
  writeFileSync(product, JSON.stringify({ name, version, vendor: `${name} vendor`, url: 'https://example.test/' }));
  const keyFile = join(dir, `${key}.key`);
  writeFileSync(keyFile, keys[key]?.privatePem as string);
  const out = join(dir, `${name.replace(/\W+/g, '-')}-${version}.tar.gz`);
  expect(await report({ bundle: join(dir, run), out, product, sign: keyFile, quiet: true }, () => {})).toBe(0);
  return out;
}

const siteLog: string[] = [];
let siteCode = -1;

beforeAll(
  async () => {
    for (const k of ['reference', 'faulty', 'partial']) keys[k] = generateKeys();
    await runInto('clean-1', {}, '1');
    await runInto('fault-a', { faults: [FAULT] }, '2');
    await runInto('clean-2', {}, '3');
    await runInto('partial', { only: 'vpcs/create' }, '4');
    const bundles = [
      await bundleOf('clean-1', 'Reference server', '1.0', 'reference'),
      await bundleOf('fault-a', 'Reference server', '1.1', 'reference'),
      await bundleOf('clean-2', 'Reference server', '1.2', 'reference'),
      await bundleOf('fault-a', 'Server with dropped subnets', '0.9', 'faulty'),
      await bundleOf('partial', 'Partial server', '0.1', 'partial'),
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
  },
  FULL ? 900_000 : 300_000,
);

test('the site publishes the verified bundles and refuses the tampered and the edited one with the reason (exit 1)', () => {
  expect(siteCode).toBe(1);
  expect(siteLog.join('\n')).toMatch(/refused .*tampered\.tar\.gz: the archive is damaged/);
  expect(siteLog.join('\n')).toMatch(/refused .*edited\.tar\.gz: junit\.xml was modified/);
  expect(siteLog.join('\n')).toContain('(3 implementations, 5 bundles, 2 refused)');
  const index = readFileSync(join(site, 'index.html'), 'utf8');
  for (const name of ['Reference server', 'Server with dropped subnets', 'Partial server'])
    expect(index).toContain(name);
});

/** Serves the site's files on a loopback port, as a static host would. */
function serveSite(root: string): Promise<{ server: Server; origin: string }> {
  const types: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.json': 'application/json',
    '.svg': 'image/svg+xml',
  };
  const server = createServer((req, res) => {
    // Browsers ask every host for a favicon; the site has none, and a 404 would read as a page error.
    if (req.url === '/favicon.ico') return void res.writeHead(204).end();
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    );
    try {
      const body = readFileSync(join(root, path.endsWith('/') ? `${path}index.html` : path));
      res.writeHead(200, { 'content-type': types[extname(path)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      resolve({ server, origin: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
    }),
  );
}

// Browser pages on a loaded two-core machine take seconds: more than vitest's default 5 s.
describe.skipIf(!browserAvailable && !browserRequired)(
  'the publishing site in Chromium, served on loopback',
  { timeout: 60_000 },
  () => {
    let browser: Browser;
    let served: { server: Server; origin: string };
    beforeAll(async () => {
      browser = await launchChromium();
      served = await serveSite(site);
      mkdirSync(SCREENSHOTS, { recursive: true });
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
      await new Promise((resolve) => served?.server.close(resolve));
    });

    /** Opens a page of the site; every request off the site's origin, script error and CSP report is collected. */
    async function open(path: string, viewport = { width: 1400, height: 1000 }) {
      const page = await browser.newPage({ viewport });
      const errors: string[] = [];
      const offOrigin: string[] = [];
      page.on('pageerror', (e) => errors.push(String(e)));
      page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
      page.on(
        'request',
        (r) => !r.url().startsWith(`${served.origin}/`) && !r.url().startsWith('data:') && offOrigin.push(r.url()),
      );
      await page.goto(`${served.origin}/${path}`);
      return { page, errors, offOrigin };
    }

    /**
     * The CSP holds: an inline script added to the page does not run, an image from another origin is not
     * fetched, and the page reports both as violations. (The page script runs: cloudconf's own, by hash.)
     */
    async function cspHolds(page: Page): Promise<boolean> {
      const answered: string[] = [];
      page.on('response', (r) => !r.url().startsWith(`${served.origin}/`) && answered.push(r.url()));
      await page.evaluate(`(() => {
      window.violations = [];
      document.addEventListener('securitypolicyviolation', (e) => window.violations.push(e.violatedDirective));
    })()`);
      await page.addScriptTag({ content: 'window.injected = true;' }).catch(() => undefined);
      await page.evaluate(`(() => {
      const img = document.createElement('img');
      img.src = 'https://example.test/beacon.png';
      document.body.append(img);
    })()`);
      // The violation events are the renderer's tasks: waited for, not a fixed time a busy machine can outlast.
      const reported = `['script-src', 'img-src'].every((d) => window.violations.some((v) => v.startsWith(d)))`;
      // (Polled from here: the page's CSP refuses the eval behind page.waitForFunction.)
      const deadline = Date.now() + 15_000;
      while (Date.now() < deadline && (await page.evaluate(reported)) !== true) await page.waitForTimeout(50);
      const state = (await page.evaluate(
        '({ injected: window.injected === true, violations: window.violations })',
      )) as {
        injected: boolean;
        violations: string[];
      };
      return (
        !state.injected &&
        answered.length === 0 &&
        state.violations.some((v) => v.startsWith('script-src')) &&
        state.violations.some((v) => v.startsWith('img-src'))
      );
    }

    /** Closes a page `open` opened, once it had no script errors, fetched nothing off its origin and (unless `csp` is false) its CSP holds. */
    async function closeClean(opened: { page: Page; errors: string[]; offOrigin: string[] }, { csp = true } = {}) {
      expect(opened.errors).toEqual([]);
      expect(opened.offOrigin).toEqual([]);
      if (csp) expect(await cspHolds(opened.page)).toBe(true);
      await opened.page.close();
    }

    test('the comparison page: what each implementation compared, a column per implementation, every verdict counted, differences marked', async () => {
      const { page, errors, offOrigin } = await open('index.html', { width: 1400, height: 1300 });
      expect(await page.locator('#compare-table thead th').count()).toBe(4);
      const facts = await page.locator('table.facts-table').first().textContent();
      for (const label of [
        'signing key',
        'profile',
        'cloudconf',
        'encoding',
        'target',
        'seed',
        'mode',
        'runs',
        'skipped',
        'excluded',
      ])
        expect(facts).toContain(label);
      expect(facts).toContain('current');
      const differ = await page.locator('#compare-table tr.differ').count();
      expect(differ).toBeGreaterThan(0);
      await page.screenshot({ path: join(SCREENSHOTS, 'site-compare.png'), fullPage: false });
      await page.locator('#only-differ').check();
      expect(await page.locator('#compare-table tbody tr:not([hidden])').count()).toBe(differ);
      await page.locator('#compare-table').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SCREENSHOTS, 'site-compare-differences.png') });
      await closeClean({ page, errors, offOrigin });
    }, 60_000);

    test("a failing cell opens the run's page, rendered by cloudconf from the verified verdicts, at the requirement", async () => {
      const { page, errors, offOrigin } = await open('index.html');
      const link = page.locator('#compare-table tr.differ a.badge.v-fail').first();
      const href = (await link.getAttribute('href')) as string;
      expect(href).toMatch(/^implementations\/[0-9a-f]{32}\/\d{8}T\d{6}Z-[0-9a-f]{8}\.html#req-/);
      await link.click();
      await page.waitForSelector('#shown');
      expect(page.url()).toBe(`${served.origin}/${href}`);
      const wanted = decodeURIComponent(href.split('#req-')[1] as string);
      expect(await page.locator('.card[open] .req-id', { hasText: wanted }).count()).toBe(1);
      await page.screenshot({ path: join(SCREENSHOTS, 'site-run.png') });
      await closeClean({ page, errors, offOrigin });
    }, 60_000);

    test('the page of an implementation over three runs: its key, a chart, every verdict per run, and what changed', async () => {
      const index = JSON.parse(readFileSync(join(site, 'implementations.json'), 'utf8')) as {
        implementations: { name: string; page: string; fingerprint: string }[];
      };
      const reference = index.implementations.find((i) => i.name === 'Reference server');
      expect(reference?.fingerprint).toBe(keys.reference?.fingerprint);
      const { page, errors, offOrigin } = await open(reference?.page as string, { width: 1400, height: 1300 });
      expect(await page.locator('code', { hasText: keys.reference?.fingerprint as string }).count()).toBe(1);
      expect(await page.locator('svg.chart circle').count()).toBe(3);
      expect(await page.locator('table.runs tbody tr').count()).toBe(3);
      const heads = await page.locator('table.runs thead th').allTextContents();
      for (const v of ['pass', 'fail', 'non-strict', 'skipped', 'error', 'excluded']) expect(heads).toContain(v);
      // The faulty middle run broke requirements and the next run fixed them: both changes are listed.
      expect(await page.locator('ul.changes').count()).toBe(2);
      expect(await page.locator('ul.changes').first().textContent()).toContain('pass → fail');
      await page.screenshot({ path: join(SCREENSHOTS, 'site-history.png'), fullPage: true });
      await closeClean({ page, errors, offOrigin });
    }, 60_000);

    test('the badge of an implementation renders as an image with its score', async () => {
      const index = JSON.parse(readFileSync(join(site, 'implementations.json'), 'utf8')) as {
        implementations: { name: string; badge: { svg: string } }[];
      };
      const faulty = index.implementations.find((i) => i.name === 'Server with dropped subnets');
      const { page, errors, offOrigin } = await open(faulty?.badge.svg as string, { width: 260, height: 20 });
      const label = await page.locator('svg').getAttribute('aria-label');
      expect(label).toMatch(/^cloudconf: \d+\/\d+ (partial|complete)$/);
      await page.screenshot({ path: join(SCREENSHOTS, 'site-badge.png') });
      await closeClean({ page, errors, offOrigin }, { csp: false });
    }, 60_000);
  },
);
