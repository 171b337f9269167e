// Self-tests of audit and the parts of an answer the documents do not show: a target answering another shape there gets no finding; a documented member missing still does.

import { describe, expect, test } from 'vitest';
import { Auditor } from './auditor.js';
import { exchangeOfLine } from './jsonl.js';

let line = 0;
function findings(path: string, body: unknown): string[] {
  const exchange = exchangeOfLine({
    method: 'GET',
    path,
    status: 200,
    request_headers: { authorization: 'Bearer t' },
    response_headers: { 'content-type': 'application/json' },
    response_body: body,
  });
  if (typeof exchange === 'string') throw new Error(exchange);
  const recorded = { index: line++, exchange, requestHeadersKnown: true, responseHeadersKnown: true };
  return new Auditor({}).add(recorded).map((f) => `${f.requirement}: ${f.message}`);
}

/** A service transfer as the documents show it (its token) and a member only the reference server answers (status). */
const transferPath = '/v4/account/service-transfers/123e4567-e89b-12d3-a456-426614174000';
const transfer = { token: '123e4567-e89b-12d3-a456-426614174000' };

describe('audit never judges a target by the reference server shapes', () => {
  test('a member the documents do not show, in another shape than the reference server gives it: no finding', () => {
    expect(findings(transferPath, { ...transfer, status: 5, entities: 'none' })).toEqual([]);
  });

  test('list items the documents do not show (tags), in another shape than the reference server gives them: no finding', () => {
    expect(findings('/v4/tags', { data: [{ name: 'not the label' }], page: 1, pages: 1, results: 1 })).toEqual([]);
  });

  test('a documented member missing is still found', () => {
    expect(findings(transferPath, { status: 'pending' }).join('\n')).toMatch(
      /transfers\/service\/view\/response\/object/,
    );
  });
});
