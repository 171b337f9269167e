// Self-test of partial implementations beyond the plain server's whole run (issue 27, done-when): the reference server playing VPCs only with a profile that says so (not-offered, a bundle complete for its profile, the site showing it), a server answering 501 for one area, and a server that checks tokens before routes.

import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { areas } from '../../spec/index.js';
import type { Results } from '../report/results.js';
import { startPlainVpcServer } from '../selftest/plain-vpc-server.js';
import { runCli, startServe } from './child.js';

const TOKEN = 'partial-profile-token-3f1a';
const dir = mkdtempSync(join(tmpdir(), 'cloudconf-partial-profile-'));
afterAll(() => rm(dir, { recursive: true, force: true }), 60_000);

const resultsOf = (report: string) => JSON.parse(readFileSync(join(report, 'results.json'), 'utf8')) as Results;
const verdictsOf = (r: Results, area: string) =>
  new Set(r.requirements.filter((q) => q.area === area).map((q) => q.verdict));

describe('the reference server playing VPCs only, judged with a profile that declares VPCs only', () => {
  const report = join(dir, 'vpcs-profile');
  let results: Results;
  let code: number | null;

  test('a whole run: VPCs and the conventions pass, the rest is not-offered, nothing fails or errs', {
    timeout: 300_000,
  }, async () => {
    const served = await startServe(TOKEN, ['--offer', 'vpcs']);
    try {
      const profile = join(dir, 'profile.json');
      writeFileSync(profile, JSON.stringify({ offers: ['vpcs'], note: 'VPCs only, on purpose' }));
      const args = ['run', '--base-url', served.baseUrl, '--token', TOKEN, '--profile', profile, '--seed', '1'];
      const r = await runCli([...args, '--report-dir', report], { boundMs: 280_000, cwd: dir });
      code = r.code;
      results = resultsOf(report);
      expect(code, r.stdout + r.stderr).toBe(0);
    } finally {
      await served.stop();
    }
    const broken = results.requirements.filter((q) => q.verdict === 'fail' || q.verdict === 'error');
    expect(broken.map((q) => `${q.id}: ${q.verdict}`)).toEqual([]);
    expect([...verdictsOf(results, 'tags')]).toEqual(['not-offered']);
    // The VPC events need the events list, which the profile leaves out: not-offered too, never failed.
    const vpcs = results.requirements.filter(
      (q) => q.area === 'vpcs' && q.verdict !== 'pass' && q.verdict !== 'excluded',
    );
    expect(
      vpcs.every((q) => q.verdict === 'not-offered'),
      vpcs.map((q) => q.id).join(', '),
    ).toBe(true);
    expect(results.offer?.profile).toEqual({ offers: ['vpcs'], note: 'VPCs only, on purpose' });
  });

  test('its signed bundle verifies as complete for its profile, and the site shows it so', {
    timeout: 120_000,
  }, async () => {
    const key = join(dir, 'publisher');
    expect((await runCli(['keygen', '--out', key], { cwd: dir })).code).toBe(0);
    const product = join(dir, 'product.json');
    writeFileSync(
      product,
      JSON.stringify({ name: 'VPC-only cloud', version: '1', vendor: 'self-test', url: 'https://e.test/' }),
    );
    const bundle = join(dir, 'vpcs-only.tar.gz');
    const made = await runCli([
      'report',
      '--bundle',
      report,
      '--out',
      bundle,
      '--product',
      product,
      '--sign',
      `${key}.key`,
    ]);
    expect(made.code, made.stderr).toBe(0);
    const verified = await runCli(['verify', bundle, '--key', `${key}.pub`]);
    expect(verified.code, verified.stdout + verified.stderr).toBe(0);
    expect(verified.stdout + verified.stderr).toMatch(
      /a complete run for its profile \(offers vpcs, and the conventions\)/,
    );
    const site = join(dir, 'site');
    const built = await runCli(['report', '--site', site, bundle]);
    expect(built.code, built.stdout + built.stderr).toBe(0);
    // The run's data file and the comparison page say what the run declared, and that it is complete for it.
    const runFiles = readdirSync(join(site, 'implementations'), { recursive: true, encoding: 'utf8' }).filter(
      (f) => f.split('/').length === 2 && f.endsWith('.json'),
    );
    expect(runFiles).toHaveLength(1);
    const run = JSON.parse(readFileSync(join(site, 'implementations', runFiles[0] as string), 'utf8'));
    expect(run.profile).toMatchObject({ declared: 'offers vpcs (VPCs only, on purpose)', complete: true });
    expect(readFileSync(join(site, 'index.html'), 'utf8')).toMatch(/offers vpcs \(VPCs only, on purpose\)/);
  });
});

test('a server answering 501 for one area: that area is not-implemented, the others judged in full', {
  timeout: 300_000,
}, async () => {
  const profile = join(dir, 'all-but-tags.json');
  writeFileSync(profile, JSON.stringify({ offers: areas.map((a) => a.name).filter((a) => a !== 'tags') }));
  const served = await startServe(TOKEN, ['--profile', profile, '--unoffered-status', '501']);
  const report = join(dir, 'tags-501');
  try {
    const args = ['run', '--base-url', served.baseUrl, '--token', TOKEN, '--only', 'tags', '--only', 'stackscripts'];
    const r = await runCli([...args, '--seed', '1', '--report-dir', report], { boundMs: 280_000, cwd: dir });
    expect(r.code, r.stdout + r.stderr).toBe(0);
  } finally {
    await served.stop();
  }
  const results = resultsOf(report);
  expect([...verdictsOf(results, 'tags')]).toEqual(['not-implemented']);
  expect([...verdictsOf(results, 'stackscripts')].filter((v) => v !== 'excluded')).toEqual(['pass']);
  expect(results.offer?.notImplemented.map((n) => n.status)).toContain(501);
});

test('a server that checks tokens before routes: what it lacks is still not-implemented, read once with the token', {
  timeout: 300_000,
}, async () => {
  const server = await startPlainVpcServer({ regions: ['pl-central'], authenticateFirst: true });
  const report = join(dir, 'token-first');
  try {
    const args = ['run', '--base-url', server.baseUrl, '--token', server.token, '--region', 'pl-central'];
    const r = await runCli([...args, '--only', 'managed', '--only', 'account', '--seed', '1', '--report-dir', report], {
      boundMs: 280_000,
      cwd: dir,
    });
    expect(r.code, r.stdout + r.stderr).toBe(0);
  } finally {
    await server.close();
  }
  const results = resultsOf(report);
  for (const area of ['managed', 'account']) {
    const judged = results.requirements.filter((q) => q.area === area && q.verdict !== 'excluded');
    expect(
      judged.filter((q) => q.verdict !== 'not-implemented').map((q) => `${q.id}: ${q.verdict}`),
      area,
    ).toEqual([]);
  }
});
