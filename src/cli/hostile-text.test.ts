// Self-tests of text that reads differently than it is: a token echoed with some characters escaped is still redacted everywhere, and invisible or reordering characters (zero-width, bidirectional controls) reach neither the terminal nor summary.md raw, nor does Markdown from a results.json given to `report --render`.

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { failure, requirement, results } from '../report/test-support/sample-results.js';
import { startListingTarget } from '../selftest/listing-target.js';
import { filesUnder } from '../test-support/files.js';
import { scratchDirectory } from '../test-support/scratch.js';
import { runCli } from './child.js';

const work = scratchDirectory('text');
const BOUND_MS = 90_000;

const TOKEN = 'Mixed-Tok3n-a9f8e7d6c5b4';
const u = (c: string) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;

describe('a target echoing the token with some of its characters escaped', () => {
  test('the token is redacted in results.json, junit.xml, summary.md, index.html, the Allure results and the terminal', {
    timeout: BOUND_MS + 30_000,
  }, async () => {
    const server = createServer((req, res) => {
      req.resume();
      const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
      // Written by hand, as a server's own encoder might: one character escaped, the rest literal.
      const first = `${u(token[0] ?? '')}${token.slice(1)}`;
      const middle = `${token.slice(0, 5)}${u(token[5] ?? '')}${token.slice(6)}`;
      // Members of the class the issue does not name: a letter percent-encoded among literal ones, and hex of mixed case.
      const percent = `%${(token.charCodeAt(0) ?? 0).toString(16).toUpperCase()}${token.slice(1)}`;
      const upper = `${u(token[0] ?? '')
        .toUpperCase()
        .replace('\\U', '\\u')}${token.slice(1, 3)}${u(token[3] ?? '')}${token.slice(4)}`;
      const body = `{"errors":[{"reason":"token ${first} / ${middle} / ${percent} / ${upper} refused"}]}`;
      res.writeHead(400, { 'content-type': 'application/json' }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const dir = join(work, 'echo');
    try {
      const r = await runCli(
        [
          'run',
          '--base-url',
          `http://127.0.0.1:${port}/v4`,
          '--only',
          'tags/list',
          '--timeout',
          '2000',
          '--report-dir',
          dir,
        ],
        { boundMs: BOUND_MS, env: { CLOUDCONF_TOKEN: TOKEN } },
      );
      expect(r.signal).toBeNull();
      const texts = new Map(filesUnder(dir).map((f) => [f, readFileSync(f, 'utf8')]));
      texts.set('terminal', r.stdout + r.stderr);
      for (const report of ['results.json', 'junit.xml', 'summary.md', 'index.html'])
        expect(texts.has(join(dir, report)), report).toBe(true);
      expect([...texts.keys()].some((f) => f.includes('allure-results'))).toBe(true);
      // The echo is there to be seen, redacted.
      expect([...texts.values()].some((t) => t.includes('[redacted]'))).toBe(true);
      // What follows the escaped character would show the token but for its first letters.
      const tail = TOKEN.slice(6);
      const leaks = [...texts].filter(([, t]) => t.includes(tail)).map(([f]) => f);
      expect(leaks).toEqual([]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

/** Characters that make a text read differently: zero-width space and joiner, a right-to-left override, and (members the issue does not name) a soft hyphen, a first-strong isolate and a tag character. */
const INVISIBLES = ['\u200b', '\u200d', '\u202e', '\u00ad', '\u2068', '\u{e0041}'];
const raw = (text: string) => INVISIBLES.filter((c) => text.includes(c));

describe('invisible and reordering characters', () => {
  test('cleanup names a label holding them with each escaped on the terminal', { timeout: BOUND_MS }, async () => {
    const prefix = 'cctext1';
    const label = `${prefix}-a${INVISIBLES.join('x')}-txt.exe`;
    const target = await startListingTarget({
      lists: { '/vpcs': [{ id: 7, label }] },
      records: { '/vpcs/7': { id: 7, label } },
    });
    try {
      const r = await runCli(['cleanup', '--base-url', target.baseUrl, '--prefix', prefix, '--token', 'text-token-1'], {
        boundMs: BOUND_MS,
      });
      expect(r.code, r.stderr).toBe(0);
      expect(raw(r.stderr)).toEqual([]);
      expect(r.stderr).toContain('\\u200b');
      expect(r.stderr).toContain('\\u202e');
      expect(r.stderr).toContain('\\u{e0041}');
    } finally {
      await target.close();
    }
  });

  test('report --render: summary.md holds none of them raw, and no Markdown from the results file', {
    timeout: BOUND_MS,
  }, async () => {
    const dir = join(work, 'render');
    mkdirSync(dir, { recursive: true });
    const hostile = results(
      [
        requirement('vpcs/create/label-length', 'fail', {
          failures: [failure({ actual: `"abc${INVISIBLES.join('')}cba"` })],
        }),
      ],
      {
        startedAt: '2026-01-01T00:00:00Z\n# Pwned <img src=x onerror=alert(1)>',
        provenance: {
          encoding: 'e',
          selection: {},
          // A member the issue does not name: any other member of results.json where a word or a number belongs.
          mode: 'safe\n## Injected [link](http://evil.test)',
          runs: 1,
          concurrency: 1,
          endedAt: `2026-01-01T00:01:00Z\u202e`,
          node: 'v24',
          platform: 'linux',
        } as never,
      },
    );
    writeFileSync(join(dir, 'results.json'), JSON.stringify(hostile));
    const r = await runCli(['report', '--render', dir], { boundMs: BOUND_MS });
    expect(r.code, r.stderr).toBe(0);
    const summary = readFileSync(join(dir, 'summary.md'), 'utf8');
    expect(raw(summary)).toEqual([]);
    expect(summary).not.toMatch(/^#+ (Pwned|Injected)/m);
    expect(summary).not.toMatch(/(?<!\\)<img|(?<!\\)\]\(http/);
    expect(summary).toContain('\\u202e');
  });
});
