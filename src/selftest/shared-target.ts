// Self-check that the suite needs no empty account (DESIGN section 5): `cloudconf serve` seeded with unrelated data, and two whole runs with the same seed against it at once, must both find no failure.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli, startServe } from '../cli/child.js';
import type { Results } from '../report/results.js';

const TOKEN = `shared-target-${Math.random().toString(36).slice(2)}`;
const RUNS = 2;
/** Generous: two whole runs share two cores with the target. */
const BOUND_MS = 15 * 60_000;

async function main(): Promise<number> {
  const server = await startServe(TOKEN);
  try {
    const origin = new URL(server.baseUrl).origin;
    const noise = await fetch(`${origin}/__cloudconf/noise`, { method: 'POST', body: JSON.stringify({ count: 30 }) });
    if (!noise.ok) throw new Error(`seeding noise answered ${noise.status}`);
    const dirs = Array.from({ length: RUNS }, (_, i) => mkdtempSync(join(tmpdir(), `cloudconf-shared-${i}-`)));
    // The same seed for both: generated bodies are alike, so only the run-scoped prefix keeps their labels apart.
    const ended = await Promise.all(
      dirs.map((dir) =>
        runCli(['run', '--base-url', server.baseUrl, '--seed', '1', '--quiet', '--report-dir', dir], {
          env: { CLOUDCONF_TOKEN: TOKEN },
          boundMs: BOUND_MS,
        }),
      ),
    );
    let bad = 0;
    for (const [i, r] of ended.entries()) {
      const dir = dirs[i] as string;
      let results: Results | undefined;
      try {
        results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as Results;
      } catch {
        results = undefined;
      }
      const s = results?.summary;
      const line = s
        ? `pass ${s.pass} fail ${s.fail} non-strict ${s.nonStrict} skipped ${s.skipped} error ${s.error}`
        : 'no results.json';
      process.stderr.write(`run ${i + 1}: exit ${r.code}, ${(r.ms / 1000).toFixed(0)} s, ${line} (${dir})\n`);
      for (const q of results?.requirements ?? []) {
        if (q.verdict === 'fail' || q.verdict === 'error') process.stderr.write(`  ${q.verdict} ${q.id}\n`);
      }
      if (r.code !== 0 || !s || s.fail > 0 || s.error > 0) bad += 1;
    }
    process.stderr.write(bad ? `shared target: ${bad} run(s) failed\n` : 'shared target: both runs clean\n');
    // Clean runs leave nothing behind; a failed run's reports stay where the lines above say.
    if (!bad) for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    return bad ? 1 : 0;
  } finally {
    await server.stop();
  }
}

process.exitCode = await main();
