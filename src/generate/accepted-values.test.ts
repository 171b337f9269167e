// Self-test of the values a rule allows at its bounds (issue 28): each is exactly at or one step inside a stated bound, keeps every rule of its field, and has an alternate of the same size; what no value can be is said, never sent.

import { describe, expect, test } from 'vitest';
import { checkField } from '../../spec/evaluate.js';
import type { Field, Rule } from '../../spec/types.js';
import { acceptedValues } from './accepted-values.js';

const field = (f: Partial<Field> & { rules: Rule[] }): Field => ({ name: 'x', type: 'string', ...f });
const lengthOf = (v: unknown) => [...String(v)].length;

describe('accepted values', () => {
  test('a length rule gets both bounds and one step inside each, the run prefix where it fits', () => {
    const label = field({ name: 'label', rules: [{ kind: 'length', min: 1, max: 64 }] });
    const { values, left } = acceptedValues(label, label.rules?.[0] as Rule, 3, { prefix: 'ccabcde' });
    expect(left).toEqual([]);
    expect(values.map((v) => lengthOf(v.value))).toEqual([1, 2, 63, 64]);
    for (const v of values) {
      expect(checkField(label, v.value, 'label', 'label')).toEqual([]);
      expect(lengthOf(v.alternate)).toBe(lengthOf(v.value));
      expect(v.alternate).not.toBe(v.value);
    }
    expect(String(values[3]?.value).startsWith('ccabcde-')).toBe(true);
    expect(values[3]?.why).toContain('the upper bound');
  });

  test('the characters keep the field’s other rules (digits only)', () => {
    const card = field({
      rules: [
        { kind: 'length', min: 14, max: 24 },
        { kind: 'pattern', id: 'digits', regex: '^[0-9]*$', match: true, text: 'digits' },
      ],
    });
    const { values } = acceptedValues(card, card.rules?.[0] as Rule, 1);
    expect(values.map((v) => v.value as string).every((v) => /^[0-9]+$/.test(v))).toBe(true);
  });

  test('an email at a large maximum stays a mailbox: local part within 64, DNS labels within 63', () => {
    const email = field({ format: 'email', rules: [{ kind: 'length', max: 128 }] });
    const { values } = acceptedValues(email, email.rules?.[0] as Rule, 5);
    expect(values.map((v) => lengthOf(v.value))).toEqual([127, 128]);
    for (const v of values) {
      const [local = '', domain = ''] = String(v.value).split('@');
      expect(local.length).toBeLessThanOrEqual(64);
      expect(domain.split('.').every((l) => l.length > 0 && l.length <= 63)).toBe(true);
    }
  });

  test('short passwords are left out, with why: their strength is the server’s to judge', () => {
    const pass = field({
      format: 'password',
      rules: [
        { kind: 'length', min: 7, max: 128 },
        { kind: 'password-strength', errorText: 'weak' },
      ],
    });
    const { values, left } = acceptedValues(pass, pass.rules?.[0] as Rule, 1);
    expect(values.map((v) => lengthOf(v.value))).toEqual([127, 128]);
    expect(left).toHaveLength(2);
  });

  test('ranges, item counts, sizes and enums', () => {
    const n = field({ type: 'integer', rules: [{ kind: 'range', min: 1 }] });
    expect(acceptedValues(n, n.rules?.[0] as Rule, 1).values.map((v) => v.value)).toEqual([1, 2]);
    const e = field({ rules: [{ kind: 'enum', values: ['a', 'b', 'c'] }] });
    expect(acceptedValues(e, e.rules?.[0] as Rule, 1).values.map((v) => v.value)).toEqual(['a', 'b', 'c']);
    const data = field({ type: 'object', rules: [{ kind: 'json-length', max: 100 }] });
    const sized = acceptedValues(data, data.rules?.[0] as Rule, 1).values.map((v) => JSON.stringify(v.value).length);
    expect(sized).toEqual([99, 100]);
    const b64 = field({ format: 'byte', rules: [{ kind: 'base64-decoded-length', max: 30 }] });
    const bytes = acceptedValues(b64, b64.rules?.[0] as Rule, 1).values.map(
      (v) => Buffer.from(String(v.value), 'base64').length,
    );
    expect(bytes).toEqual([29, 30]);
  });
});
