// Self-test of the accepting cases of bodies (issue 28): across the encoding, every case re-checked against it breaks no rule, sits where its requirement says, and an optional field's case leaves the field out; as negative cases are re-validated, so are these.

import { describe, expect, test } from 'vitest';
import { OPTIONAL, requirementId } from '../../spec/derive.js';
import { checkBody, present } from '../../spec/evaluate.js';
import { operationById, requirements } from '../../spec/index.js';
import type { AcceptedDerivation } from '../../spec/types.js';
import { acceptable, acceptingCases } from './accepting.js';
import { validBody } from './bodies.js';
import { sampleOne } from './violations.js';

const twins = requirements.flatMap((r) =>
  r.derivation?.kind === 'accepted' && r.derivation.in === 'body'
    ? [r.derivation as AcceptedDerivation & { operation: string }]
    : [],
);

describe('accepting cases of every body requirement', () => {
  test.each([1, 2])('seed %i: every case keeps every rule of the encoding', (seed) => {
    let cases = 0;
    const none: string[] = [];
    for (const d of twins) {
      const op = operationById.get(d.operation);
      if (op?.body?.kind !== 'json') continue;
      const base = sampleOne(validBody(op), seed);
      const built = acceptingCases(op, d, base, seed, {}, { prefix: 'ccabcde' });
      if (built.cases.length === 0) none.push(requirementId(d));
      for (const c of built.cases) {
        cases += 1;
        expect(checkBody(op.body, c.body), `${d.operation} ${c.location}`).toEqual([]);
        expect(acceptable(op, c.body), `${d.operation} ${c.location}`).toBe(true);
        if (c.alternate) expect(acceptable(op, c.alternate)).toBe(true);
        if (d.rule === OPTIONAL) expect(present(c.body, d.path), `${d.operation} ${d.path}`).toBe(false);
      }
    }
    expect(cases).toBeGreaterThan(500);
    // Without hints (the run gives VLAN interfaces, cloud-init images), a few cannot be built; the run builds them.
    expect(none.length, none.join(', ')).toBeLessThan(15);
  });

  test('a case changes the base in one place: a label at 64 characters, the rest as the base', () => {
    const op = operationById.get('vpcs/create');
    if (!op) throw new Error('no vpcs/create');
    const base = { label: 'web', region: 'us-east', description: 'd' };
    const { cases } = acceptingCases(op, { kind: 'accepted', in: 'body', path: 'label', rule: 'length' }, base, 1);
    const top = cases.find((c) => c.why.startsWith('64 characters'));
    expect([...String(top?.body.label)].length).toBe(64);
    expect({ ...top?.body, label: 'web' }).toEqual(base);
  });

  test('an optional field required by another is left out with that one (a root password with its image)', () => {
    const op = operationById.get('disks/create');
    if (!op) throw new Error('no disks/create');
    const base = { size: 4096, image: 'linode/debian12', root_pass: 'Aa9#longenoughpassword', label: 'x' };
    const { cases } = acceptingCases(op, { kind: 'accepted', in: 'body', path: 'root_pass', rule: OPTIONAL }, base, 1);
    expect(cases[0]?.body).toEqual({ size: 4096, label: 'x' });
  });

  test("a state of free length states a country without a code list: the target's stored country must not decide", () => {
    const op = operationById.get('account/update');
    if (!op) throw new Error('no account/update');
    const { cases } = acceptingCases(op, { kind: 'accepted', in: 'body', path: 'state', rule: 'length' }, {}, 1);
    expect(cases.length).toBeGreaterThan(0);
    for (const c of cases) {
      expect(typeof c.body.country, c.why).toBe('string');
      expect(['US', 'CA'], c.why).not.toContain(c.body.country);
    }
  });
});
