// Self-check that concurrency changes no verdict: Part 1 with the same seed at `--concurrency 1` and at the default, each against a fresh `cloudconf serve` behind the delay proxy, must give every requirement the same verdict, and the proxy must see the cap held.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, startServe } from '../cli/child.js';
import { type InFlight, startDelayProxy } from '../http/delay-proxy.js';
import type { Results } from '../report/results.js';
import { DEFAULT_CONCURRENCY } from '../target/config.js';

const TOKEN = `same-verdicts-${Math.random().toString(36).slice(2)}`;
/** Part 1 is the fastest whole part; a small delay makes requests overlap as they would across a network. */
const PART = process.env.SAME_VERDICTS_PART ?? '1';
/** `SAME_VERDICTS_ONLY=<prefix>` narrows the check to one area, for a quick look. */
const ONLY = process.env.SAME_VERDICTS_ONLY;
const DELAY_MS = 5;
const BOUND_MS = 15 * 60_000;

async function runAt(
  concurrency: number,
): Promise<{ results?: Results; inFlight: InFlight; code: number | null; dir: string }> {
  const server = await startServe(TOKEN);
  const proxy = await startDelayProxy(server.baseUrl, DELAY_MS);
  try {
    const dir = mkdtempSync(join(tmpdir(), `cloudconf-verdicts-${concurrency}-`));
    const selection = ONLY ? ['--only', ONLY] : ['--part', PART];
    const args = ['run', '--base-url', proxy.baseUrl, '--mode', 'full', ...selection, '--seed', '1', '--quiet'];
    const r = await runCli([...args, '--concurrency', String(concurrency), '--report-dir', dir], {
      env: { CLOUDCONF_TOKEN: TOKEN },
      boundMs: BOUND_MS,
    });
    let results: Results | undefined;
    try {
      results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as Results;
    } catch {
      results = undefined;
    }
    const inFlight = proxy.inFlight();
    process.stderr.write(
      `--concurrency ${concurrency}: exit ${r.code}, ${(r.ms / 1000).toFixed(0)} s, ${inFlight.requests} requests, in flight peak ${inFlight.peak} mean ${inFlight.mean.toFixed(1)} (${dir})\n`,
    );
    return { ...(results ? { results } : {}), inFlight, code: r.code, dir };
  } finally {
    await proxy.close();
    await server.stop();
  }
}

async function main(): Promise<number> {
  // Each run has its own server and proxy: they run side by side, and the one-at-a-time run, which waits on the delay, sets the time.
  const [one, many] = await Promise.all([runAt(1), runAt(DEFAULT_CONCURRENCY)]);
  const problems: string[] = [];
  if (!one.results || !many.results) problems.push('a run wrote no results.json');
  if (one.inFlight.peak !== 1) problems.push(`--concurrency 1 had ${one.inFlight.peak} requests in flight at once`);
  if (many.inFlight.peak > DEFAULT_CONCURRENCY)
    problems.push(`the default had ${many.inFlight.peak} requests in flight, past its cap of ${DEFAULT_CONCURRENCY}`);
  if (many.inFlight.peak <= 1) problems.push('the default run never had two requests in flight: nothing was compared');
  const before = new Map(one.results?.requirements.map((r) => [r.id, r.verdict]));
  for (const r of many.results?.requirements ?? []) {
    if (before.get(r.id) !== r.verdict)
      problems.push(`${r.id}: ${before.get(r.id)} at --concurrency 1, ${r.verdict} at ${DEFAULT_CONCURRENCY}`);
  }
  if ((one.results?.requirements.length ?? 0) !== (many.results?.requirements.length ?? 0))
    problems.push('the two runs judged different requirements');
  for (const p of problems) process.stderr.write(`  ${p}\n`);
  process.stderr.write(
    problems.length ? 'same verdicts: differences found\n' : 'same verdicts: every requirement alike\n',
  );
  // Alike runs leave nothing behind; runs that differ keep their reports where the lines above say.
  if (!problems.length) for (const dir of [one.dir, many.dir]) rmSync(dir, { recursive: true, force: true });
  return problems.length ? 1 : 0;
}

process.exitCode = await main();
