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

const iface = {
  id: 7,
  purpose: 'public',
  label: null,
  ipam_address: null,
  primary: true,
  subnet_id: null,
  ipv4: null,
  ip_ranges: null,
  active: true,
};
const ifacePath = '/v4/node/instances/1/configs/2/interfaces/7';

describe('audit never judges a target by the reference server shapes', () => {
  test('a member the documents do not show, in another shape than the reference server gives it: no finding', () => {
    expect(findings(ifacePath, { ...iface, vpc_id: 'not an integer' })).toEqual([]);
  });

  test('a record the documents do not show at all (an instance), in any shape: no finding', () => {
    expect(findings('/v4/node/instances/1', { id: 'text', status: 5 })).toEqual([]);
  });

  test('a documented member missing is still found', () => {
    const { purpose: _purpose, ...withoutPurpose } = iface;
    expect(findings(ifacePath, withoutPurpose).join('\n')).toMatch(/interfaces\/view\/response\/object/);
  });
});
