// Opens the fake's landing page in headless Chromium: what it holds with links to the JSON, the latest requests with their near misses, faults and injections, the links; hostile text from requests stays text, nothing runs and nothing loads.

import { mkdirSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { browserAvailable, browserRequired, launchChromium, SCREENSHOTS } from '../test-support/chromium.js';
import { LANDING_POLICY } from './landing.js';
import { type RunningReference, startReferenceServer } from './server.js';

const HOSTILE = '"><script>alert(1)</script><img/src=x/onerror=alert(2)>';

/** A request whose path is sent as written (fetch would percent-encode it). */
const rawGet = (origin: string, path: string) =>
  new Promise<void>((done, fail) => {
    const url = new URL(origin);
    const req = request({ host: url.hostname, port: url.port, path, method: 'GET' }, (res) => {
      res.resume();
      res.on('end', done);
    });
    req.on('error', fail);
    req.end();
  });

// Browser pages on a loaded two-core machine take seconds: more than vitest's default 5 s.
describe.skipIf(!browserAvailable && !browserRequired)('the landing page in Chromium', { timeout: 60_000 }, () => {
  let s: RunningReference;
  let origin: string;
  let browser: Browser;
  let page: Page;
  const problems: string[] = [];

  beforeAll(async () => {
    s = await startReferenceServer({});
    origin = s.baseUrl.replace(/\/v4$/, '');
    const headers = { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' };
    const post = (path: string, body: unknown) =>
      fetch(`${origin}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    await post('/v4/vpcs', { label: 'web', region: 'us-east', subnets: [{ label: 'a', ipv4: '10.0.0.0/24' }] });
    await post('/v4/vpcs', { label: 5, region: 'us-east' });
    await post('/__cloudconf/faults', { name: 'vpc-subnets-dropped', on: true });
    await post('/__cloudconf/inject', { status: 503, count: 2, pathPrefix: `/v4/${HOSTILE}` });
    await rawGet(origin, `/v4/vpcs/${HOSTILE}`);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1300, height: 1500 } });
    page.on('pageerror', (e) => problems.push(String(e)));
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('dialog', (d) => {
      problems.push(`dialog: ${d.message()}`);
      void d.dismiss();
    });
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.origin !== origin || !['/', '/favicon.ico'].includes(url.pathname)) problems.push(`requested ${r.url()}`);
    });
    const response = await page.goto(`${origin}/`);
    expect(response?.headers()['content-security-policy']).toBe(LANDING_POLICY);
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'landing.png'), fullPage: true });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  test('renders with no script, no error, no dialog and no request but the page', async () => {
    expect(await page.locator('script').count()).toBe(0);
    expect(await page.locator('img').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  test('what the fake holds: the VPC counted, its list linked to the JSON the API answers', async () => {
    const row = page.locator('#holdings tr', { hasText: 'vpcs/list' });
    expect(await row.count(), await page.locator('#holdings').innerHTML()).toBe(1);
    expect(await row.locator('td.n').textContent()).toBe('1');
    const href = await row.locator('a').getAttribute('href');
    const json = (await (await fetch(`${origin}${href}`)).json()) as { data: { label: string }[] };
    expect(json.data.map((v) => v.label)).toEqual(['web']);
  });

  test('the latest requests, newest first, the refusal with the rule it broke', async () => {
    const rows = page.locator('#requests tbody tr');
    expect(await rows.count()).toBeGreaterThanOrEqual(3);
    const refused = page.locator('#requests tr', { hasText: '400' });
    expect(await refused.textContent()).toContain('vpcs/create/label-type');
  });

  test('hostile text from requests and control bodies shows as text', async () => {
    const text = (await page.locator('body').textContent()) ?? '';
    expect(text).toContain(`/v4/vpcs/${HOSTILE}`);
    expect(text).toContain(`/v4/${HOSTILE}`);
  });

  test('faults and injections on, and the links to the OpenAPI document and the control interface', async () => {
    expect(await page.locator('#switches').textContent()).toContain('vpc-subnets-dropped');
    expect(await page.locator('#switches').textContent()).toContain('503');
    const hrefs = await page.locator('#links a').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(expect.arrayContaining(['/openapi.json', '/__cloudconf/requests', '/__cloudconf/state']));
  });
});
