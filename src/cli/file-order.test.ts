// Self-test of the file order: weights from the spec, heaviest file first whatever the extension of the loaded module.

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification } from 'vitest/node';
import { requirementById, requirements } from '../../spec/index.js';
import type { Requirement } from '../../spec/types.js';
import { CASES_AT_ONCE } from '../harness/cases-at-once.js';
import { expectedChain, expectedRequests, fileWeights, heaviestFirst } from './file-order.js';

const req = (id: string): Requirement => {
  const r = requirementById.get(id);
  if (!r) throw new Error(`no requirement ${id}`);
  return r;
};

describe('fileWeights', () => {
  it('expects a character-probed rule to be longer than an enum, a convention, a written clause and a derived check', () => {
    const probed = expectedRequests(req('billing/credit-card/add/card_number-digits'));
    const enumRule = expectedRequests(req('users/grants/update/node.permissions-enum'));
    const convention = expectedRequests(req('conventions/status/no-server-error'));
    const typeRule = expectedRequests(req('configs/create/helpers-type'));
    expect(probed).toBeGreaterThan(convention);
    expect(convention).toBeGreaterThan(enumRule);
    expect(enumRule).toBeGreaterThan(typeRule);
  });

  it("expects a probed rule's cases in a chain of CASES_AT_ONCE at a time, other tests' requests one after another", () => {
    const probed = req('billing/credit-card/add/card_number-digits');
    expect(expectedChain(probed)).toBe(expectedRequests(probed) / CASES_AT_ONCE);
    const convention = req('conventions/status/no-server-error');
    expect(expectedChain(convention)).toBe(expectedRequests(convention));
  });

  it('weighs a file by its longest chain, or by its requests over the tests it runs at once when that is more', () => {
    const typeRules = requirements.filter((r) => r.id.startsWith('configs/create/') && r.id.endsWith('-type'));
    const one = fileWeights([req('billing/credit-card/add/card_number-digits')], 16);
    expect(one.get('suites/part2/billing.test')).toBe(400 / CASES_AT_ONCE);
    expect(fileWeights([req('billing/credit-card/add/card_number-digits')], 1).get('suites/part2/billing.test')).toBe(
      400,
    );
    const many = fileWeights(typeRules, 1).get('suites/part3/configs.test') ?? 0;
    expect(many).toBe(typeRules.length * expectedRequests(typeRules[0] as Requirement));
    expect(fileWeights(typeRules, 4).get('suites/part3/configs.test')).toBe(many / 4);
  });

  it('puts the instance, configuration and billing files before the kernels file for the whole spec', () => {
    const w = fileWeights(requirements, 16);
    const kernels = w.get('suites/part3/kernels.test') ?? 0;
    for (const heavy of ['suites/part3/instances.test', 'suites/part3/configs.test', 'suites/part2/billing.test'])
      expect(w.get(heavy)).toBeGreaterThan(kernels);
  });

  it("starts the conventions, which hold the run's longest test, with the first four files (before the account file, whose probes go eight at a time)", () => {
    const w = fileWeights(requirements, 16);
    const order = [...w].sort((a, b) => b[1] - a[1]).map(([file]) => file);
    expect(order.indexOf('suites/conventions.test')).toBeLessThan(4);
    expect(w.get('suites/conventions.test')).toBeGreaterThan(w.get('suites/part2/account.test') ?? 0);
  });
});

describe('heaviestFirst', () => {
  it('sorts the specifications heaviest first, then by name, for .ts and built .js modules alike', async () => {
    const root = '/pkg';
    const spec = (path: string) => ({ moduleId: join(root, path) }) as unknown as TestSpecification;
    const weights = new Map([
      ['suites/a.test', 5],
      ['suites/b.test', 50],
      ['suites/c.test', 5],
    ]);
    const Sequencer = heaviestFirst(weights, root);
    const sorted = await new Sequencer({} as never).sort([
      spec('suites/c.test.js'),
      spec('suites/a.test.ts'),
      spec('suites/b.test.js'),
    ]);
    expect(sorted.map((s) => s.moduleId)).toEqual([
      join(root, 'suites/b.test.js'),
      join(root, 'suites/a.test.ts'),
      join(root, 'suites/c.test.js'),
    ]);
  });
});
