// Unit tests of summary.md: text from the target stays plain text in Markdown, in every section, whatever it holds.

import { expect, test } from 'vitest';
import { renderSummary } from './summary.js';
import { failure, requirement, results } from './test-support/sample-results.js';

const HOSTILE =
  '[click](https://evil.test) ![img](https://evil.test/x.png) <img src=x onerror=1> **loud** `tick` www.evil.test\n# Heading\n- item\r\u001b[31mred\u0007';

const hostileRun = () =>
  results(
    [
      requirement('vpcs/create/label-length', 'fail', {
        reason: HOSTILE,
        failures: [failure({ actual: HOSTILE, expected: 'a 4xx', hint: HOSTILE, case: HOSTILE, check: HOSTILE })],
      }),
    ],
    {
      incomplete: { reasons: [`cleanup: ${HOSTILE}`] },
      cleanup: {
        prefix: 'cc1234',
        deleted: 1,
        left: [{ request: `DELETE /v4/vpcs/1\`${HOSTILE}`, label: HOSTILE, reason: HOSTILE }],
        unread: [HOSTILE],
        interrupted: 'SIGINT',
      },
    },
  );

/** Markdown outside inline code spans: what a renderer would interpret. */
const outsideCode = (md: string) => md.replace(/(?<!\\)(`+)(?:(?!\1)[\s\S])*?\1/g, 'CODE');

test('target text cannot make a link, an image, a tag, emphasis, code, a heading or a block in any section of summary.md', () => {
  const md = renderSummary(hostileRun());
  const prose = outsideCode(md);
  expect(prose).not.toMatch(/(^|[^\\])\[click/);
  expect(prose).not.toMatch(/(^|[^\\])!\[img/);
  expect(prose).not.toMatch(/(^|[^\\])<img/);
  expect(prose).not.toMatch(/(^|[^\\])\*\*loud/);
  expect(prose).not.toMatch(/(^|[^\\])`tick/);
  expect(prose).not.toMatch(/https:\/\/evil|www\.evil/);
  expect(md).not.toMatch(/^# Heading/m);
  expect(md).not.toMatch(/^- item/m);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the escape and bell characters are what must not get through
  expect(md).not.toMatch(/[\u001b\u0007\r]/);
});

test('every section with target text is present, so the test above covered it', () => {
  const md = renderSummary(hostileRun());
  for (const section of ['## Incomplete run', '## Cleanup', '## Failures', 'not searched:'])
    expect(md).toContain(section);
  // One escaped copy per place target text goes: reason, check, case, expected-actual-hint, incomplete, cleanup label/reason/unread.
  expect(md.split('\\[click\\]').length - 1).toBeGreaterThanOrEqual(8);
});

test('flaky requirements are listed with why, and marked where they fail', () => {
  const text = renderSummary(
    results([
      requirement('vpcs/list/a', 'pass', { flaky: 'GET /v4/vpcs answered only after a 503' }),
      requirement('vpcs/create/b', 'fail', { flaky: 'POST /v4/vpcs answered only after a reset' }),
      requirement('vpcs/list/c', 'pass'),
    ]),
  );
  expect(text).toContain('## Flaky (2)');
  expect(text).toContain('- `vpcs/list/a` (pass): GET /v4/vpcs answered only after a 503');
  expect(text).toContain('### FAIL `vpcs/create/b` (MUST) (flaky)');
  expect(text).not.toContain('vpcs/list/c` (pass)');
});
