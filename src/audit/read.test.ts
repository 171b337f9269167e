// Self-tests of reading recordings: JSON lines and HAR told apart by content, bodies and queries as written, bad lines and entries reported and skipped, the proxy's HAR read back whole.

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Exchange } from '../http/exchange.js';
import { scratchDirectory } from '../test-support/scratch.js';
import { harLog } from './har.js';
import { parseRecording, readRecording, UnreadableRecording } from './read.js';

const line = (x: unknown) => JSON.stringify(x);

describe('JSON lines', () => {
  test('each line is one exchange: path with or without query, bodies as JSON values or raw text', () => {
    const text = [
      line({
        method: 'get',
        path: '/v4/vpcs?page=2',
        query: { page_size: 25 },
        status: 200,
        response_body: { data: [] },
      }),
      '',
      line({
        method: 'POST',
        path: '/vpcs',
        query: 'a=1',
        status: 400,
        request_body: { label: 'x' },
        response_body: '{"errors":[]}',
        response_headers: { 'Content-Type': 'application/json' },
        request_headers: { Authorization: 'Bearer t' },
      }),
      line({ method: 'PUT', path: '/v4/vpcs/1', status: 200, request_body: 'label=x' }),
    ].join('\n');
    const r = parseRecording(text);
    expect(r.format).toBe('jsonl');
    expect(r.unreadable).toEqual([]);
    expect(r.records.map((x) => x.index)).toEqual([0, 2, 3]);
    const [a, b, c] = r.records.map((x) => x.exchange) as [Exchange, Exchange, Exchange];
    expect(a.request).toMatchObject({ method: 'GET', url: '/v4/vpcs?page=2&page_size=25' });
    expect(a.response).toMatchObject({ status: 200, text: '{"data":[]}', json: { data: [] } });
    expect(b.request).toMatchObject({
      url: '/vpcs?a=1',
      body: '{"label":"x"}',
      headers: { authorization: 'Bearer t' },
    });
    expect(b.response).toMatchObject({ json: { errors: [] }, headers: { 'content-type': 'application/json' } });
    expect(c.request.body).toBe('label=x');
    expect(r.records.map((x) => [x.requestHeadersKnown, x.responseHeadersKnown])).toEqual([
      [false, false],
      [true, true],
      [false, false],
    ]);
  });

  test('a bad line is reported with its index and skipped; the others are read', () => {
    const text = [
      line({ method: 'GET', path: '/v4/vpcs', status: 200 }),
      '{"method": "GET", "path": ',
      line({ method: 'GET', path: 'vpcs', status: 200 }),
      line({ method: 'GET', path: '/v4/vpcs', status: 'ok' }),
      '[1, 2]',
      line({ method: 'DELETE', path: '/v4/vpcs/1', status: 200 }),
    ].join('\n');
    const r = parseRecording(text);
    expect(r.records.map((x) => x.index)).toEqual([0, 5]);
    expect(r.unreadable.map((u) => [u.index, u.where])).toEqual([
      [1, 'line 2'],
      [2, 'line 3'],
      [3, 'line 4'],
      [4, 'line 5'],
    ]);
    expect(r.unreadable[0]?.message).toMatch(/not JSON/);
    expect(r.unreadable[1]?.message).toMatch(/path/);
    expect(r.unreadable[2]?.message).toMatch(/status/);
    expect(r.unreadable[3]?.message).toMatch(/object/);
  });

  test('a line whose body is nested 100,000 deep is reported and skipped, not a crash of the whole read', () => {
    const deep = `${'['.repeat(100_000)}1${']'.repeat(100_000)}`;
    const text = [
      `{"method": "POST", "path": "/v4/vpcs", "status": 400, "request_body": {"label": ${deep}}}`,
      line({ method: 'GET', path: '/v4/vpcs', status: 200 }),
    ].join('\n');
    const r = parseRecording(text);
    expect(r.records.map((x) => x.index)).toEqual([1]);
    expect(r.unreadable).toEqual([{ index: 0, where: 'line 1', message: expect.stringMatching(/nested too deep/) }]);
  });
});

const sample: Exchange = {
  request: {
    method: 'POST',
    url: 'http://127.0.0.1:8080/v4/vpcs?x=1',
    headers: { 'content-type': 'application/json', authorization: 'Bearer [redacted]' },
    body: '{"label":"a"}',
  },
  response: {
    status: 200,
    headers: { 'content-type': 'application/json' },
    text: '{"id":1}',
    json: { id: 1 },
    truncated: false,
  },
  startedAt: '2024-01-02T03:04:05.000Z',
  durationMs: 3,
};

describe('HAR', () => {
  test('a HAR written by the proxy reads back as the same exchanges, pretty-printed or not', () => {
    const log = harLog([
      { exchange: sample },
      { exchange: { ...sample, request: { ...sample.request, body: undefined } } },
    ]);
    for (const text of [JSON.stringify(log), JSON.stringify(log, null, 2)]) {
      const r = parseRecording(text);
      expect(r.format).toBe('har');
      expect(r.records[0]?.exchange).toEqual(sample);
      expect(r.records[1]?.exchange.request.body).toBeUndefined();
    }
  });

  test('binary bodies travel in base64; an entry without an answer is read as unanswered', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0x00]).toString('base64');
    const log = harLog([
      {
        exchange: { ...sample, response: { ...sample.response, text: '[6 bytes]' } as never },
        binary: { response: png },
      },
      { exchange: { ...sample, response: undefined, transportError: { code: 'ECONNREFUSED', message: 'refused' } } },
    ]) as { log: { entries: { response: { content: { text: string; encoding?: string } } }[] } };
    expect(log.log.entries[0]?.response.content).toMatchObject({ text: png, encoding: 'base64' });
    const r = parseRecording(JSON.stringify(log));
    expect(r.records[0]?.exchange.response?.text).toBe('[6 bytes]');
    expect(r.records[1]?.exchange.response).toBeUndefined();
    expect(r.records[1]?.exchange.transportError).toBeDefined();
  });

  test('a bad entry is reported with its index and skipped', () => {
    const log = harLog([{ exchange: sample }, { exchange: sample }]) as { log: { entries: unknown[] } };
    log.log.entries.splice(1, 0, { request: { method: 'GET' }, response: { status: 200 } });
    const r = parseRecording(JSON.stringify(log, null, 2));
    expect(r.records.map((x) => x.index)).toEqual([0, 2]);
    expect(r.unreadable).toEqual([{ index: 1, where: 'entry 2', message: expect.stringMatching(/request.url/) }]);
  });
});

describe('files', () => {
  const dir = scratchDirectory('read');
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  test('a file that is neither HAR nor JSON lines, or is missing, or empty, is unreadable as a whole', () => {
    expect(() => readRecording(join(dir, 'missing.har'))).toThrow(UnreadableRecording);
    expect(() => readRecording(file('broken.har', '{\n  "log": {\n  "entries": [\n'))).toThrow(
      /HAR log that does not parse/,
    );
    expect(() => readRecording(file('nolog.json', '{\n "log": {}\n}'))).toThrow(/log.entries/);
    expect(() => readRecording(file('empty.jsonl', '\n\n'))).toThrow(/no exchange/);
  });

  test('a JSON lines file whose first line is broken is still read line by line', () => {
    const r = readRecording(
      file('first-bad.jsonl', `{"method":\n${line({ method: 'GET', path: '/v4/vpcs', status: 200 })}\n`),
    );
    expect(r.records).toHaveLength(1);
    expect(r.unreadable[0]?.where).toBe('line 1');
  });
});
