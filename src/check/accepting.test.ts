// Self-test of the accepting check: a 2xx passes; a refusal fails, naming the value against its bound and the documents' words.

import { expect, test } from 'vitest';
import type { Exchange } from '../http/exchange.js';
import { allowedValueAccepted } from './accepting.js';

const answer = (status: number): Exchange => ({
  request: { method: 'POST', url: 'http://127.0.0.1/v4/vpcs', headers: {} },
  response: { status, headers: {}, text: '{}', json: {}, truncated: false },
  startedAt: new Date(0).toISOString(),
  durationMs: 1,
});

test('a value the documents allow is accepted; a refusal names the bound and the documents', () => {
  const words = 'Limits, VPC label / subnet label: 1..64 characters';
  expect(allowedValueAccepted(answer(200), 'label: 64 characters, the upper bound', words).ok).toBe(true);
  const refused = allowedValueAccepted(answer(400), 'label: 64 characters, the upper bound', words);
  expect(refused).toMatchObject({ ok: false, check: 'allowed-value-accepted' });
  if (refused.ok !== false) return;
  expect(refused.expected).toContain('64 characters, the upper bound');
  expect(refused.hint).toContain(words);
});
