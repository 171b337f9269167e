// Self-test of stopping a run whose requests hang: after SIGTERM nothing waits out the request timeout, the suites send nothing more, and the run ends with its reports.

import { existsSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { startHostileTarget } from '../selftest/hostile-target.js';
import { scratchDirectory } from '../test-support/scratch.js';
import { startCli, waitForOutput } from './child.js';

const work = scratchDirectory('hostile-signal');

/** Far above every bound below: a run that waits for the answers in flight ends only past it. */
const TIMEOUT_MS = 60_000;

/**
 * The cleanup after a stop still looks for what the run made (each of its lists waits 2 s at most,
 * and six unanswered ones open the breaker): the run ends well within one request timeout (about
 * 17 s measured on a quiet machine; the margin is for a loaded one).
 */
const STOP_BOUND_MS = 45_000;
/** On a quiet machine the stop is announced within a few milliseconds; a loaded one may delay any thread. */
const ACTED_BOUND_MS = 10_000;

test('SIGTERM while requests hang: the stop is acted on at once and the run ends with its reports, not after the timeout', {
  timeout: 150_000,
}, async () => {
  const target = await startHostileTarget('hangsAfterPreflight');
  const dir = mkdtempSync(join(work, 'signal-'));
  try {
    const args = ['run', '--base-url', target.baseUrl, '--token', 'signal-test-token-2b7e', '--only', 'tags'];
    const r = startCli([...args, '--timeout', String(TIMEOUT_MS), '--report-dir', dir], { boundMs: 140_000 });
    // The suites' first requests are in flight once the run announced its label prefix and the target saw them.
    await waitForOutput(r, /what the run creates is labelled/, 90_000);
    while (target.seen.length < 3) await new Promise((resolve) => setTimeout(resolve, 50));
    const at = Date.now();
    r.child.kill('SIGTERM');
    await waitForOutput(r, /SIGTERM: stopping/, ACTED_BOUND_MS);
    const acted = Date.now() - at;
    const end = await r.done;
    const stoppedAfter = Date.now() - at;
    expect(acted).toBeLessThan(ACTED_BOUND_MS);
    expect(end.signal, r.stderr()).toBeNull();
    expect(end.code).toBe(2);
    expect(stoppedAfter, r.stderr()).toBeLessThan(STOP_BOUND_MS);
    expect(existsSync(join(dir, 'results.json'))).toBe(true);
  } finally {
    await target.close();
  }
});
