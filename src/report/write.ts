// Writes every report of a run from its results (results.json, junit.xml, summary.md) and the terminal summary; run, audit and report share it.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderJunit } from './junit.js';
import type { Results } from './results.js';
import { renderSummary } from './summary.js';

export function writeReports(dir: string, results: Results): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(join(dir, 'junit.xml'), renderJunit(results));
  writeFileSync(join(dir, 'summary.md'), renderSummary(results));
}

export function terminalSummary(results: Results, dir: string): string {
  const s = results.summary;
  const failed = results.requirements.filter((r) => r.verdict === 'fail' || r.verdict === 'error');
  return [
    `pass ${s.pass}  fail ${s.fail}  non-strict ${s.nonStrict}  skipped ${s.skipped}  error ${s.error}  excluded ${s.excluded}  (${s.requests} requests, ${(results.durationMs / 1000).toFixed(1)} s, seed ${results.seed})`,
    ...failed.slice(0, 20).map((r) => `  ${r.verdict.toUpperCase()} ${r.id}`),
    ...(failed.length > 20 ? [`  ... and ${failed.length - 20} more`] : []),
    `reports: ${join(dir, 'summary.md')}, results.json, junit.xml`,
  ].join('\n');
}
