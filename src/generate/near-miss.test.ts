// Self-tests of the near misses (issue 17 item 1): each breaks exactly its rule, a lenient server repairing only that rule would accept it, and the rules the issue names get theirs.

import { describe, expect, test } from 'vitest';
import { requirementId } from '../../spec/derive.js';
import { checkBody, checkField } from '../../spec/evaluate.js';
import { operationById, operations } from '../../spec/index.js';
import { lenientValue } from '../../spec/lenient.js';
import { parseKeepingWholeFloats } from '../../spec/raw-json.js';
import type { Field, Operation } from '../../spec/types.js';
import { negativeCases } from './bodies.js';

const withBodies = operations.filter((o) => o.body?.kind === 'json' && o.status.kind !== 'disabled');
const nearOf = (op: Operation, seed = 1) => negativeCases(op, seed).filter((c) => c.why.startsWith('near miss'));

describe('near misses', () => {
  test('each breaks exactly the rule of its requirement', () => {
    const all = withBodies.flatMap((op) => nearOf(op).map((c) => ({ op, c })));
    expect(all.length).toBeGreaterThan(100);
    for (const { op, c } of all)
      expect(
        checkBody(op.body as never, c.body).map((v) => requirementId({ operation: op.id, ...v.derivation })),
      ).toEqual([c.requirement]);
  }, 60_000);

  test('a payment amount gets one per clause of its format, inside the bounds', () => {
    const op = operationById.get('billing/payments/create') as Operation;
    const format = nearOf(op).filter((c) => c.suffix === 'usd-amount-format');
    const whys = format.map((c) => c.why);
    expect(whys).toContain('near miss: thousands separated by commas, within the bounds');
    expect(whys).toContain('near miss: the same amount without decimals');
    const usd = op.body?.kind === 'json' ? op.body.fields.find((f) => f.name === 'usd') : undefined;
    const read = format.map((c) =>
      Number(String(lenientValue(usd as Field, 'amount-format', c.body.usd)).replace('$', '')),
    );
    for (const amount of read) expect(amount >= 5 && amount <= 2000, String(amount)).toBe(true);
  });

  test('integer and boolean fields get the string forms of valid values', () => {
    const whys = withBodies.flatMap((op) =>
      nearOf(op)
        .filter((c) => c.suffix.endsWith('-type'))
        .map((c) => c.why),
    );
    expect(whys.some((w) => /the string form "\d+" of a valid number/.test(w))).toBe(true);
    expect(whys.some((w) => /the string "(true|false)" for a boolean/.test(w))).toBe(true);
  }, 60_000);

  test('integer fields get their valid value written as N.0, which only an integer field refuses', () => {
    const cases = withBodies.flatMap((op) => nearOf(op).filter((c) => /^near miss: \d+\.0 for \d+$/.test(c.why)));
    expect(cases.length).toBeGreaterThan(20);
    for (const c of cases) {
      const n = c.why.replace(/^near miss: (\d+)\.0.*$/, '$1');
      expect(JSON.stringify(c.body)).toContain(`${n}.0`);
      expect(c.suffix.endsWith('-type')).toBe(true);
    }
    const parsed = (parseKeepingWholeFloats('{"n":5.0}') as { n: unknown }).n;
    const field = (type: Field['type']) => ({ name: 'n', type }) as Field;
    expect(checkField(field('integer'), parsed, 'n', 'n').map((v) => v.rule)).toEqual(['type']);
    expect(checkField(field('number'), parsed, 'n', 'n')).toEqual([]);
    expect(checkField(field('integer'), JSON.parse('5.0'), 'n', 'n')).toEqual([]);
    expect(lenientValue(field('integer'), 'type', parsed)).toBe(5);
  }, 60_000);
});
