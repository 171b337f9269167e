// Self-tests of the Kit: a test that sends its cases at once stops at the bound, not past it; answers that came only on a retry make the requirement flaky.

import { expect, test } from 'vitest';
import { requirementById } from '../../spec/index.js';
import type { Operation } from '../../spec/types.js';
import type { Exchange } from '../http/exchange.js';
import type { Session } from '../target/session.js';
import { BoundReached, MAX_REQUESTS_PER_REQUIREMENT } from './bounds.js';
import { sendCases } from './cases-at-once.js';
import { Kit } from './kit.js';

test('cases sent at once stop at the bound of one requirement: no request starts past it', async () => {
  let sent = 0;
  const session = {
    config: {},
    send: async (): Promise<Exchange> => {
      sent += 1;
      await new Promise((resolve) => setTimeout(resolve, 0));
      const request = { method: 'POST', url: 'http://127.0.0.1:9/v4/vpcs', headers: {} };
      return {
        request,
        response: { status: 400, headers: {}, text: '{}', truncated: false },
        startedAt: '',
        durationMs: 0,
      };
    },
  } as unknown as Session;
  const requirement = requirementById.get('vpcs/create/label-length');
  if (!requirement) throw new Error('the encoding lost vpcs/create/label-length');
  const kit = new Kit(requirement, session, 1);
  const cases = Array.from({ length: MAX_REQUESTS_PER_REQUIREMENT + 50 }, (_, i) => i);
  const run = sendCases(
    cases,
    () => kit.send({} as Operation),
    () => {},
  );
  await expect(run).rejects.toBeInstanceOf(BoundReached);
  expect(sent).toBe(MAX_REQUESTS_PER_REQUIREMENT);
});

/** A Kit whose session answers 200, after the given retries. */
function kitAnswering(retries: string[]): Kit {
  const session = {
    config: {},
    send: async (): Promise<Exchange> => ({
      request: { method: 'GET', url: 'http://127.0.0.1:9/v4/vpcs', headers: {} },
      response: { status: 200, headers: {}, text: '{}', truncated: false },
      ...(retries.length ? { retries } : {}),
      startedAt: '',
      durationMs: 0,
    }),
  } as unknown as Session;
  const requirement = requirementById.get('vpcs/list/auth/token-required');
  if (!requirement) throw new Error('the encoding lost vpcs/list/auth/token-required');
  return new Kit(requirement, session, 1);
}

test('an answer that came only after a 5xx or a lost connection marks the requirement flaky, with the request', async () => {
  const kit = kitAnswering(['503', 'ECONNRESET']);
  await kit.send({} as Operation);
  expect(kit.outcome().flaky).toMatch(
    /1 answer\(s\) came only on a retry \(first: GET .*\/vpcs after 503, ECONNRESET\)/,
  );
  expect(kit.outcome().verdict).toBe('pass');
});

test('a 429 retried after its Retry-After is the target pacing the run, not flakiness', async () => {
  const kit = kitAnswering(['429']);
  await kit.send({} as Operation);
  expect(kit.outcome().flaky).toBeUndefined();
});
