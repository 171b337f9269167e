// Unit tests of the results-assembly phase alone (verdicts, offer, shard, provenance, cleanup, retries, Retry-After waits) and of a run's exit code.

import { describe, expect, test } from 'vitest';
import { requirementById } from '../../../spec/index.js';
import type { Requirement } from '../../../spec/types.js';
import { PhaseErrors } from '../../report/complete.js';
import { requirement, results } from '../../report/test-support/sample-results.js';
import type { Outcome, Verdict } from '../../vocabulary/outcome.js';
import { assembleResults, type RunFactsIn, runExitCode } from './assemble.js';

const IDS = ['vpcs/create/label-length', 'vpcs/create/subnets-created'];
const all = IDS.map((id) => requirementById.get(id) as Requirement);

const outcome = (id: string, verdict: Verdict, retries?: number): Outcome => ({
  requirement: id,
  verdict,
  failures: [],
  requests: 3,
  seed: 1,
  ...(retries ? { retries } : {}),
});

function facts(over: Partial<RunFactsIn> = {}): RunFactsIn {
  return {
    options: { reportDir: '/tmp/x', runs: '1', runId: 'run-7' },
    config: { strict: false, mode: 'full', runs: 1, betaUrl: 'http://127.0.0.1:1/v4beta' },
    all,
    outcomes: new Map([
      [IDS[0] as string, outcome(IDS[0] as string, 'pass', 2)],
      [IDS[1] as string, outcome(IDS[1] as string, 'pass', 1)],
    ]),
    findings: { served: [], notImplemented: [] },
    declared: undefined,
    reference: true,
    seed: 1,
    startedAt: new Date('2026-01-01T00:00:00Z'),
    requests: 42,
    concurrency: 4,
    shard: undefined,
    shardFiles: [],
    cleanup: undefined,
    waits: { waitedMs: () => 0, reached: () => false, budgetMs: 120_000 },
    ...over,
  };
}

describe('assembleResults', () => {
  test('gives each requirement its outcome, counts requests and retries, and records the run id and provenance', async () => {
    const phases = new PhaseErrors();
    const r = await assembleResults(phases, facts());
    expect(r.requirements.map((q) => [q.id, q.verdict])).toEqual(IDS.map((id) => [id, 'pass']));
    expect(r.summary.requests).toBe(42);
    expect(r.summary.retries).toBe(3);
    expect(r.runId).toBe('run-7');
    expect(r.target).toEqual({ baseUrl: 'reference server (in-process)', reference: true });
    expect(r.provenance).toMatchObject({
      mode: 'full',
      runs: 1,
      concurrency: 4,
      betaUrl: 'reference server (in-process)',
    });
    expect(r.tool.build).toMatch(/^[0-9a-f]+$/);
    expect(r.offer).toEqual({ served: [], notImplemented: [] });
    expect(r.shard).toBeUndefined();
    expect(r.cleanup).toBeUndefined();
    expect(r.retryWait).toBeUndefined();
    expect(phases.reasons).toEqual([]);
  });

  test("a user's target, a shard, a cleanup and Retry-After waits each leave their mark", async () => {
    const r = await assembleResults(
      new PhaseErrors(),
      facts({
        options: { reportDir: '/tmp/x', runs: '1', baseUrl: 'https://api.example.test/v4' },
        reference: false,
        shard: { index: 2, total: 3 },
        shardFiles: ['suites/part1/vpcs.test.ts'],
        cleanup: { prefix: 'cc-1', deleted: 2, left: [] },
        waits: { waitedMs: () => 1500, reached: () => true, budgetMs: 1000 },
        outcomes: new Map([[IDS[0] as string, outcome(IDS[0] as string, 'fail')]]),
      }),
    );
    expect(r.target).toEqual({ baseUrl: 'https://api.example.test/v4', reference: false });
    expect(r.provenance?.betaUrl).toBe('http://127.0.0.1:1/v4beta');
    expect(r.shard).toEqual({ index: 2, total: 3, files: ['suites/part1/vpcs.test.ts'] });
    expect(r.cleanup?.prefix).toBe('cc-1');
    expect(r.retryWait).toEqual({ waitedMs: 1500, budgetMs: 1000, reached: true });
    expect(r.summary.retries).toBeUndefined();
    expect(r.runId).toMatch(/^[0-9a-f-]{36}$/);
    // The requirement without an outcome is not run, not passed.
    expect(r.requirements.map((q) => q.verdict)).toEqual(['fail', 'skipped']);
  });
});

describe('runExitCode', () => {
  test('2 when the run could not start or was interrupted, else what its results say', () => {
    expect(runExitCode(undefined)).toBe(2);
    expect(runExitCode(results([requirement('a/b', 'pass')]))).toBe(0);
    expect(runExitCode(results([requirement('a/b', 'fail')]))).toBe(1);
    expect(runExitCode(results([requirement('a/b', 'error')]))).toBe(2);
    const interrupted = results([requirement('a/b', 'pass')], {
      cleanup: { prefix: 'cc-1', deleted: 0, left: [], interrupted: 'SIGINT' },
    });
    expect(runExitCode(interrupted)).toBe(2);
  });
});
