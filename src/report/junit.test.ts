// Unit tests of junit.xml: a test case per requirement named by id and text, failures readable on their own, characters XML cannot hold, non-strict and flaky properties, suite times that add up.

import { describe, expect, test } from 'vitest';
import { baselineFromKnownFailures, compareWithBaseline } from './baseline.js';
import { renderJunit, suiteTimes } from './junit.js';
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

test('a non-strict requirement carries a property that says so with its first failure; a flaky one says why', () => {
  const r = results([
    requirement('vpcs/list/d', 'non-strict'),
    requirement('vpcs/list/e', 'pass', { flaky: 'GET /v4/vpcs answered only after a 503' }),
  ]);
  const xml = renderJunit(r);
  expect(xml).toContain(
    '<property name="cloudconf.non-strict" value="a SHOULD broken (passing without --strict): status-4xx: expected a 4xx status; got 200"/>',
  );
  expect(xml).toContain('<property name="cloudconf.flaky" value="GET /v4/vpcs answered only after a 503"/>');
  expect(renderJunit({ ...r, strict: true })).toContain('a SHOULD broken (failing under --strict)');
  // The run's properties in its one suite, and one block in each of the two test cases.
  expect(xml.match(/<properties>/g)).toHaveLength(1 + 2);
});

describe('suite times', () => {
  const at = (id: string, part: 1 | 2 | 3, start: number, ms: number) =>
    requirement(id, 'pass', { part, startedAtMs: start, durationMs: ms });

  test('overlapping tests of one suite count once: the suite takes its wall time, not the sum', () => {
    const rs = [at('a/b/1', 1, 0, 1000), at('a/b/2', 1, 0, 1000), at('a/b/3', 1, 500, 1000)];
    expect(suiteTimes([rs], 2000)).toEqual([1500]);
  });

  test('suites running at once share the time: together no more than the run, each no more than its span', () => {
    const one = [at('a/b/1', 1, 0, 4000), at('a/b/2', 1, 0, 4000)];
    const two = [at('c/d/1', 2, 1000, 2000)];
    const three = [at('e/f/1', 3, 3000, 3000)];
    const times = suiteTimes([one, two, three], 6500);
    expect(times).toEqual([1000 + 2000 / 2 + 1000 / 2, 2000 / 2, 1000 / 2 + 2000]);
    expect(times.reduce((a, b) => a + b, 0)).toBe(6000);
    expect(times[0]).toBeLessThanOrEqual(4000);
  });

  test('without test spans (an older results.json), summed durations scaled to the run', () => {
    const old = (id: string, ms: number) => requirement(id, 'pass', { durationMs: ms });
    expect(suiteTimes([[old('a/b/1', 3000)], [old('c/d/1', 1000)]], 2000)).toEqual([1500, 500]);
    expect(suiteTimes([[old('a/b/1', 300)], [old('c/d/1', 100)]], 2000)).toEqual([300, 100]);
  });

  test('junit.xml: the suites of a run whose parts overlapped add up to no more than the run', () => {
    const r = results([at('a/b/1', 1, 0, 3000), at('c/d/1', 2, 0, 3000), at('e/f/1', 3, 1000, 2500)], {
      durationMs: 4000,
    });
    const xml = renderJunit(r);
    const times = [...xml.matchAll(/<testsuite name="Part \d" [^>]*time="([\d.]+)"/g)].map((m) => Number(m[1]));
    expect(times).toHaveLength(3);
    expect(times.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(4);
    expect(xml).toMatch(/<testsuites [^>]*time="4.000"/);
  });
});

test('a test case says how it ended before its properties, as readers and verify look for it', () => {
  const r = results([requirement('vpcs/list/d', 'non-strict', { flaky: 'a 503 first' })], { strict: true });
  const xml = renderJunit(r);
  expect(xml).toMatch(/<testcase [^>]*>\n\s*<failure [\s\S]*<\/failure>\n\s*<properties>/);
});
