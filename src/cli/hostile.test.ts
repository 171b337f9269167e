// Self-test of `cloudconf run` against hostile targets (one small misbehaving server per case): it ends within a bound, writes every report, exits as decided below, and prints no stack trace.

import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { selectRequirements } from '../../spec/selection.js';
import type { Results } from '../report/results.js';
import { type HostileBehaviour, startHostileTarget } from '../selftest/hostile-target.js';
import { scratchDirectory } from '../test-support/scratch.js';
import { runCli } from './child.js';

const work = scratchDirectory('hostile');

/**
 * Exit 2 where no answer can be judged: nothing came (silent), it came too slowly (slow), the
 * connection broke (reset, truncated), or the target kept refusing to serve (429 after every
 * bounded retry); every requirement is then `error`. Exit 1 where complete answers came that the
 * documents rule out: an HTML page for JSON, a 500 where a valid request needs an answer; those are
 * the target's failures, judged like any other (a 500 where a rule case needs a refusal is `error`).
 */
const cases: { behaviour: HostileBehaviour; exit: 1 | 2; preflightAnswered?: boolean; timeoutMs?: number }[] = [
  { behaviour: 'silent', exit: 2 },
  { behaviour: 'slow', exit: 2 },
  // From the first request these are a misconfiguration, which the preflight names (below); met in the suites, the run judges on.
  { behaviour: 'reset', exit: 2, preflightAnswered: true },
  { behaviour: 'truncated', exit: 2, preflightAnswered: true },
  { behaviour: 'limit429', exit: 2 },
  // These answer every request in full: on a loaded machine an answer can take past 1 s, and a
  // timeout there would judge the machine, not the answer.
  { behaviour: 'html', exit: 1, timeoutMs: 15_000 },
  { behaviour: 'error500', exit: 1, timeoutMs: 15_000 },
];

/** The run's --timeout where a case gives none: short, so silent and slow targets end the run soon. */
const SHORT_TIMEOUT_MS = 1000;

/** The area every case runs: small, and it needs fixtures and the control interface, so every path is taken. */
const AREA = 'tags';
const BOUND_MS = 90_000;
const STACK_LINE = /^\s+at .+:\d+:\d+\)?$/m;

describe.concurrent('a run against a hostile target', () => {
  for (const { behaviour, exit, preflightAnswered, timeoutMs = SHORT_TIMEOUT_MS } of cases) {
    test(`${behaviour}: ends within the bound, writes complete reports, exits ${exit}`, {
      timeout: BOUND_MS + 30_000,
    }, async () => {
      const target = await startHostileTarget(behaviour, { preflightAnswered });
      const dir = mkdtempSync(join(work, `hostile-${behaviour}-`));
      try {
        const args = ['run', '--base-url', target.baseUrl, '--token', 'hostile-token-x', '--only', AREA];
        const r = await runCli([...args, '--timeout', String(timeoutMs), '--report-dir', dir], { boundMs: BOUND_MS });
        const output = r.stdout + r.stderr;
        expect(r.signal, `killed at the bound:\n${output}`).toBeNull();
        expect(r.code, output).toBe(exit);
        expect(output).not.toMatch(STACK_LINE);

        const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as Results;
        const expected = selectRequirements({ only: [AREA] }).all.length;
        expect(results.requirements.length).toBe(expected);
        const s = results.summary;
        expect(s.pass + s.fail + s.nonStrict + s.skipped + s.error + s.notImplemented + s.notOffered + s.excluded).toBe(
          expected,
        );
        // Conventions come with any area; those judged through no operation of it are skipped, saying so.
        const judged = results.requirements.filter(
          (q) => !(q.verdict === 'skipped' && /leave none of the operations it is judged through/.test(q.reason ?? '')),
        );
        if (exit === 2) expect(judged.filter((q) => q.verdict !== 'error')).toEqual([]);
        else {
          expect(s.fail).toBeGreaterThan(0);
          // A 5xx to a case breaking a validation rule is no rejection by that rule: such requirements are errors.
          const errors = results.requirements.filter((q) => q.verdict === 'error');
          expect(
            errors.every((q) => /cannot be judged/.test(q.reason ?? '')),
            JSON.stringify(errors),
          ).toBe(true);
        }
        for (const file of ['junit.xml', 'summary.md', 'index.html']) {
          expect(existsSync(join(dir, file)) && statSync(join(dir, file)).size > 0, file).toBe(true);
        }
        expect(readdirSync(join(dir, 'allure-results')).length).toBeGreaterThan(0);
      } finally {
        await target.close();
      }
    });
  }
});

describe.concurrent('a target that breaks every connection from the first request', () => {
  for (const behaviour of ['reset', 'truncated'] as const) {
    test(`${behaviour}: the preflight says so in one line and exits 2, before any verdict`, {
      timeout: BOUND_MS,
    }, async () => {
      const target = await startHostileTarget(behaviour);
      const dir = mkdtempSync(join(work, `hostile-first-${behaviour}-`));
      try {
        const args = ['run', '--base-url', target.baseUrl, '--token', 'hostile-token-x', '--only', AREA];
        const r = await runCli([...args, '--timeout', String(SHORT_TIMEOUT_MS), '--report-dir', dir], {
          boundMs: BOUND_MS,
        });
        const output = r.stdout + r.stderr;
        expect(r.code, output).toBe(2);
        expect(output).toMatch(/answered nothing \(\S+\): the connection carried no HTTP answer/);
        expect(output).not.toMatch(STACK_LINE);
        expect(existsSync(join(dir, 'results.json'))).toBe(false);
      } finally {
        await target.close();
      }
    });
  }
});
