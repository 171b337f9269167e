// Self-test of a misconfigured run: a wrong token, a base URL without the API's path, or nothing listening ends at the preflight with one line and no verdicts; a 401 to a case breaking a validation rule is no rejection by that rule.

import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { Results } from '../report/results.js';
import { startHostileProxy } from '../selftest/hostile-target.js';
import { scratchDirectory } from '../test-support/scratch.js';
import { closedPort, runCli, serveDuringTests } from './child.js';

const work = scratchDirectory('hostile-preflight');

const TOKEN = 'preflight-test-token-41c9';
const STACK_LINE = /^\s+at .+:\d+:\d+\)?$/m;

/** A web server on loopback that answers every request with an HTML 404, as another service on the wrong port would. */
async function otherWebServer(): Promise<string[]> {
  const server = createHttpServer((_req, res) => {
    res.writeHead(404, { 'content-type': 'text/html' });
    res.end('<html>not here</html>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return ['--base-url', `http://127.0.0.1:${(server.address() as { port: number }).port}/v4`];
}

describe('a misconfigured run', () => {
  const serve = serveDuringTests(TOKEN);

  const cases: { name: string; args: () => Promise<string[]>; says: RegExp }[] = [
    {
      name: 'a refused token',
      args: async () => ['--base-url', serve.baseUrl, '--token', 'not-the-token-of-this-account'],
      says: /the token is refused: GET \S+\/vpcs answered 401 \(".*Invalid Token.*"\); check --token/,
    },
    {
      name: 'a base URL without /v4',
      args: async () => ['--base-url', serve.baseUrl.replace(/\/v4$/, ''), '--token', TOKEN],
      says: /nothing at \S+ answers as this API: GET \S+\/vpcs answered 404 .*; does --base-url end with the API's version path/,
    },
    {
      name: 'https to a server that speaks http',
      args: async () => ['--base-url', serve.baseUrl.replace(/^http:/, 'https:'), '--token', TOKEN],
      says: /https:\S+ does not answer TLS \(\S+\): does it serve plain HTTP \(http:\/\/ rather than https:\/\/\)\?/,
    },
    {
      name: 'the port of a web server that is not this API',
      args: async () => [...(await otherWebServer()), '--token', TOKEN],
      says: /nothing at \S+\/v4 answers as this API: GET \S+\/vpcs answered 404 \("<html>not here<\/html>"\); GET .*is the target serving this API/,
    },
    {
      name: 'nothing listening',
      args: async () => ['--base-url', `http://127.0.0.1:${await closedPort()}/v4`, '--token', TOKEN],
      says: /cannot reach http:\/\/127\.0\.0\.1:\d+\/v4: ECONNREFUSED/,
    },
  ];
  for (const { name, args, says } of cases) {
    test(`${name}: exit 2 with one line saying so, and no verdicts`, { timeout: 90_000 }, async () => {
      const dir = mkdtempSync(join(work, 'preflight-'));
      const r = await runCli(['run', ...(await args()), '--only', 'vpcs', '--report-dir', dir], { boundMs: 60_000 });
      const output = r.stdout + r.stderr;
      expect(r.code, output).toBe(2);
      expect(output).toMatch(says);
      expect(output.match(/^cloudconf: .*$/gm)?.filter((l) => !/mode \w+; what the run creates/.test(l))).toHaveLength(
        1,
      );
      expect(output).not.toMatch(STACK_LINE);
      expect(existsSync(join(dir, 'results.json'))).toBe(false);
    });
  }

  test('a trailing slash on the base URL names the same base URL: the run judges', { timeout: 90_000 }, async () => {
    const dir = mkdtempSync(join(work, 'slash-'));
    const only = 'vpcs/list/auth';
    const r = await runCli(
      ['run', '--seed', '1', '--base-url', `${serve.baseUrl}/`, '--token', TOKEN, '--only', only, '--report-dir', dir],
      {
        boundMs: 60_000,
      },
    );
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as Results;
    expect(results.requirements.every((q) => q.verdict === 'pass')).toBe(true);
  });

  test('a 401 to every write: the body rules are errors, not passes', { timeout: 150_000 }, async () => {
    const proxy = await startHostileProxy(serve.baseUrl, 'writes401');
    const dir = mkdtempSync(join(work, 'writes401-'));
    try {
      const only = 'vpcs/create/label-length';
      const args = [
        'run',
        '--seed',
        '1',
        '--base-url',
        proxy.baseUrl,
        '--token',
        TOKEN,
        '--only',
        only,
        '--report-dir',
        dir,
      ];
      const r = await runCli(args, { boundMs: 120_000 });
      expect(r.code, r.stdout + r.stderr).toBe(2);
      const results = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as Results;
      const judged = results.requirements.find((q) => q.id === only);
      expect(judged?.verdict).toBe('error');
    } finally {
      await proxy.close();
    }
  });
});
