// Self-test of a run behind a failing gateway: every refusal of a VPC create turned into a 504 leaves the rule cases unjudged (`error`), never `fail` or `pass`, and the run exits 2.

import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { Results } from '../report/results.js';
import { startRewritingTarget } from '../selftest/rewriting-target.js';
import { scratchDirectory } from '../test-support/scratch.js';
import { runCli } from './child.js';

const work = scratchDirectory('gateway-failure');

const TOKEN = 'gateway-test-token-5d81c3';
const BOUND_MS = 90_000;

/** A case breaking a body rule (derived procedure) and one without a token (auth procedure, `rejectedWith4xx`). */
const RULE_CASES = ['vpcs/create/label-length', 'vpcs/create/auth/token-required'];

test('a 504 where a rule case is refused makes the requirement error, with the status in its reason', {
  timeout: BOUND_MS + 30_000,
}, async () => {
  let rewritten = 0;
  const target = await startRewritingTarget(TOKEN, (request, answer) => {
    if (request.method !== 'POST' || request.path !== '/v4/vpcs' || answer.status < 400 || answer.status >= 500) return;
    rewritten += 1;
    return { status: 504, json: { errors: [{ reason: 'Gateway Timeout' }] } };
  });
  try {
    const dir = mkdtempSync(join(work, 'gateway-'));
    const only = RULE_CASES.flatMap((id) => ['--only', id]);
    const r = await runCli(['run', '--base-url', target.baseUrl, ...only, '--seed', '1', '--report-dir', dir], {
      env: { CLOUDCONF_TOKEN: TOKEN },
      boundMs: BOUND_MS,
    });
    expect(r.signal, r.stderr).toBeNull();
    expect(rewritten).toBeGreaterThan(RULE_CASES.length);
    const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as Results;
    for (const id of RULE_CASES) {
      const q = results.requirements.find((x) => x.id === id);
      expect(q, id).toMatchObject({ verdict: 'error', failures: [] });
      expect(q?.reason, id).toMatch(/answered 504: the target failed/);
    }
    expect(r.code, r.stdout + r.stderr).toBe(2);
  } finally {
    await target.close();
  }
});
