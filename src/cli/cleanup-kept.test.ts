// Self-test of a truthful cleanup: a run of the transfer suites against the reference server leaves accepted transfers, which the documents say cannot be canceled; the run neither tries to cancel them at the end nor lists them as left.

import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { Results } from '../report/results.js';
import { startRewritingTarget } from '../selftest/rewriting-target.js';
import { scratchDirectory } from '../test-support/scratch.js';
import { runCli } from './child.js';

const work = scratchDirectory('cleanup-kept');

const TOKEN = 'kept-test-token-3b7d5e';
const BOUND_MS = 150_000;

test('transfers the documents say cannot be canceled are kept, not listed as left', {
  timeout: BOUND_MS + 30_000,
}, async () => {
  const target = await startRewritingTarget(TOKEN, () => undefined);
  try {
    const dir = mkdtempSync(join(work, 'kept-'));
    const r = await runCli(['run', '--base-url', target.baseUrl, '--only', 'transfers', '--report-dir', dir], {
      env: { CLOUDCONF_TOKEN: TOKEN },
      boundMs: BOUND_MS,
    });
    expect(r.signal, r.stderr).toBeNull();
    const accepted = target.seen.filter((s) =>
      /^POST \/v4\/account\/(service|entity)-transfers\/[^/]+\/accept$/.test(s),
    );
    expect(accepted.length).toBeGreaterThan(0);
    const cleanup = (JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as Results).cleanup as
      | (Results['cleanup'] & { kept?: number })
      | undefined;
    expect(cleanup?.left, r.stderr).toEqual([]);
    expect(cleanup?.kept).toBeGreaterThan(0);
    expect(r.stderr).not.toMatch(/left on the target/);
  } finally {
    await target.close();
  }
});
