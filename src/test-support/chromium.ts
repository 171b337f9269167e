// Headless Chromium for the browser self-tests of every layer (the report's and the reference server's may not import each other): where it is, how it starts, whether a missing one skips or fails.

import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Browser, chromium } from 'playwright-core';

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
/** Where screenshots for people go (reports/ is git-ignored). */
export const SCREENSHOTS = resolve(import.meta.dirname, '../../reports/screenshots');

export const launchChromium = (): Promise<Browser> => chromium.launch({ executablePath: CHROMIUM, args: FLAGS });
