// Self-tests of what `cloudconf run` really sends, seen by a recording proxy in front of `cloudconf serve`: read-only sends only GETs, safe never sends a billed, irreversible or account-wide operation, --rate holds.

import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { operations } from '../../spec/index.js';
import { type RecordingProxy, startRecordingProxy } from '../http/recording-proxy.js';
import type { Results } from '../report/results.js';
import { scratchDirectory } from '../test-support/scratch.js';
import { runCli, serveDuringTests } from './child.js';

const work = scratchDirectory('modes');

const TOKEN = 'modes-test-token-3f9a';
const RATE_SLACK_SECONDS = 0.5;
const REFUSED = /^mode (read-only|safe) does not send (GET|POST|PUT|DELETE) \/\S* \(.+\)$/;

const server = serveDuringTests(TOKEN);

/** Runs through a fresh proxy; answers what it saw and the results. */
async function runThrough(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ proxy: RecordingProxy; results: Results; code: number | null }> {
  const proxy = await startRecordingProxy(server.baseUrl);
  const dir = mkdtempSync(join(work, 'modes-'));
  try {
    const r = await runCli(['run', '--base-url', proxy.baseUrl, '--report-dir', dir, '--seed', '7', ...args], {
      env: { CLOUDCONF_TOKEN: TOKEN, ...env },
      boundMs: 240_000,
    });
    const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as Results;
    return { proxy, results, code: r.code };
  } finally {
    await proxy.close();
  }
}

/** The operation a request was for, matched on method and path (control interface requests match none). */
function operationOf(method: string, url: string) {
  const path = new URL(url, 'http://x').pathname;
  return operations.find((o) => {
    if (o.method !== method) return false;
    const root = o.root === 'beta' ? '/v4beta' : '/v4';
    const pattern = new RegExp(`^${root}${o.path.replace(/\{[A-Za-z]+\}/g, '[^/]+')}$`);
    return pattern.test(path);
  });
}

const skippedByMode = (results: Results) =>
  results.requirements.filter((r) => r.verdict === 'skipped' && r.reason?.startsWith('mode '));

// One run at a time (vitest 5 dropped describe.sequential: a suite's tests run in order unless it is concurrent).
describe('what a run sends in each mode', () => {
  test('read-only sends only GETs, and says which requirements the mode skipped', { timeout: 300_000 }, async () => {
    const { proxy, results, code } = await runThrough(['--mode', 'read-only', '--only', 'vpcs']);
    expect(code).toBe(0);
    expect(proxy.seen.length).toBeGreaterThan(0);
    expect(proxy.seen.filter((r) => r.method !== 'GET').map((r) => `${r.method} ${r.path}`)).toEqual([]);
    expect(skippedByMode(results).length).toBeGreaterThan(10);
    for (const r of skippedByMode(results)) expect(r.reason).toMatch(REFUSED);
    expect(results.summary.fail + results.summary.error).toBe(0);
  });

  test('safe never sends a billed, irreversible or account-wide operation', { timeout: 300_000 }, async () => {
    const { proxy, results, code } = await runThrough(['--mode', 'safe', '--part', '2']);
    const forbidden = proxy.seen
      .map((r) => ({ r, op: operationOf(r.method, r.path) }))
      .filter(({ op }) => op?.effects.some((e) => e === 'billing' || e === 'irreversible' || e === 'account-wide'))
      .map(({ r }) => `${r.method} ${r.path}`);
    expect(forbidden).toEqual([]);
    expect(proxy.seen.some((r) => r.method !== 'GET')).toBe(true);
    const reasons = skippedByMode(results).map((r) => r.reason);
    expect(reasons).toContain('mode safe does not send POST /account/cancel (billing, irreversible, account-wide)');
    for (const reason of reasons) expect(reason).toMatch(REFUSED);
    expect([code, results.summary.fail, results.summary.error]).toEqual([0, 0, 0]);
  });

  test('--rate caps requests per second across all workers', { timeout: 300_000 }, async () => {
    const rate = 20;
    // tags/create sends about 95 requests, about five seconds at the rate; two workers share the one pacer.
    const { proxy, code } = await runThrough(['--rate', String(rate), '--only', 'tags/create'], {
      CLOUDCONF_WORKERS: '2',
    });
    expect(code).toBe(0);
    const times = proxy.seen.map((r) => r.at).sort((a, b) => a - b);
    expect(times.length).toBeGreaterThan(4 * rate);
    // The pacer spaces the slots exactly (pacer.test.ts); a request reaches the target as late after its
    // slot as a busy machine holds it, so requests can bunch in any one second. Judged instead: the run's
    // mean rate, with half a second of slack, which a run paced at twice the rate, or not at all, breaks.
    const spanSeconds = ((times.at(-1) ?? 0) - (times[0] ?? 0)) / 1000;
    expect(times.length - 1).toBeLessThanOrEqual(rate * (spanSeconds + RATE_SLACK_SECONDS));
  });
});
