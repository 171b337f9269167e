// Self-tests of the implementer's view: the table per area, the next things to fix in order, and the moment a target stopped answering.

import { expect, test } from 'vitest';
import type { Outcome } from '../vocabulary/outcome.js';
import { areaProgress, nextToFix, stoppedAnswering } from './progress.js';
import { exchange, requirement, results } from './test-support/sample-results.js';

const partial = () => {
  const r = results([
    requirement('conventions/error-body/shape', 'non-strict', { area: 'conventions' }),
    requirement('vpcs/create/label-length', 'fail'),
    requirement('vpcs/list/auth/token-required', 'pass'),
    requirement('vpcs/create/event/vpc_create', 'not-implemented', { needs: 'events/list' }),
    requirement('tags/list/response/envelope', 'not-implemented', { needs: 'tags/list' }),
  ]);
  r.offer = {
    served: ['vpcs/create', 'vpcs/list'],
    notImplemented: [
      { operation: 'tags/list', method: 'GET', path: '/tags', status: 404, evidence: exchange() },
      { operation: 'events/list', method: 'GET', path: '/account/events', status: 404, evidence: exchange() },
    ],
  };
  return r;
};

test('a row per area, the conventions first: operations not implemented, requirements passing and failing', () => {
  const rows = areaProgress(partial());
  expect(rows[0]?.area).toBe('conventions');
  const tags = rows.find((a) => a.area === 'tags');
  expect(tags).toMatchObject({ operations: 4, notImplemented: 4, pass: 0, failing: 0, other: 1 });
  expect(rows.find((a) => a.area === 'vpcs')).toMatchObject({ operations: 12, notImplemented: 0, pass: 1, failing: 1 });
});

test('next to fix: the conventions, then what the offered areas need, then the failing operations', () => {
  const next = nextToFix(partial());
  expect(next[0]).toMatch(/^conventions\/error-body\/shape: /);
  expect(next[1]).toMatch(/^implement GET \/account\/events \(events\/list\): 1 requirement/);
  expect(next[2]).toMatch(/^fix POST \/vpcs \(vpcs\/create\): 1 requirement\(s\) fail \(vpcs\/create\/label-length\)/);
  // An area the target does not offer at all is no thing to fix: it may leave it out on purpose.
  expect(next.join('\n')).not.toMatch(/implement GET \/tags/);
});

const lostAt = (requirement: string, at: string, answeredUntil?: string): Outcome => ({
  requirement,
  verdict: 'error',
  failures: [],
  requests: 1,
  seed: 1,
  lost: {
    at,
    request: 100,
    method: 'GET',
    url: `http://127.0.0.1:9/v4/${requirement}`,
    code: 'UND_ERR_HEADERS_TIMEOUT',
  },
  ...(answeredUntil ? { answeredUntil } : {}),
});

test('a target that stopped answering: its first lost request after the last answer of the run, once', () => {
  const stopped = stoppedAnswering([
    lostAt('a', '2026-01-01T00:00:03.000Z', '2026-01-01T00:00:02.000Z'),
    lostAt('b', '2026-01-01T00:00:05.000Z'),
    lostAt('c', '2026-01-01T00:00:04.000Z'),
  ]);
  expect(stopped).toMatchObject({ at: '2026-01-01T00:00:03.000Z', requirements: 3 });
});

test('one lost request, or answers after the losses, is no target gone', () => {
  expect(stoppedAnswering([lostAt('a', '2026-01-01T00:00:03.000Z')])).toBeUndefined();
  expect(
    stoppedAnswering([
      lostAt('a', '2026-01-01T00:00:03.000Z'),
      lostAt('b', '2026-01-01T00:00:04.000Z', '2026-01-01T00:00:09.000Z'),
    ]),
  ).toBeUndefined();
});
