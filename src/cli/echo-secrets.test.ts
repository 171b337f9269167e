// Hostile self-test of a run against a target that echoes the token back encoded (JSON \u escapes and \/, percent-encoding, base64) in every answer: no form of it reaches a report or the terminal.

import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { filesUnder } from '../test-support/files.js';
import { scratchDirectory } from '../test-support/scratch.js';
import { runCli } from './child.js';

const work = scratchDirectory('echo-secrets');

const TOKEN = 'echo/Tok+3n=9f8e7d/6c5b+4a==';

/** What must never show: the token as sent and as the target echoes it. */
const forms = [
  TOKEN,
  encodeURIComponent(TOKEN),
  TOKEN.replace(/\//g, '\\/'),
  TOKEN.replace(/[^A-Za-z0-9]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`),
  Buffer.from(TOKEN).toString('base64').slice(0, -4),
];

test('a target echoing the token encoded leaks it nowhere', { timeout: 180_000 }, async () => {
  const server = createServer((req, res) => {
    const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    // Each form written by hand, as a server's own encoder would (JSON.stringify would not escape these).
    const escaped = token.replace(/[^A-Za-z0-9]/g, (c) => `\\u00${c.charCodeAt(0).toString(16)}`);
    const body = `{"errors":[{"reason":"token ${escaped} / ${token.replace(/\//g, '\\/')} / ${encodeURIComponent(token)} / ${Buffer.from(token).toString('base64')} refused"}]}`;
    res.writeHead(400, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const dir = mkdtempSync(join(work, 'echo-'));
  try {
    const r = await runCli(
      ['run', '--base-url', `http://127.0.0.1:${port}/v4`, '--only', 'tags', '--timeout', '2000', '--report-dir', dir],
      { boundMs: 150_000, env: { CLOUDCONF_TOKEN: TOKEN } },
    );
    expect(r.signal).toBeNull();
    const texts = new Map(filesUnder(dir).map((f) => [f, readFileSync(f, 'utf8')]));
    texts.set('output', r.stdout + r.stderr);
    expect(texts.size).toBeGreaterThan(4);
    // The echo is there to leak: the reports show the failing answers, with the redaction mark.
    expect([...texts.values()].some((t) => t.includes('[redacted]'))).toBe(true);
    const leaks = [...texts].flatMap(([f, t]) =>
      forms.filter((form) => t.includes(form)).map((form) => `${f}: ${form}`),
    );
    expect(leaks).toEqual([]);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
