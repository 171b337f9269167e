// Self-tests of the run's reading of all the evidence: which operations the target does not offer, and the verdict each requirement earns from that.

import { describe, expect, test } from 'vitest';
import type { Exchange } from '../vocabulary/exchange.js';
import type { Outcome } from '../vocabulary/outcome.js';
import { applyOfferEvidence, findNotImplemented } from './offer.js';

const answer = (status: number): Exchange => ({
  request: { method: 'GET', url: 'http://127.0.0.1:9/v4/x', headers: {} },
  response: { status, headers: {}, text: '{"errors":[{"reason":"Not found"}]}', truncated: false },
  startedAt: '',
  durationMs: 0,
});

const outcome = (requirement: string, verdict: Outcome['verdict'], offer: Outcome['offer'] = undefined): Outcome => ({
  requirement,
  verdict,
  failures: verdict === 'fail' ? [{ check: 'c', expected: 'e', actual: 'a', hint: 'h', exchanges: [] }] : [],
  requests: 1,
  seed: 1,
  ...(offer ? { offer } : {}),
});

const unserved = (operation: string, status = 404) => ({ operation, exchange: answer(status) });

describe('which operations the target does not offer', () => {
  test('one served answer anywhere in the run keeps an operation offered', () => {
    const found = findNotImplemented([
      outcome('vpcs/create/label-length', 'error', { served: [], unserved: [unserved('vpcs/create')] }),
      outcome('vpcs/create/region-required', 'pass', { served: ['vpcs/create'], unserved: [] }),
      outcome('tags/list/auth/token-required', 'pass', { served: [], unserved: [unserved('tags/list')] }),
    ]);
    expect(found.notImplemented.map((n) => n.operation)).toEqual(['tags/list']);
    expect(found.served).toEqual(['vpcs/create']);
  });

  test('a 404 with parameters says "not offered" only under a collection the target lacks', () => {
    const found = findNotImplemented([
      outcome('kernels/list/envelope', 'fail', { served: [], unserved: [unserved('kernels/list')] }),
      outcome('kernels/view/named-kernels', 'fail', {
        served: [],
        unserved: [],
        notFound: [{ operation: 'kernels/view', exchange: answer(404) }],
      }),
      outcome('vpcs/view/unknown-id', 'pass', {
        served: ['vpcs/list'],
        unserved: [],
        notFound: [{ operation: 'vpcs/view', exchange: answer(404) }],
      }),
    ]);
    const byOp = new Map(found.notImplemented.map((n) => [n.operation, n]));
    expect(byOp.get('kernels/view')?.under).toBe('kernels/list');
    expect(byOp.has('vpcs/view')).toBe(false);
  });
});

describe('the verdicts the evidence gives', () => {
  const run = (outcomes: Outcome[], profile?: { offers: string[] }) =>
    applyOfferEvidence(new Map(outcomes.map((o) => [o.requirement, o])), profile).outcomes;

  test('a requirement of an operation not offered is not-implemented, passing or not, naming it and what it answered', () => {
    const out = run([
      outcome('tags/list/auth/token-required', 'pass', { served: [], unserved: [unserved('tags/list')] }),
      outcome('tags/list/response/envelope', 'fail', { served: [], unserved: [unserved('tags/list', 501)] }),
    ]);
    const passing = out.get('tags/list/auth/token-required');
    expect(passing?.verdict).toBe('not-implemented');
    expect(passing?.needs).toBe('tags/list');
    expect(passing?.reason).toMatch(/^the target does not offer GET \/tags \(tags\/list\): it answered 404/);
    expect(out.get('tags/list/response/envelope')?.failures).toEqual([]);
  });

  test('a requirement that needed an operation not offered is not-implemented, passing or not; what it did without is no need', () => {
    const events = { served: ['vpcs/create'], unserved: [unserved('events/list')] };
    const out = run([
      outcome('vpcs/create/event/vpc_create', 'fail', events),
      outcome('conventions/events/newest-first', 'pass', events),
      outcome('conventions/auth/bearer', 'pass', {
        served: ['vpcs/create'],
        unserved: [],
        aside: [unserved('events/list')],
      }),
    ]);
    expect(out.get('conventions/events/newest-first')?.verdict).toBe('not-implemented');
    expect(out.get('vpcs/create/event/vpc_create')?.reason).toMatch(
      /^needs GET \/account\/events \(events\/list\), which the target does not offer/,
    );
    expect(out.get('conventions/auth/bearer')?.verdict).toBe('pass');
  });

  test('a requirement skipped before it sent anything, under a collection the target lacks, is not-implemented', () => {
    const out = run([
      outcome('instances/list/response/envelope', 'fail', { served: [], unserved: [unserved('instances/list')] }),
      outcome('instances/mutate/auth/token-required', 'skipped'),
    ]);
    expect(out.get('instances/mutate/auth/token-required')?.verdict).toBe('not-implemented');
  });

  test('an operation the declared profile claims, answered as not offered, fails the profile', () => {
    const out = run(
      [outcome('tags/list/response/envelope', 'pass', { served: [], unserved: [unserved('tags/list')] })],
      {
        offers: ['tags'],
      },
    );
    const judged = out.get('tags/list/response/envelope');
    expect(judged?.verdict).toBe('fail');
    expect(judged?.failures[0]?.check).toBe('profile/offered');
  });
});
