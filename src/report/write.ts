// Writes every report of a run from its results (results.json, junit.xml, summary.md, index.html); run, audit and report share it.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderHtml } from './html.js';
import { renderJunit } from './junit.js';
import type { Results } from './results.js';
import { renderSummary } from './summary.js';

export { terminalSummary } from './terminal.js';

export function writeReports(dir: string, results: Results): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(dir, 'junit.xml'), renderJunit(results));
  writeFileSync(join(dir, 'summary.md'), renderSummary(results));
  writeFileSync(join(dir, 'index.html'), renderHtml(results));
}
