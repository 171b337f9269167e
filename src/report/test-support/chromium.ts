// A page opener for the browser self-tests of the report pages (src/test-support/chromium.ts starts the browser): a local file, failing on script errors and network requests.

import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';

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
