// Self-test of DECISIONS 17 in audit and proxy: an optional request member sent as null breaks nothing, a required one sent as null is missing.

import { describe, expect, test } from 'vitest';
import { Auditor } from './auditor.js';
import { exchangeOfLine } from './jsonl.js';

function findings(requestBody: unknown, status: number, responseBody: unknown) {
  const exchange = exchangeOfLine({
    method: 'POST',
    path: '/v4/vpcs',
    status,
    request_headers: { authorization: 'Bearer t', 'content-type': 'application/json' },
    response_headers: { 'content-type': 'application/json' },
    request_body: requestBody,
    response_body: responseBody,
  });
  if (typeof exchange === 'string') throw new Error(exchange);
  return new Auditor({})
    .add({ index: 0, exchange, requestHeadersKnown: true, responseHeadersKnown: true })
    .map((f) => f.requirement);
}

const vpc = {
  id: 1,
  label: 'v',
  description: '',
  region: 'us-east',
  subnets: [],
  created: '2018-01-02T03:04:05',
  updated: '2018-01-02T03:04:05',
};

describe('null on request fields (DECISIONS 17)', () => {
  test('optional members sent as null, accepted, break no rule', () => {
    expect(findings({ label: 'v', region: 'us-east', description: null, subnets: null }, 200, vpc)).toEqual([]);
  });

  test('a required member sent as null and accepted breaks its required requirement', () => {
    expect(findings({ label: null, region: 'us-east' }, 200, vpc)).toContain('vpcs/create/label-required');
  });
});
