// Self-test of what a gateway in front of the target sees: every request carries the `--header` values and a `cloudconf/<version>` User-Agent, and the header's value (a secret) appears in no report and nowhere in what the run prints.

import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { startProxy } from '../audit/proxy.js';
import { encodedForms } from '../http/redact.js';
import { startReferenceServer } from '../reference/server.js';
import { filesUnder } from '../test-support/files.js';
import { scratchDirectory } from '../test-support/scratch.js';
import { TOOL_VERSION } from '../version.js';
import { runCli } from './child.js';

const work = scratchDirectory('gateway');

const KEY = 'gw/Key+9f8e7d6c5b4a==';

test('--header and the User-Agent reach the target on every request; the header value is redacted', {
  timeout: 240_000,
}, async () => {
  const reference = await startReferenceServer({ port: 0 });
  const seen: Record<string, string>[] = [];
  const proxy = await startProxy({
    upstream: reference.baseUrl,
    onFindings: (_findings, exchange) => {
      seen.push(exchange.request.headers);
    },
  });
  const dir = mkdtempSync(join(work, 'gateway-'));
  try {
    const r = await runCli(
      [
        'run',
        '--seed',
        '1',
        '--base-url',
        proxy.url,
        '--token',
        reference.token,
        '--header',
        `X-Gateway-Key: ${KEY}`,
        '--only',
        'tags',
        '--report-dir',
        dir,
      ],
      { boundMs: 200_000 },
    );
    // stdout names the requirements that failed.
    expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
    expect(seen.length).toBeGreaterThan(5);
    expect(seen.filter((h) => h['x-gateway-key'] !== KEY)).toEqual([]);
    expect(seen.filter((h) => h['user-agent'] !== `cloudconf/${TOOL_VERSION}`)).toEqual([]);
    const texts = new Map(filesUnder(dir).map((f) => [f, readFileSync(f, 'utf8')]));
    texts.set('output', r.stdout + r.stderr);
    const leaks = [...texts].filter(([, text]) => encodedForms(KEY).some((form) => text.includes(form)));
    expect(leaks.map(([f]) => f)).toEqual([]);
  } finally {
    await proxy.close();
    await reference.close();
  }
});
