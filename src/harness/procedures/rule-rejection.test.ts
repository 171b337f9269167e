// Self-tests of judging rule cases: a 4xx is the rule's rejection, a 2xx its breach, and a 5xx of any kind (500, a gateway's 502 or 504, 503) leaves the requirement `error`, in derived and written procedures alike.

import { describe, expect, test } from 'vitest';
import { requirementById } from '../../../spec/index.js';
import { rejectedWith4xx } from '../../check/status.js';
import type { Exchange } from '../../http/exchange.js';
import type { Session } from '../../target/session.js';
import { Kit } from '../kit.js';
import { judgeRuleCase } from './rule-rejection.js';

const answered = (status: number): Exchange => ({
  request: { method: 'POST', url: 'http://127.0.0.1:9/v4/vpcs', headers: {} },
  response: { status, headers: {}, text: '{"errors":[{"reason":"x"}]}', truncated: false },
  startedAt: '',
  durationMs: 0,
});

function kit(): Kit {
  const requirement = requirementById.get('vpcs/create/label-length');
  if (!requirement) throw new Error('the encoding lost vpcs/create/label-length');
  return new Kit(requirement, {} as Session, 1);
}

describe('a case built to break a rule', () => {
  test('refused with a 4xx: pass; accepted: fail', () => {
    const refused = kit();
    judgeRuleCase(refused, answered(400), 'label: too long');
    expect(refused.outcome().verdict).toBe('pass');
    const accepted = kit();
    judgeRuleCase(accepted, answered(200), 'label: too long');
    expect(accepted.outcome()).toMatchObject({ verdict: 'fail', failures: [{ check: 'rejected-4xx' }] });
  });

  for (const status of [500, 502, 503, 504]) {
    test(`answered ${status}: error, with the status in the reason, in a derived and a written procedure`, () => {
      const derived = kit();
      judgeRuleCase(derived, answered(status), 'label: too long');
      const written = kit();
      expect(written.check(rejectedWith4xx(answered(status)), 'a written case')).toBe(false);
      for (const k of [derived, written]) {
        const outcome = k.outcome();
        expect(outcome).toMatchObject({ verdict: 'error', failures: [] });
        expect(outcome.reason).toContain(`answered ${status}: the target failed`);
      }
    });
  }

  test('a 504 among refused cases still makes the requirement error, not pass', () => {
    const k = kit();
    judgeRuleCase(k, answered(400), 'one');
    judgeRuleCase(k, answered(504), 'two');
    judgeRuleCase(k, answered(400), 'three');
    expect(k.outcome().verdict).toBe('error');
  });
});
