// Hostile-traffic self-tests of audit and proxy: credentials, cookies and passwords of the traffic (echoed encoded, too) and tokens the reference server's control interface mints reach no report, and escape sequences from the target reach the terminal escaped.

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { request } from 'undici';
import { describe, expect, test } from 'vitest';
import { audit, findingLine } from '../cli/audit.js';
import { writeProxyOutputs } from '../cli/proxy.js';
import { filesUnder } from '../test-support/files.js';
import { scratchDirectory } from '../test-support/scratch.js';
import { startProxy } from './proxy.js';

const dir = scratchDirectory('hostile-traffic');

const TOKEN = 'Tk/8sd+Qw2=Zx9/Lp4+Mn==';
const COOKIE_A = 'sess-4f9a8b7c6d5e';
const COOKIE_B = 'csrf-0a1b2c3d4e5f';
const SET_COOKIE = 'fresh-9z8y7x6w5v4u';
const PASSWORD = 'Hunter2-correct-horse!';
const FORM_PASSWORD = 'Form-pass-9876543!';
const SECRETS = [TOKEN, COOKIE_A, COOKIE_B, SET_COOKIE, PASSWORD, FORM_PASSWORD];

/** The visible forms of every secret: as is, percent-encoded and in base64 (the core any alignment keeps). */
const forms = (s: string) => [s, encodeURIComponent(s), Buffer.from(s).toString('base64').slice(0, 12)];

/** Control characters a hostile target sends to rewrite the user's terminal. */
const ESCAPES = '\u001b]0;owned\u0007\u001b[2J\rdone';
// biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them is the test
const CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

/** Every secret form found in the texts, with where. */
function leaks(texts: Map<string, string>): string[] {
  return [...texts].flatMap(([where, text]) =>
    SECRETS.flatMap(forms)
      .filter((form) => text.includes(form))
      .map((form) => `${where}: ${form}`),
  );
}

/** A browser's HAR, every exchange failing so that the reports show it: a login form, a JSON body with a password, bearer and cookie headers, a Set-Cookie, an echoed token. */
function browserHar(): string {
  const header = (name: string, value: string) => ({ name, value });
  const entry = (
    method: string,
    url: string,
    headers: unknown[],
    body: string | undefined,
    status: number,
    answer: string,
    answerHeaders: unknown[] = [],
  ) => ({
    startedDateTime: '2026-01-01T00:00:00.000Z',
    time: 1,
    request: {
      method,
      url,
      httpVersion: 'HTTP/1.1',
      headers,
      cookies: [],
      queryString: [],
      ...(body === undefined ? {} : { postData: { mimeType: 'application/json', text: body } }),
      headersSize: -1,
      bodySize: -1,
    },
    response: {
      status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      headers: [header('Content-Type', 'application/json'), ...answerHeaders],
      cookies: [],
      content: { size: answer.length, mimeType: 'application/json', text: answer },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    timings: { send: 0, wait: 1, receive: 0 },
  });
  const auth = [header('Authorization', `Bearer ${TOKEN}`), header('Cookie', `sid=${COOKIE_A}; csrf=${COOKIE_B}`)];
  const entries = [
    entry(
      'POST',
      'https://api.example.test/v4/vpcs',
      [header('Content-Type', 'application/x-www-form-urlencoded')],
      `user=alice&password=${encodeURIComponent(FORM_PASSWORD)}`,
      200,
      'welcome',
      [header('Set-Cookie', `sid=${SET_COOKIE}; Path=/; HttpOnly`)],
    ),
    entry(
      'POST',
      'https://api.example.test/v4/account/users',
      auth,
      JSON.stringify({ username: 'alice', email: 'a@example.test', password: PASSWORD }),
      500,
      JSON.stringify({
        errors: [{ reason: `token ${encodeURIComponent(TOKEN)} and ${JSON.stringify(PASSWORD)} refused` }],
      }),
    ),
    entry(
      'GET',
      'https://api.example.test/v4/vpcs',
      auth,
      undefined,
      200,
      `unknown token ${Buffer.from(`alice:${TOKEN}`).toString('base64')}`,
    ),
  ];
  return JSON.stringify({ log: { version: '1.2', creator: { name: 'browser', version: '1' }, entries } }, null, 2);
}

describe('audit and proxy against hostile traffic', () => {
  test('audit of a browser HAR keeps its credentials, cookies and passwords out of every report and line', async () => {
    const har = join(dir, 'browser.har');
    writeFileSync(har, browserHar());
    const reportDir = mkdtempSync(join(dir, 'audit-'));
    const lines: string[] = [];
    const code = await audit(har, { reportDir }, { out: (t) => lines.push(t), err: (l) => lines.push(l) });
    expect([0, 1]).toContain(code);
    const texts = new Map(filesUnder(reportDir).map((f) => [f, readFileSync(f, 'utf8')]));
    expect([...texts.keys()].map((f) => f.slice(reportDir.length + 1)).sort()).toEqual([
      'index.html',
      'junit.xml',
      'results.json',
      'summary.md',
    ]);
    texts.set('terminal', lines.join('\n'));
    expect(leaks(texts)).toEqual([]);
  });

  test('audit prints the escape sequences of an answer escaped', async () => {
    const path = join(dir, 'escapes.jsonl');
    writeFileSync(
      path,
      `${JSON.stringify({ method: 'GET', path: '/v4/vpcs', status: 200, response_body: `${ESCAPES} not json` })}\n`,
    );
    const lines: string[] = [];
    const code = await audit(
      path,
      { reportDir: mkdtempSync(join(dir, 'esc-')) },
      { out: (t) => lines.push(t), err: (l) => lines.push(l) },
    );
    expect(code).toBe(1);
    const shown = lines.join('\n');
    expect(shown).toContain('\\x1b]0;owned\\x07');
    expect(shown).not.toMatch(CONTROL);
  });

  test('the proxy keeps credentials and cookies out of its reports and HAR, and prints escapes escaped', async () => {
    // An upstream that echoes the token percent-encoded, sets a cookie, and answers text with escape sequences.
    const upstream = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain', 'set-cookie': `sid=${SET_COOKIE}; Path=/` });
      res.end(`${ESCAPES} ${encodeURIComponent(String(req.headers.authorization))}`);
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const { port } = upstream.address() as AddressInfo;
    const lines: string[] = [];
    const io = { out: (t: string) => lines.push(t), err: (l: string) => lines.push(l) };
    const options = { upstream: `http://127.0.0.1:${port}/v4`, port: '0', reportDir: mkdtempSync(join(dir, 'proxy-')) };
    const proxy = await startProxy({
      upstream: options.upstream,
      onFindings: (fs) => {
        for (const f of fs) io.err(findingLine(f));
      },
    });
    try {
      const answer = await request(`${proxy.url}/vpcs`, {
        headers: { authorization: `Bearer ${TOKEN}`, cookie: `sid=${COOKIE_A}; csrf=${COOKIE_B}` },
      });
      await answer.body.text();
    } finally {
      await proxy.close();
      await new Promise((resolve) => upstream.close(resolve));
    }
    writeProxyOutputs(proxy, options, new Date(), io);
    const texts = new Map(filesUnder(options.reportDir).map((f) => [f, readFileSync(f, 'utf8')]));
    expect(texts.size).toBe(5);
    const shown = lines.join('\n');
    texts.set('terminal', shown);
    expect(leaks(texts)).toEqual([]);
    expect(shown).toContain('\\x1b]0;owned');
    expect(shown).not.toMatch(CONTROL);
  });

  test("the proxy's recording hides a token the control interface minted and nobody used, and keeps a transfer's token", async () => {
    const minted = 'cc-5d1f0a9e8b7c6d5e4f3a2b1c0d9e8f7a';
    const transfer = '0822a822-2218-4ba7-b4c6-79aecaf73871';
    const upstream = createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify(req.url?.startsWith('/__cloudconf/') ? { account: 7, token: minted } : { token: transfer }),
      );
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const { port } = upstream.address() as AddressInfo;
    const proxy = await startProxy({ upstream: `http://127.0.0.1:${port}/v4` });
    try {
      const origin = new URL(proxy.url).origin;
      for (const url of [`${origin}/__cloudconf/accounts`, `${proxy.url}/account/service-transfers/${transfer}`])
        await (await request(url, { method: url.includes('__cloudconf') ? 'POST' : 'GET' })).body.text();
    } finally {
      await proxy.close();
      await new Promise((resolve) => upstream.close(resolve));
    }
    const recorded = JSON.stringify(proxy.recording());
    expect(recorded).not.toContain(minted);
    expect(recorded).toContain('[redacted]');
    // An identifier of the API stays, in its path and its answer: the audit matches and judges it.
    const read = proxy.recording().find((r) => r.exchange.request.url.includes('service-transfers'))?.exchange;
    expect(read?.request.url).toContain(transfer);
    expect(read?.response?.text).toBe(JSON.stringify({ token: transfer }));
  });
});
