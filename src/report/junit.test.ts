// Unit tests of junit.xml: a test case per requirement named by id and text, failures readable on their own, characters XML cannot hold.

import { expect, test } from 'vitest';
import { baselineFromKnownFailures, compareWithBaseline } from './baseline.js';
import { renderJunit } from './junit.js';
import { exchange, failure, requirement, results } from './test-support/sample-results.js';

const run = () =>
  results([
    requirement('vpcs/create/label-length', 'fail', {
      failures: [
        failure({
          case: 'label too long',
          exchanges: [
            exchange({ response: { status: 200, headers: {}, text: 'ok\u0000\u001b[31m', truncated: false } }),
          ],
        }),
      ],
    }),
    requirement('vpcs/list/a', 'pass'),
    requirement('vpcs/list/b', 'skipped'),
    requirement('vpcs/list/c', 'error'),
    requirement('vpcs/list/d', 'non-strict'),
  ]);

const cases = (xml: string) => [...xml.matchAll(/<testcase [^>]*name="([^"]*)"/g)].map((m) => m[1]);

test('one test case per requirement, named by id and text', () => {
  expect(cases(renderJunit(run()))).toEqual(run().requirements.map((r) => `${r.id}: ${r.text}`));
});

test('a failure says what was expected, what came, the hint, the curl line and the replay command', () => {
  const xml = renderJunit(run());
  const body = /<failure [^>]*>([\s\S]*?)<\/failure>/.exec(xml)?.[1] ?? '';
  expect(body).toContain('check status-4xx (case: label too long)');
  expect(body).toContain('expected: a 4xx status');
  expect(body).toContain('actual:   200');
  expect(body).toContain('hint:     The server accepted a body it must refuse.');
  expect(body).toContain('curl: curl -sS -X POST');
  expect(body).toContain('replay: npx cloudconf run --seed 7 --only vpcs/create/label-length --base-url');
  expect(xml).toMatch(/<testsuites [^>]*tests="5" failures="1" errors="1" skipped="1"/);
});

test('characters XML 1.0 cannot hold are written out, not copied', () => {
  const xml = renderJunit(run());
  // biome-ignore lint/suspicious/noControlCharactersInRegex: looking for them is the test
  expect(xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/);
  expect(xml).toContain('ok\\u0000\\u001b[31m');
});

test('known failures of a baseline are skipped with their reason, so CI agrees with the exit code', () => {
  const r = run();
  const known = baselineFromKnownFailures(new Map([['vpcs/create/label-length', { reason: 'TICKET-7' }]]), 'known.txt');
  const xml = renderJunit({ ...r, baseline: compareWithBaseline(r, known) });
  expect(xml).not.toContain('<failure');
  expect(xml).toContain('<skipped message="known failure: TICKET-7; status-4xx: expected a 4xx status; got 200"/>');
});

test('under --strict a non-strict verdict is a failure', () => {
  expect(renderJunit({ ...run(), strict: true }).match(/<failure /g)).toHaveLength(2);
});
