// Self-tests of the HTTP-convention checks on hand-made exchanges: each passes the careful answer and fails the careless one.

import { describe, expect, test } from 'vitest';
import type { Exchange } from '../http/exchange.js';
import {
  allowListsRouteMethods,
  bearerChallenge,
  headLikeGet,
  jsonMediaType,
  optionsListsRouteMethods,
} from './http-semantics.js';

const answer = (status: number, headers: Record<string, string>, text = ''): Exchange => {
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return {
    request: { method: 'GET', url: 'http://127.0.0.1/v4/vpcs', headers: {} },
    response: { status, headers, text, ...(json === undefined ? {} : { json }), truncated: false },
    startedAt: '2026-01-01T00:00:00Z',
    durationMs: 1,
  };
};

const ok = (r: { ok: unknown }) => r.ok;

describe('HTTP convention checks', () => {
  test('Allow must list exactly the route methods on a 405 (HEAD and OPTIONS aside)', () => {
    expect(ok(allowListsRouteMethods(answer(405, { allow: 'GET, POST' }), ['POST', 'GET']))).toBe(true);
    expect(ok(allowListsRouteMethods(answer(405, { allow: 'GET, HEAD, POST, OPTIONS' }), ['GET', 'POST']))).toBe(true);
    expect(ok(allowListsRouteMethods(answer(405, { allow: 'GET, POST, PUT, DELETE' }), ['GET', 'POST']))).toBe(false);
    expect(ok(allowListsRouteMethods(answer(405, { allow: 'GET' }), ['GET', 'POST']))).toBe(false);
    expect(ok(allowListsRouteMethods(answer(405, {}), ['GET']))).toBe(false);
    expect(ok(allowListsRouteMethods(answer(404, { allow: 'GET' }), ['GET']))).toBe(false);
  });

  test("OPTIONS names exactly the resource's methods when it names any; no OPTIONS support judges nothing", () => {
    expect(ok(optionsListsRouteMethods(answer(204, { allow: 'POST' }), ['POST']))).toBe(true);
    expect(ok(optionsListsRouteMethods(answer(200, { allow: 'GET, HEAD, OPTIONS' }), ['GET']))).toBe(true);
    // The defect the fuzzer found: `.../backups/cancel` naming its templated sibling's GET.
    expect(ok(optionsListsRouteMethods(answer(204, { allow: 'POST, GET, HEAD' }), ['POST']))).toBe(false);
    expect(optionsListsRouteMethods(answer(405, {}), ['POST']).ok).toBe('n/a');
    expect(optionsListsRouteMethods(answer(204, {}), ['POST']).ok).toBe('n/a');
  });

  test('a JSON body says application/json', () => {
    expect(ok(jsonMediaType(answer(200, { 'content-type': 'application/json; charset=utf-8' }, '{}')))).toBe(true);
    expect(ok(jsonMediaType(answer(404, { 'content-type': 'application/problem+json' }, '{}')))).toBe(false);
    expect(ok(jsonMediaType(answer(200, { 'content-type': 'text/plain' }, '[]')))).toBe(false);
    expect(ok(jsonMediaType(answer(200, {}, '{}')))).toBe(false);
    expect(ok(jsonMediaType(answer(204, {})))).toBe('n/a');
  });

  test('a 401 names the Bearer scheme', () => {
    expect(ok(bearerChallenge(answer(401, { 'www-authenticate': 'Bearer realm="api"' })))).toBe(true);
    expect(ok(bearerChallenge(answer(401, { 'www-authenticate': 'Basic, Bearer' })))).toBe(true);
    expect(ok(bearerChallenge(answer(401, { 'www-authenticate': 'Basic' })))).toBe(false);
    expect(ok(bearerChallenge(answer(401, {})))).toBe(false);
    expect(ok(bearerChallenge(answer(403, {})))).toBe('n/a');
  });

  test('HEAD answers like GET without a body', () => {
    const get = answer(200, { 'content-type': 'application/json' }, '{"data":[]}');
    expect(ok(headLikeGet(answer(200, { 'content-type': 'application/json' }), get))).toBe(true);
    expect(ok(headLikeGet(answer(405, { 'content-type': 'application/json' }), get))).toBe(false);
    expect(ok(headLikeGet(answer(200, { 'content-type': 'application/json' }, '{"data":[]}'), get))).toBe(false);
    expect(ok(headLikeGet(answer(200, { 'content-type': 'text/html' }), get))).toBe(false);
  });
});
