// Self-test of the cleanup against a hostile target: labels ending in a lone surrogate or echoing the token, refusals carrying the token and escape sequences; the reports are written, no secret leaves, target text is inert, and the printed command removes what was left.

import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import type { Results } from '../report/results.js';
import { startRewritingTarget } from '../selftest/rewriting-target.js';
import { scratchDirectory } from '../test-support/scratch.js';
import { runCli } from './child.js';

const work = scratchDirectory('hostile-cleanup');

const TOKEN = 'cleanup-test-token-4f9e1b2c8d';
const BOUND_MS = 150_000;
const ESCAPES = '\u001b]0;owned\u0007\u001b[2J\u001b[31m\r';
// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them is the test
const CONTROL = /[\u001b\u0007\r]/;
const MARKDOWN = '\n# Pwned ![x](http://evil.example/x.png) <script>alert(1)</script>';

test('a hostile target cannot lose the reports, leak the token or write on the terminal through the cleanup', {
  timeout: 2 * BOUND_MS + 30_000,
}, async () => {
  let hostile = true;
  let tagsMade = 0;
  const target = await startRewritingTarget(TOKEN, (request, answer) => {
    if (!hostile) return;
    const sent = (request.body as { label?: string } | undefined)?.label;
    if (request.method === 'POST' && request.path === '/v4/tags' && answer.status === 200 && sent) {
      tagsMade += 1;
      // The first tag's label is cut inside a surrogate pair; the second echoes the token and escapes.
      const label = tagsMade === 1 ? `${sent}\ud83d` : tagsMade === 2 ? `${sent}${TOKEN}${ESCAPES}` : undefined;
      return label ? { status: 200, json: { ...(answer.json as object), label } } : undefined;
    }
    if (request.method === 'DELETE' && request.path.startsWith('/v4/tags/')) {
      return { status: 400, json: { errors: [{ reason: `refused for ${TOKEN}${ESCAPES}${MARKDOWN}` }] } };
    }
    return undefined;
  });
  try {
    const dir = mkdtempSync(join(work, 'hostile-cleanup-'));
    const r = await runCli(['run', '--base-url', target.baseUrl, '--only', 'tags', '--report-dir', dir], {
      env: { CLOUDCONF_TOKEN: TOKEN },
      boundMs: BOUND_MS,
    });
    const output = r.stdout + r.stderr;
    expect(r.signal, output).toBeNull();
    expect(tagsMade).toBeGreaterThan(2);
    expect(output).not.toContain('cloudconf: URI malformed');
    for (const file of ['results.json', 'junit.xml', 'summary.md', 'index.html', 'created.jsonl']) {
      expect(existsSync(join(dir, file)), file).toBe(true);
    }
    const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as Results;
    const cleanup = results.cleanup as (Results['cleanup'] & { notOurs?: { reason: string }[] }) | undefined;
    expect(cleanup?.left.length, output).toBeGreaterThan(0);

    // No secret anywhere the cleanup writes.
    for (const [what, text] of [
      ['terminal', output],
      ['summary.md', readFileSync(join(dir, 'summary.md'), 'utf8')],
      ['results.json', JSON.stringify(results)],
      ['created.jsonl', readFileSync(join(dir, 'created.jsonl'), 'utf8')],
    ]) {
      expect(text?.includes(TOKEN), `the token in ${what}`).toBe(false);
    }

    // Target text in the cleanup lines is inert: no escape, BEL or CR on the terminal; no Markdown or HTML in summary.md.
    const terminal = r.stderr.slice(r.stderr.indexOf('left on the target'));
    expect(terminal).toContain('refused for');
    expect(terminal).not.toMatch(CONTROL);
    const summary = readFileSync(join(dir, 'summary.md'), 'utf8');
    const start = summary.indexOf('## Cleanup');
    const end = summary.indexOf('\n## ', start + 1);
    const section = summary.slice(start, end < 0 ? undefined : end);
    expect(section).toContain('refused for');
    expect(section).not.toMatch(CONTROL);
    // Markdown that could start a tag, an image, a link or a heading: an escaped character (`\<`) starts none.
    expect(section).not.toMatch(/(?<!\\)<script|(?<!\\)!\[|(?<!\\)\]\(http|\n# /);

    // The label no URL can hold is named as such, not as something a later command could remove.
    expect(cleanup?.notOurs?.map((l) => l.reason) ?? []).toContainEqual(
      expect.stringMatching(/cannot be written in a URL/),
    );

    // Once the target behaves, the command the run printed removes everything it left.
    hostile = false;
    const command = cleanup?.command ?? '';
    expect(command).toMatch(/^cloudconf cleanup /);
    const swept = await runCli(command.split(' ').slice(1), { env: { CLOUDCONF_TOKEN: TOKEN }, boundMs: BOUND_MS });
    expect(swept.code, swept.stderr).toBe(0);
    expect(swept.stderr).not.toMatch(CONTROL);
    const tags = await fetch(`${target.directUrl}/tags?page_size=500`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const labels = ((await tags.json()) as { data: { label: string }[] }).data.map((t) => t.label);
    expect(labels.filter((l) => l.startsWith(cleanup?.prefix ?? '?'))).toEqual([]);
  } finally {
    await target.close();
  }
});
