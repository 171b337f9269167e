// Self-test of cleanup on Ctrl-C: a run against `cloudconf serve` gets SIGINT halfway, then `cloudconf cleanup --prefix`; nothing the run made is left on the target.

import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { operations } from '../../spec/index.js';
import { runCli, startCli, startServe } from '../cli/child.js';
import type { Results } from '../report/results.js';
import { type Made, readJournal } from '../target/journal.js';
import { scratchDirectory } from '../test-support/scratch.js';

const work = scratchDirectory('interrupt');

const TOKEN = 'interrupt-test-token-5d1e';

/** Lists whose items carry a label (or a username), as a person would check them by hand. */
const LISTS = [
  '/vpcs',
  '/node/stackscripts',
  '/tags',
  '/managed/credentials',
  '/managed/services',
  '/account/users',
  '/account/oauth-clients',
  '/node/instances',
];

type Json = Record<string, unknown>;

async function get(baseUrl: string, path: string): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } });
  return { status: res.status, json: await res.json().catch(() => undefined) };
}

/** Everything of the run's account whose label or username starts with the prefix. */
async function withPrefix(baseUrl: string, prefix: string): Promise<string[]> {
  const found: string[] = [];
  for (const list of LISTS) {
    const { json } = await get(baseUrl, `${list}?page_size=500`);
    for (const item of ((json as Json)?.data ?? []) as Json[]) {
      const name = item.label ?? item.username;
      // Public StackScripts of other accounts are listed too; they are not the run's account's.
      if (typeof name === 'string' && name.startsWith(prefix) && item.mine !== false) found.push(`${list} ${name}`);
    }
  }
  return found;
}

/** Entities the journal says the run made that can still be read. */
async function stillThere(baseUrl: string, made: Made[]): Promise<string[]> {
  const there: string[] = [];
  for (const m of made) {
    const remove = operations.find((o) => o.id === m.remove);
    const view = operations.find((o) => o.method === 'GET' && o.path === remove?.path && o.root === remove?.root);
    if (!view || view.response.kind === 'envelope') continue;
    const path = view.path.replace(/\{([A-Za-z]+)\}/g, (_m, name: string) =>
      encodeURIComponent(String(m.params[name])),
    );
    if ((await get(baseUrl, path)).status !== 404) there.push(`${view.method} ${path}`);
  }
  return there;
}

test('a run interrupted halfway, then cloudconf cleanup --prefix, leaves nothing behind', {
  timeout: 240_000,
}, async () => {
  const server = await startServe(TOKEN);
  try {
    const dir = mkdtempSync(join(work, 'interrupt-'));
    const journal = join(dir, 'created.jsonl');
    const run = startCli(['run', '--base-url', server.baseUrl, '--part', '1', '--report-dir', dir], {
      env: { CLOUDCONF_TOKEN: TOKEN },
      boundMs: 180_000,
    });
    // Halfway: a third or so of what a whole Part 1 run makes (about 350 entities).
    const deadline = Date.now() + 120_000;
    const madeSoFar = () => (existsSync(journal) ? readFileSync(journal, 'utf8').split('"t":"made"').length - 1 : 0);
    while (madeSoFar() < 120 && Date.now() < deadline && run.child.exitCode === null) {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(run.child.exitCode, 'the run ended before it was interrupted').toBeNull();
    run.child.kill('SIGINT');
    const ended = await run.done;
    expect(ended.signal, ended.stderr).toBeNull();
    expect(ended.code, ended.stderr).toBe(2);

    const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as Results;
    expect(results.cleanup?.interrupted).toBe('SIGINT');
    const prefix = results.cleanup?.prefix ?? '';
    expect(prefix).toMatch(/^cc[0-9a-z]{5}$/);
    const { everMade } = readJournal(journal);
    expect(everMade.size).toBeGreaterThan(100);

    const swept = await runCli(['cleanup', '--prefix', prefix, '--base-url', server.baseUrl], {
      env: { CLOUDCONF_TOKEN: TOKEN },
    });
    expect(swept.code, swept.stderr).toBe(0);

    expect(await withPrefix(server.baseUrl, prefix)).toEqual([]);
    const made = readFileSync(journal, 'utf8')
      .split('\n')
      .filter((line) => line.includes('"t":"made"'))
      .map((line) => JSON.parse(line) as Made);
    expect(await stillThere(server.baseUrl, made)).toEqual([]);
  } finally {
    await server.stop();
  }
});
