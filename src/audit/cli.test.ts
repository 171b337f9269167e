// Self-tests of the audit and proxy commands: exit codes, the --json summary, the reports of a run, bad lines, and the proxy's first line, forwarding and outputs on SIGTERM.

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { describe, expect, test } from 'vitest';
import { operationById } from '../../spec/index.js';
import { audit } from '../cli/audit.js';
import { startReferenceServer } from '../reference/server.js';
import { scratchDirectory } from '../test-support/scratch.js';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const dir = scratchDirectory('audit-cli');
const file = (name: string, lines: unknown[]) => {
  const path = join(dir, name);
  writeFileSync(path, `${lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n')}\n`);
  return path;
};

async function run(path: string, json = true) {
  const out: string[] = [];
  const err: string[] = [];
  const reportDir = mkdtempSync(join(dir, 'reports-'));
  const code = await audit(path, { json, reportDir }, { out: (t) => out.push(t), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n'), reportDir };
}

const labelRule = operationById.get('vpcs/create')?.body?.fields.find((f) => f.name === 'label')?.rules?.[0];
const labelMax = labelRule?.kind === 'length' ? (labelRule.max ?? 0) : 0;
const list = {
  method: 'GET',
  path: '/v4/vpcs',
  status: 200,
  response_body: { data: [], page: 1, pages: 1, results: 0 },
};

describe('cloudconf audit', () => {
  test('a clean recording: exit 0, the --json summary, and the reports of a run', async () => {
    const r = await run(file('clean.jsonl', [list, { method: 'GET', path: '/v4/nowhere', status: 404 }]));
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out)).toEqual({ exchanges: 2, judged: 1, unknown: 1, violations: [] });
    for (const report of ['results.json', 'junit.xml', 'summary.md', 'index.html'])
      expect(existsSync(join(r.reportDir, report))).toBe(true);
    const results = JSON.parse(readFileSync(join(r.reportDir, 'results.json'), 'utf8'));
    expect(results.summary.pass).toBeGreaterThan(0);
    expect(results.target.baseUrl).toMatch(/clean\.jsonl/);
  });

  test('a MUST broken: exit 1, each violation with the index of its line', async () => {
    const bad = {
      method: 'POST',
      path: '/vpcs',
      status: 200,
      request_body: { label: 'x'.repeat(labelMax + 1), region: 'r' },
    };
    const r = await run(file('broken.jsonl', [list, '', bad]));
    expect(r.code).toBe(1);
    const summary = JSON.parse(r.out);
    expect(summary.violations).toContainEqual(
      expect.objectContaining({ index: 2, requirement: 'vpcs/create/label-length', level: 'MUST', verdict: 'fail' }),
    );
    const text = await run(file('broken-text.jsonl', [bad]), false);
    expect(text.out).toMatch(/#0 FAIL vpcs\/create\/label-length/);
    // The replay line of the reports judges the same traffic again; no run could replay it.
    const markdown = readFileSync(join(text.reportDir, 'summary.md'), 'utf8');
    expect(markdown).toMatch(/Replay: `npx cloudconf audit \S*broken-text\.jsonl`/);
    expect(markdown).not.toMatch(/cloudconf run --seed/);
  });

  test('a bad line is reported by number and skipped; the rest is judged; exit 2', async () => {
    const r = await run(file('bad-line.jsonl', [list, '{"method": "GET", "path"', list]));
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/line 2 \(index 1\) skipped: not JSON/);
    expect(JSON.parse(r.out).exchanges).toBe(2);
  });

  test('an unreadable file: exit 2 with one line saying why, no report', async () => {
    const missing = await run(join(dir, 'missing.har'));
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/^cloudconf audit: cannot read .*missing\.har: ENOENT$/);
    expect(missing.out).toBe('');
    const broken = join(dir, 'broken.har');
    writeFileSync(broken, '{\n  "log": {\n    "entries": [\n');
    expect((await run(broken)).err).toMatch(/HAR log that does not parse/);
  });
});

describe('cloudconf proxy', () => {
  test('prints its URL first, forwards unchanged, and on SIGTERM writes the reports and a redacted HAR', {
    timeout: 120_000,
  }, async () => {
    const server = await startReferenceServer({ port: 0 });
    const reportDir = mkdtempSync(join(dir, 'proxy-'));
    const child = spawn(
      process.execPath,
      [
        resolve(repoRoot, 'src/cli/bin.mjs'),
        'proxy',
        '--upstream',
        server.baseUrl,
        '--port',
        '0',
        '--report-dir',
        reportDir,
      ],
      { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const exited = new Promise<number | null>((done) => child.on('exit', done));
    try {
      const first = await new Promise<string>((done) => createInterface({ input: child.stdout }).once('line', done));
      expect(first).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v4$/);
      const direct = await request(`${server.baseUrl}/vpcs`, { headers: { authorization: `Bearer ${server.token}` } });
      const proxied = await request(`${first}/vpcs`, { headers: { authorization: `Bearer ${server.token}` } });
      expect(proxied.statusCode).toBe(direct.statusCode);
      expect(await proxied.body.text()).toBe(await direct.body.text());
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      child.kill();
      await server.close();
    }
    const har = readFileSync(join(reportDir, 'recording.har'), 'utf8');
    expect(JSON.parse(har).log.entries).toHaveLength(1);
    expect(har).not.toContain(server.token);
    for (const report of ['results.json', 'junit.xml', 'summary.md', 'index.html'])
      expect(existsSync(join(reportDir, report))).toBe(true);
  });
});
