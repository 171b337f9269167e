// Self-tests of audit on real traffic against faults a single exchange can show: the suite's traffic through the proxy meets them, and audit finds them, live and offline from the HAR (own-traffic.test.ts judges a whole clean run).

import { mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { requirementById } from '../../spec/index.js';
import { runCli } from '../cli/child.js';
import { faults } from '../reference/faults.js';
import { startReferenceServer } from '../reference/server.js';
import { scratchDirectory } from '../test-support/scratch.js';
import { Auditor } from './auditor.js';
import { harLog } from './har.js';
import { type RunningProxy, startProxy } from './proxy.js';
import { readRecording } from './read.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const work = scratchDirectory('proxy');
/** Within each fault's test bound (300 s): one requirement's run takes seconds. */
const RUN_BOUND_MS = 280_000;

/** `cloudconf run` as a user starts it, in a child process, so this process keeps serving while it runs; a failed run throws. */
async function runSuite(baseUrl: string, token: string, args: string[]): Promise<void> {
  const dir = mkdtempSync(join(work, 'run-'));
  const run = ['run', '--base-url', baseUrl, '--token', token, '--seed', '1', '--quiet', '--report-dir', dir, ...args];
  const r = await runCli(run, { cwd: repoRoot, boundMs: RUN_BOUND_MS });
  if (r.code === 2) throw new Error(`cloudconf run failed: ${r.stderr}`);
}

interface Recorded {
  proxy: RunningProxy;
  /** The proxy's HAR, written to a file and audited again offline. */
  offline: Auditor;
}

/** Runs the suite through a proxy in front of a reference server with the fault. */
async function recordRun(fault: string, args: string[]): Promise<Recorded> {
  const server = await startReferenceServer({ port: 0, faults: [fault] });
  const proxy = await startProxy({ upstream: server.baseUrl, port: 0 });
  try {
    await runSuite(proxy.url, server.token, args);
  } finally {
    await proxy.close();
    await server.close();
  }
  const har = join(work, `${fault.replace(/[^\w-]/g, '_')}.har`);
  writeFileSync(har, JSON.stringify(harLog(proxy.recording())));
  const offline = new Auditor();
  for (const r of readRecording(har).records) offline.add(r);
  return { proxy, offline };
}

const keyed = (a: Auditor) => a.findings.map((f) => `${f.index} ${f.requirement} ${f.message}`).sort();

/**
 * Faults of the catalogue a single exchange shows, with the suite's requirement whose traffic
 * meets them (`--only`). Not here: `events-oldest-first`, which one page shows only when its events
 * lie in different seconds (the suite's events come within one); `account-tax-id-empty-rejected`,
 * whose field a prose clause speaks of, so its refusal cannot be told from one for state; and every
 * fault of state or sequence (a delete that keeps the item, a grant ignored). `finds` names what audit reports where it differs from the catalogue's
 * `catches`: audit sees the field a valid value was refused by, not the prose clause.
 */
const table: { fault: string; traffic: string }[] = [
  { fault: 'skip:vpcs/create/label-length', traffic: 'vpcs/create/label-length' },
  { fault: 'skip:vpcs/subnets/create/ipv4-canonical-cidr', traffic: 'vpcs/subnets/create/ipv4-canonical-cidr' },
  { fault: 'paging-bounds-ignored', traffic: 'vpcs/subnets/list/page-range' },
  { fault: 'error-body-wrong-shape', traffic: 'vpcs/create/label-length' },
  { fault: 'error-field-misnamed', traffic: 'vpcs/create/label-length' },
  { fault: 'envelope-pages-missing', traffic: 'vpcs/list/response/envelope' },
  { fault: 'envelope-count-off', traffic: 'vpcs/list/response/envelope' },
  { fault: 'paging-ignored', traffic: 'conventions/paging/partition' },
  { fault: 'default-page-last', traffic: 'conventions/paging/default-page' },
  { fault: 'no-token-accepted', traffic: 'vpcs/list/auth/token-required' },
  { fault: 'non-json-accepted', traffic: 'conventions/status/not-json-415' },
  { fault: 'responses-not-json', traffic: 'vpcs/list/response/envelope' },
  { fault: 'event-record-incomplete', traffic: 'conventions/events/record-shape' },
  { fault: 'transfer-token-not-uuid', traffic: 'transfers/service/create/response/object' },
];

describe('runs against faults a single exchange shows', () => {
  test.each(table)('audit finds $fault', { timeout: 300_000 }, async ({ fault, traffic }) => {
    const catalogued = faults.find((f) => f.name === fault);
    expect(catalogued, `${fault} is in the catalogue`).toBeDefined();
    const expected = catalogued?.catches ?? [];
    const { proxy, offline } = await recordRun(fault, ['--only', traffic]);
    const found = new Set(proxy.auditor.findings.map((f) => f.requirement));
    expect(
      expected.filter((id) => found.has(id)),
      `found ${[...found].join(', ') || 'nothing'}`,
    ).not.toEqual([]);
    const hit = proxy.auditor.findings.find((f) => expected.includes(f.requirement));
    expect(hit?.verdict).toBe(requirementById.get(hit?.requirement ?? '')?.level === 'MUST' ? 'fail' : 'non-strict');
    // What the proxy judged live is what audit judges from its HAR.
    expect(keyed(offline)).toEqual(keyed(proxy.auditor));
  });
});
