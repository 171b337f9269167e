// Builds Results by hand for the report unit tests: requirements with chosen verdicts, and failures with an exchange.

import type { Level, Part } from '../../../spec/types.js';
import type { Exchange } from '../../http/exchange.js';
import type { Failure, Verdict } from '../../vocabulary/outcome.js';
import { RESULTS_SCHEMA_VERSION, type RequirementResult, type Results, summarize } from '../results.js';

export function exchange(over: Partial<Exchange> = {}): Exchange {
  return {
    request: {
      method: 'POST',
      url: 'http://127.0.0.1:9/v4/vpcs',
      headers: { authorization: 'Bearer [redacted]', 'content-type': 'application/json' },
      body: '{"label":"a"}',
    },
    response: { status: 200, headers: { 'content-type': 'application/json' }, text: '{"id":1}', truncated: false },
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1.5,
    ...over,
  };
}

export function failure(over: Partial<Failure> = {}): Failure {
  return {
    check: 'status-4xx',
    expected: 'a 4xx status',
    actual: '200',
    hint: 'The server accepted a body it must refuse.',
    exchanges: [exchange()],
    ...over,
  };
}

export function requirement(id: string, verdict: Verdict, over: Partial<RequirementResult> = {}): RequirementResult {
  const broken = verdict === 'fail' || verdict === 'non-strict';
  return {
    id,
    part: 1 as Part,
    area: id.split('/')[0] ?? '',
    level: (verdict === 'non-strict' ? 'SHOULD' : 'MUST') as Level,
    text: `Text of ${id}.`,
    verdict,
    failures: broken ? [failure()] : [],
    requests: 1,
    ...(verdict === 'skipped' || verdict === 'error' ? { reason: `why ${id} is ${verdict}` } : {}),
    ...over,
  };
}

export function results(rows: RequirementResult[], over: Partial<Results> = {}): Results {
  return {
    schemaVersion: RESULTS_SCHEMA_VERSION,
    tool: { name: 'cloudconf', version: '0.0.0-test' },
    target: { baseUrl: 'https://api.example.test/v4', reference: false },
    seed: 7,
    startedAt: '2026-01-01T00:00:00.000Z',
    durationMs: 1000,
    strict: false,
    summary: summarize(rows, rows.length),
    requirements: rows,
    ...over,
  };
}
