// Self-test of the bounded forms of an answer: JSON nested too deep is not JSON, and a recorded exchange keeps a marked prefix of a long body.

import { createHash } from 'node:crypto';
import { expect, test } from 'vitest';
import { MAX_JSON_DEPTH, parseJsonBounded } from './bounded-json.js';
import { type Exchange, RECORDED_BODY_CHARS, recorded } from './exchange.js';

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

test('JSON nested deeper than the limit is judged as not JSON; at the limit, and with brackets in strings, it parses', () => {
  expect(parseJsonBounded(nested(3000))).toBeUndefined();
  expect(parseJsonBounded(nested(MAX_JSON_DEPTH + 1))).toBeUndefined();
  expect(parseJsonBounded(nested(MAX_JSON_DEPTH))).toBeDefined();
  expect(parseJsonBounded(JSON.stringify({ label: '['.repeat(500), note: '\\"{{{' }))).toEqual({
    label: '['.repeat(500),
    note: '\\"{{{',
  });
});

test('a recorded exchange keeps a prefix of a long body with its length and SHA-256, and drops its parsed value', () => {
  const text = JSON.stringify({ errors: [{ reason: 'é'.repeat(3 * RECORDED_BODY_CHARS) }] });
  const e: Exchange = {
    request: {
      method: 'POST',
      url: 'http://127.0.0.1/v4/tags',
      headers: {},
      body: 'x'.repeat(2 * RECORDED_BODY_CHARS),
    },
    response: { status: 500, headers: {}, text, json: JSON.parse(text), truncated: false },
    startedAt: '',
    durationMs: 0,
  };
  const r = recorded(e).response;
  expect(r?.bytes).toBe(Buffer.byteLength(text));
  expect(r?.sha256).toBe(createHash('sha256').update(text).digest('hex'));
  expect(r?.text.startsWith(text.slice(0, RECORDED_BODY_CHARS))).toBe(true);
  expect(r?.text.length).toBeLessThan(RECORDED_BODY_CHARS + 200);
  expect(r?.json).toBeUndefined();
  expect(recorded(e).request.body?.length).toBeLessThan(RECORDED_BODY_CHARS + 200);
  const short: Exchange = {
    ...e,
    request: { ...e.request, body: '{}' },
    response: { ...e.response, text: '{}', json: {} } as never,
  };
  expect(recorded(short)).toBe(short);
});
