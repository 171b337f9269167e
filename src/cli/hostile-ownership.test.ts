// Self-test of ownership in safe mode: a target whose create answers carry the id of a VPC the run did not make (with the label sent echoed, or as that VPC's own record) never sees that VPC changed or deleted.

import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { Results } from '../report/results.js';
import { startRewritingTarget } from '../selftest/rewriting-target.js';
import { scratchDirectory } from '../test-support/scratch.js';
import { runCli } from './child.js';

const work = scratchDirectory('hostile-ownership');

const TOKEN = 'ownership-test-token-7c2a9e';
const BOUND_MS = 150_000;

test('in safe mode, a create answer naming a pre-existing VPC never leads to a change or delete of that VPC', {
  timeout: BOUND_MS + 30_000,
}, async () => {
  let precious: Record<string, unknown> | undefined;
  let creates = 0;
  const target = await startRewritingTarget(TOKEN, (request, answer) => {
    if (!precious || request.method !== 'POST' || request.path !== '/v4/vpcs' || answer.status !== 200) return;
    creates += 1;
    // Every other create: the label sent, echoed, with the old VPC's id; else the old VPC's own record.
    const json = creates % 2 ? { ...(answer.json as object), id: precious.id } : precious;
    return { status: 200, json };
  });
  try {
    const made = await fetch(`${target.directUrl}/vpcs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ label: 'precious-production-vpc', region: 'us-east' }),
    });
    precious = (await made.json()) as Record<string, unknown>;
    expect(made.status).toBe(200);

    const dir = mkdtempSync(join(work, 'ownership-'));
    const r = await runCli(
      ['run', '--base-url', target.baseUrl, '--mode', 'safe', '--only', 'vpcs', '--report-dir', dir],
      { env: { CLOUDCONF_TOKEN: TOKEN }, boundMs: BOUND_MS },
    );
    expect(r.signal, r.stderr).toBeNull();
    expect(creates).toBeGreaterThan(1);
    const touched = target.seen.filter(
      (s) => !s.startsWith('GET ') && new RegExp(`^\\S+ /v4/vpcs/${precious?.id}(/|\\?|$)`).test(s),
    );
    expect(touched).toEqual([]);
    const still = await fetch(`${target.directUrl}/vpcs/${precious.id}`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(still.status).toBe(200);
    expect(((await still.json()) as { label?: string }).label).toBe('precious-production-vpc');

    const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as Results;
    const checks = results.requirements.flatMap((q) => q.failures.map((f) => f.check));
    expect(checks).toContain('ownership/create-echo');
  } finally {
    await target.close();
  }
});
