// Self-test of the accepting side against servers stricter than the documents (issue 28): a plain proxy in front of the reference server, and the plain VPC server of our own, refuse VPC labels over 32 characters (the documents allow 64); the suite's accepting requirements fail there, and against the baseline of a clean run the failure is new.

import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { Results } from '../report/results.js';
import { startPlainVpcServer } from '../selftest/plain-vpc-server.js';
import { startStricterTarget } from '../selftest/stricter-target.js';
import { scratchDirectory } from '../test-support/scratch.js';
import { runCli } from './child.js';

const work = scratchDirectory('stricter-target');

const TOKEN = 'stricter-test-token-5d1e0b';
const BOUND_MS = 150_000;
const readResults = (dir: string) => JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as Results;

test('a server that lowers the VPC label limit to 32 fails the accepting requirement, and a baseline comparison shows it as new', {
  timeout: 2 * BOUND_MS + 30_000,
}, async () => {
  const clean = mkdtempSync(join(work, 'stricter-clean-'));
  const first = await runCli(['run', '--only', 'vpcs', '--seed', '1', '--quiet', '--report-dir', clean], {
    boundMs: BOUND_MS,
  });
  expect(first.code, first.stderr).toBe(0);

  const target = await startStricterTarget(TOKEN, 32);
  try {
    const dir = mkdtempSync(join(work, 'stricter-'));
    const args = ['run', '--base-url', target.baseUrl, '--only', 'vpcs', '--seed', '1', '--quiet'];
    const r = await runCli([...args, '--report-dir', dir, '--baseline', join(clean, 'results.json')], {
      env: { CLOUDCONF_TOKEN: TOKEN },
      boundMs: BOUND_MS,
    });
    expect(r.signal, r.stderr).toBeNull();
    expect(r.code, r.stderr).toBe(1);
    expect(target.refused()).toBeGreaterThan(0);
    const results = readResults(dir);
    const verdict = (id: string) => results.requirements.find((q) => q.id === id)?.verdict;
    expect(verdict('vpcs/create/label-length-accepted')).toBe('fail');
    expect(verdict('vpcs/update/label-length-accepted')).toBe('fail');
    // The refusing side still passes: the server refuses 65 characters as the documents ask.
    expect(verdict('vpcs/create/label-length')).toBe('pass');
    expect(results.baseline?.newFailures).toContain('vpcs/create/label-length-accepted');
    const failure = results.requirements.find((q) => q.id === 'vpcs/create/label-length-accepted')?.failures[0];
    expect(failure?.hint).toContain('1..64 characters');
    expect(failure?.case).toContain('the upper bound');
  } finally {
    await target.close();
  }
});

test('the plain server of our own (not the reference server) with its VPC label limit at 32: the accepting side fails, new against its clean run', {
  timeout: 2 * BOUND_MS + 30_000,
}, async () => {
  /** `--only vpcs` against a plain server, as a run of its implementer would go. */
  async function plainRun(limits: { labelMax: number } | undefined, baseline?: string) {
    const server = await startPlainVpcServer({ regions: ['pl-central'], ...(limits ? { limits } : {}) });
    const dir = mkdtempSync(join(work, 'plain-stricter-'));
    try {
      const args = ['run', '--base-url', server.baseUrl, '--region', 'pl-central', '--only', 'vpcs', '--seed', '1'];
      const r = await runCli([...args, '--quiet', '--report-dir', dir, ...(baseline ? ['--baseline', baseline] : [])], {
        env: { CLOUDCONF_TOKEN: server.token },
        boundMs: BOUND_MS,
      });
      return { code: r.code, stderr: r.stderr, dir, results: readResults(dir) };
    } finally {
      await server.close();
    }
  }
  const clean = await plainRun(undefined);
  expect(clean.code, clean.stderr).toBe(0);
  const verdictIn = (results: Results, id: string) => results.requirements.find((q) => q.id === id)?.verdict;
  expect(verdictIn(clean.results, 'vpcs/create/label-length-accepted')).toBe('pass');

  const strict = await plainRun({ labelMax: 32 }, join(clean.dir, 'results.json'));
  expect(strict.code, strict.stderr).toBe(1);
  expect(verdictIn(strict.results, 'vpcs/create/label-length-accepted')).toBe('fail');
  expect(verdictIn(strict.results, 'vpcs/create/label-length')).toBe('pass');
  expect(strict.results.baseline?.newFailures).toContain('vpcs/create/label-length-accepted');
});
