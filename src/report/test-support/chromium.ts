// Headless Chromium for the browser self-tests of the report pages: where it is, how it starts, and a page opener that fails on script errors and network requests.

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
/** CI sets this (.ci/run): there a missing browser is a failure, not a skip. */
export const browserRequired = process.env.CLOUDCONF_REQUIRE_BROWSER === '1';
export const browserAvailable = existsSync(CHROMIUM);
export const SCREENSHOTS = resolve(import.meta.dirname, '../../../reports/screenshots');

export const launchChromium = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM, args: FLAGS });

/**
 * Opens a local file; every request must be a file under `root` (the page's own directory by
 * default), and script errors are collected for the caller to check.
 */
export async function openFile(
  browser: Browser,
  file: string,
  options: { width?: number; height?: number; root?: string } = {},
): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: options.width ?? 1300, height: options.height ?? 1000 } });
  const errors: string[] = [];
  const root = pathToFileURL(options.root ?? resolve(file, '..')).href;
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('request', (r) => !r.url().startsWith(root) && errors.push(`requested ${r.url()}`));
  await page.goto(pathToFileURL(file).href);
  return { page, errors };
}
