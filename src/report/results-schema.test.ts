// Self-test: results.schema.json names the verdicts and counts of the vocabulary, no more and no fewer.

import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { COUNT_KEY, VERDICTS } from '../vocabulary/outcome.js';

const schema = JSON.parse(readFileSync(new URL('./results.schema.json', import.meta.url), 'utf8'));

test('the schema takes every verdict of the vocabulary, and nothing else', () => {
  expect(schema.$defs.verdict.enum).toEqual([...VERDICTS]);
});

test("the summary's required counts are one per verdict, plus requests", () => {
  expect([...schema.properties.summary.required].sort()).toEqual(
    [...VERDICTS.map((v) => COUNT_KEY[v]), 'requests'].sort(),
  );
});
