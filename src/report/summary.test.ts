// Unit tests of summary.md: text from the target stays plain text in Markdown, whatever it holds.

import { expect, test } from 'vitest';
import { renderSummary } from './summary.js';
import { failure, requirement, results } from './test-support/sample-results.js';

const HOSTILE = '[click](https://evil.test) <img src=x onerror=1> **loud** `tick`\n# Heading\n- item';

const hostileRun = () =>
  results([
    requirement('vpcs/create/label-length', 'fail', {
      reason: HOSTILE,
      failures: [failure({ actual: HOSTILE, expected: 'a 4xx', hint: HOSTILE, case: HOSTILE })],
    }),
  ]);

test('target text cannot make a link, a tag, emphasis, code or a block in summary.md', () => {
  const md = renderSummary(hostileRun());
  expect(md).not.toContain('[click]');
  expect(md).toContain('\\[click\\]');
  expect(md).not.toMatch(/[^\\]<img/);
  expect(md).not.toMatch(/[^\\]\*\*loud/);
  expect(md).not.toMatch(/[^\\]`tick/);
  expect(md).not.toMatch(/^# Heading/m);
  expect(md).not.toMatch(/^- item/m);
});
