// Gate of issue 28 item 8: a requirement's decisive cases do not depend on the draw. At seeds 1, 2 and 3, over bodies drawn with a run's hints, every body rule aims at the same things (one past each bound, each near miss), every cross rule has a case, and every accepting requirement sends the same bounds and members; only the characters and the values further out vary.

import { describe, expect, test } from 'vitest';
import { operationById, requirements } from '../../spec/index.js';
import type { Operation } from '../../spec/types.js';
import { acceptingCases } from '../generate/accepting.js';
import { crossRuleCasesOf, negativeCases, validBody } from '../generate/bodies.js';
import { sampleOne } from '../generate/violations.js';
import type { Session } from '../target/session.js';
import { hintsFor } from './hints.js';

const SEEDS = [1, 2, 3];

/** The run values the hints read, as `cloudconf run` against the reference server has them. */
const session = {
  config: {
    labelPrefix: 'ccgate1',
    regions: ['us-east', 'eu-central'],
    images: ['linode/debian12', 'linode/ubuntu24.04'],
    types: ['g6-nanode-1', 'g6-standard-1'],
  },
} as unknown as Session;

/** What a case aims at, without what the draw decides: numbers and quoted values. */
const aim = (why: string) => why.replace(/-?\d+(\.\d+)?(e[+-]?\d+)?/g, '#').replace(/"[^"]*"/g, '"…"');

const base = (op: Operation, seed: number, plain = true) =>
  sampleOne(validBody(op, hintsFor(session, op, { plain })), seed);

/** Requirements whose cases differ from seed to seed, with the aims of each seed. */
function drift(ids: string[], aimsAt: (id: string, seed: number) => string[]): Record<string, string[][]> {
  const out: Record<string, string[][]> = {};
  for (const id of ids) {
    const sets = SEEDS.map((seed) => [...new Set(aimsAt(id, seed))].sort());
    if (sets.some((s) => s.join('|') !== sets[0]?.join('|'))) out[id] = sets;
  }
  return out;
}

const derived = (kind: string) => requirements.filter((r) => r.derivation?.kind === kind && operationOf(r.id));
const operationOf = (id: string) => {
  const d = requirements.find((r) => r.id === id)?.derivation;
  const op = d ? operationById.get(d.operation) : undefined;
  return op?.body?.kind === 'json' && op.status.kind !== 'disabled' ? op : undefined;
};

/** Drawing every requirement's cases three times takes seconds, more on a loaded machine. */
const BOUND = { timeout: 120_000 };

describe('decisive cases are sent at every seed', () => {
  test('every body rule aims at the same things at seeds 1, 2 and 3', BOUND, () => {
    const ids = derived('field-rule').map((r) => r.id);
    expect(ids.length).toBeGreaterThan(500);
    const found = drift(ids, (id, seed) => {
      const r = requirements.find((x) => x.id === id);
      const op = operationOf(id) as Operation;
      if (r?.derivation?.kind !== 'field-rule') return [];
      return negativeCases(op, seed, hintsFor(session, op), r.derivation, base(op, seed)).map((c) => aim(c.why));
    });
    expect(found).toEqual({});
  });

  test('every cross rule a body decides has a case at each seed', BOUND, () => {
    const found = drift(
      derived('cross-rule').map((r) => r.id),
      (id, seed) => {
        const op = operationOf(id) as Operation;
        const cases = crossRuleCasesOf(op, id, base(op, seed, false), seed, 1, hintsFor(session, op, { plain: false }));
        return cases.length > 0 ? ['a case'] : [];
      },
    );
    expect(found).toEqual({});
  });

  test('every accepting requirement of a body sends the same bounds and members at each seed', BOUND, () => {
    const found = drift(
      derived('accepted').map((r) => r.id),
      (id, seed) => {
        const d = requirements.find((x) => x.id === id)?.derivation;
        const op = operationOf(id) as Operation;
        if (d?.kind !== 'accepted' || d.in !== 'body') return [];
        const hints = hintsFor(session, op, { plain: false });
        const built = acceptingCases(op, d, base(op, seed), seed, hints, { prefix: session.config.labelPrefix });
        return built.cases.map((c) => aim(c.why));
      },
    );
    expect(found).toEqual({});
  });
});
