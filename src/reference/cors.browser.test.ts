// A real cross-origin client: headless Chromium loads a page from another port and calls the reference server with CORS on, and is kept out of the control interface.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  browserAvailable as available,
  launchChromium,
  browserRequired as required,
} from '../test-support/chromium.js';
import { type RunningReference, startReferenceServer } from './server.js';

/** The page's script: a preflighted POST with a bearer token and JSON, a read, a 429, and an attempt on the control interface. */
const script = (baseUrl: string, token: string) => `
window.result = (async () => {
  const auth = { authorization: 'Bearer ${token}' };
  const out = {};
  const created = await fetch('${baseUrl}/vpcs', {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ label: 'from-browser', region: 'us-east' }),
  });
  out.created = [created.status, (await created.json()).label];
  const listed = await fetch('${baseUrl}/vpcs', { headers: auth });
  out.listed = (await listed.json()).data.map((v) => v.label);
  const limited = await fetch('${baseUrl}/vpcs', { headers: { ...auth, prefer: 'code=429, retry-after=3' } });
  out.retryAfter = [limited.status, limited.headers.get('retry-after')];
  try {
    const reset = await fetch('${baseUrl.replace('/v4', '')}/__cloudconf/reset', { method: 'POST', body: '{}' });
    out.control = 'answered ' + reset.status;
  } catch (error) {
    out.control = 'blocked';
  }
  return out;
})();
`;

// Browser pages on a loaded two-core machine take seconds: more than vitest's default 5 s.
describe.skipIf(!available && !required)('CORS in Chromium', { timeout: 60_000 }, () => {
  let browser: Browser;
  let api: RunningReference;
  let page: Server;
  let pageOrigin: string;

  beforeAll(async () => {
    api = await startReferenceServer({ cors: { origin: '*', control: false } });
    page = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<!doctype html><title>client</title><script>${script(api.baseUrl, api.token)}</script>`);
    });
    await new Promise<void>((r) => page.listen(0, '127.0.0.1', r));
    pageOrigin = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await api?.close();
    await new Promise((r) => page?.close(r));
  });

  test('a page on another port creates and lists through preflighted fetches, reads Retry-After, and cannot reach the control interface', async () => {
    const tab = await browser.newPage();
    await tab.goto(`${pageOrigin}/`);
    const out = (await tab.evaluate('window.result')) as Record<string, unknown>;
    expect(out.created).toEqual([200, 'from-browser']);
    expect(out.listed).toEqual(['from-browser']);
    expect(out.retryAfter).toEqual([429, '3']);
    expect(out.control).toBe('blocked');
    // The refused request did not reset the server behind the browser's back.
    const vpcs = await fetch(`${api.baseUrl}/vpcs`, { headers: { authorization: `Bearer ${api.token}` } });
    expect(((await vpcs.json()) as { results: number }).results).toBe(1);
  }, 60_000);
});
