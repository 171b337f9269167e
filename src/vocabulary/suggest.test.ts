// Unit tests of "did you mean": the closest requirement ids, areas and operations to a mistyped --only or --exclude value.

import { expect, test } from 'vitest';
import { requirements } from '../../spec/index.js';
import { closest, didYouMean, idPrefixes } from './suggest.js';

const known = idPrefixes(requirements.map((r) => r.id));

test('the prefixes of the ids are the areas, the operations and the ids themselves', () => {
  expect(idPrefixes(['vpcs/create/label-length', 'vpcs/list/page-range'])).toEqual([
    'vpcs',
    'vpcs/create',
    'vpcs/create/label-length',
    'vpcs/list',
    'vpcs/list/page-range',
  ]);
});

test('an area, an operation or an id a letter away', () => {
  expect(closest('vpc', known)).toEqual(['vpcs']);
  expect(closest('vpcs/creat', known)).toEqual(['vpcs/create']);
  expect(closest('vpc/create', known)).toEqual(['vpcs/create']);
  expect(closest('vpcs/create/label-lenght', known)).toEqual(['vpcs/create/label-length']);
  expect(closest('vpcs/', known)).toEqual(['vpcs']);
});

test('the beginning of a name, and a segment given alone', () => {
  expect(closest('stackscr', known)).toEqual(['stackscripts']);
  expect(closest('label-length', known)).toContain('vpcs/create/label-length');
});

test('nothing close, no suggestion; the sentence names one or several', () => {
  expect(closest('zz-no-such-requirement', known)).toEqual([]);
  expect(didYouMean('zz-no-such-requirement', known)).toBe('');
  expect(didYouMean('vpc', known)).toBe(' Did you mean vpcs?');
  expect(didYouMean('x', ['xa', 'xb', 'xc', 'xd'])).toBe(' Did you mean xa, xb or xc?');
});
