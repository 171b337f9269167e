// Self-tests of what one answer says of an operation being offered, what a test records of it, and conventions judged through what is offered.

import { describe, expect, test } from 'vitest';
import { opOf } from '../../spec/index.js';
import type { Operation } from '../../spec/types.js';
import type { Exchange } from '../http/exchange.js';
import type { Session } from '../target/session.js';
import { Kit, SkipRequirement } from './kit.js';
import { answerSays, NothingOffered, NotOffered, OfferRecord, requireOffered } from './offer-evidence.js';
import { OfferedSteps } from './through-offered.js';

const answer = (status: number, url = 'http://127.0.0.1:9/v4/x'): Exchange => ({
  request: { method: 'GET', url, headers: {} },
  response: { status, headers: {}, text: '{"errors":[{"reason":"x"}]}', truncated: false },
  startedAt: '',
  durationMs: 0,
});

describe('what an answer says', () => {
  test('501, a 405 to a documented method, and a 404 on a route without parameters say "not offered"', () => {
    expect(answerSays(opOf('tags/list'), answer(501))).toBe('unserved');
    expect(answerSays(opOf('vpcs/create'), answer(405))).toBe('unserved');
    expect(answerSays(opOf('tags/list'), answer(404))).toBe('unserved');
  });

  test('a 404 on a route with parameters may be an unknown entity: it is only a 404 there', () => {
    expect(answerSays(opOf('vpcs/view'), answer(404))).toBe('not-found');
  });

  test('an answer that judged the request shows the route served; a 401 or a 5xx shows nothing', () => {
    for (const status of [200, 204, 400, 403, 409, 422])
      expect(answerSays(opOf('vpcs/create'), answer(status))).toBe('served');
    for (const status of [401, 429, 500, 503]) expect(answerSays(opOf('vpcs/create'), answer(status))).toBeUndefined();
  });

  test('a request sent elsewhere than the documents say (a wrong method, an unknown path) and a disabled operation are no evidence', () => {
    const list = opOf('vpcs/list');
    expect(answerSays({ ...list, method: 'PUT' }, answer(405))).toBeUndefined();
    expect(answerSays({ ...list, path: '/no-such-collection' }, answer(404))).toBeUndefined();
    expect(answerSays(opOf('billing/payments/wallet'), answer(404))).toBeUndefined();
  });
});

describe("a test's record", () => {
  test('one served answer of an operation outweighs its unserved ones; setting aside keeps them out of the verdict', () => {
    const record = new OfferRecord();
    record.note(opOf('tags/list'), answer(404));
    record.note(opOf('vpcs/list'), answer(404));
    record.note(opOf('vpcs/list'), answer(200));
    record.note(opOf('events/list'), answer(501));
    record.setAside(['events/list']);
    const evidence = record.evidence();
    expect(evidence?.served).toEqual(['vpcs/list']);
    expect(evidence?.unserved.map((u) => u.operation)).toEqual(['tags/list']);
    expect(evidence?.aside?.map((u) => u.operation)).toEqual(['events/list']);
  });

  test('a mark tells what one step added, even for an operation seen unserved before', () => {
    const record = new OfferRecord();
    record.note(opOf('tags/list'), answer(404));
    const mark = record.unservedCount;
    record.note(opOf('tags/list'), answer(404));
    expect(record.unservedSince(mark)).toEqual(['tags/list']);
  });

  test('an operation the declared profile leaves out is never sent', () => {
    const profile = { offers: ['vpcs'] };
    expect(() => requireOffered({ profile } as never, opOf('tags/list'))).toThrow(NotOffered);
    expect(() => requireOffered({ profile } as never, opOf('vpcs/list'))).not.toThrow();
  });
});

/** A Kit whose session answers each operation with the status given for it (200 when none is). */
function kitAnswering(statuses: Record<string, number>): Kit {
  const session = {
    config: {},
    send: async (op: Operation): Promise<Exchange> => answer(statuses[op.id] ?? 200),
  } as unknown as Session;
  return new Kit({ id: 'conventions/x', level: 'SHOULD' } as never, session, 1);
}

const failing = (kit: Kit, why: string) =>
  kit.check({ ok: false, check: 'x', expected: 'y', actual: 'z', hint: why } as never);

describe('a convention judged through what is offered', () => {
  test("a step whose operation answered as not offered leaves no failure; the others' stand", async () => {
    const kit = kitAnswering({ 'tags/list': 404 });
    const steps = new OfferedSteps(kit);
    await steps.each(['tags/list', 'vpcs/list'], async (op) => {
      await kit.send(op);
      failing(kit, op.id);
    });
    steps.done();
    expect(kit.failures.map((f) => f.hint)).toEqual(['vpcs/list']);
  });

  test('when nothing offered shows it, the requirement is not-implemented', async () => {
    const kit = kitAnswering({ 'tags/list': 404, 'stackscripts/list': 501 });
    const steps = new OfferedSteps(kit);
    await steps.each(['tags/list', 'stackscripts/list'], async (op) => {
      await kit.send(op);
    });
    expect(() => steps.done()).toThrow(NothingOffered);
  });

  test('when the selection leaves none of its operations, the requirement is skipped, not not-implemented', async () => {
    const kit = kitAnswering({});
    (kit.session.config as { areas?: string[] }).areas = ['kernels'];
    const steps = new OfferedSteps(kit);
    await steps.each(['tags/list'], async () => {});
    expect(() => steps.done()).toThrow(SkipRequirement);
  });
});
