// Unit tests of the GitHub annotations of a run: one per requirement that fails it, with its first failure; capped; every value escaped as GitHub's workflow commands require, so target text cannot end a command or start another.

import { expect, test } from 'vitest';
import { ANNOTATIONS_PER_KIND, escapeData, escapeProperty, githubAnnotations, inGitHubActions } from './annotations.js';
import { baselineFromKnownFailures, compareWithBaseline } from './baseline.js';
import { failure, requirement, results } from './test-support/sample-results.js';

test('only inside GitHub Actions', () => {
  expect(inGitHubActions({ GITHUB_ACTIONS: 'true' })).toBe(true);
  expect(inGitHubActions({})).toBe(false);
  expect(inGitHubActions({ GITHUB_ACTIONS: 'false' })).toBe(false);
});

test('escaping: % first, then CR and LF in a message; : and , too in a property', () => {
  expect(escapeData('100%\r\ndone')).toBe('100%25%0D%0Adone');
  expect(escapeProperty('a:b,c%\n')).toBe('a%3Ab%2Cc%25%0A');
  // Other control characters are shown, not sent: no escape sequence reaches the log.
  expect(escapeData('red\u001b[31m')).toBe('red\\x1b[31m');
});

test('an error per failing requirement: its id, level and first failure, a file when there is one, and the replay', () => {
  const r = results([
    requirement('vpcs/create/label-length', 'fail'),
    requirement('vpcs/list/a', 'pass'),
    requirement('vpcs/list/b', 'error', { reason: 'no answer: ECONNRESET' }),
    requirement('vpcs/list/c', 'skipped'),
  ]);
  const lines = githubAnnotations(r, {
    fileOf: (id) => (id.startsWith('vpcs/create') ? 'suites/part1/vpcs.test.ts' : undefined),
  });
  expect(lines).toEqual([
    '::error file=suites/part1/vpcs.test.ts,title=vpcs/create/label-length [MUST] fails::Text of vpcs/create/label-length.%0Astatus-4xx: expected a 4xx status; got 200. The server accepted a body it must refuse.%0Areplay: npx cloudconf run --seed 7 --only vpcs/create/label-length --base-url https://api.example.test/v4',
    '::error title=vpcs/list/b [MUST] could not be judged::Text of vpcs/list/b.%0Ano answer: ECONNRESET%0Areplay: npx cloudconf run --seed 7 --only vpcs/list/b --base-url https://api.example.test/v4',
  ]);
});

test('text from the target cannot start a workflow command of its own', () => {
  const hostile = failure({ actual: '200\n::set-output name=x::owned\r\n::error::fake' });
  const [line] = githubAnnotations(results([requirement('vpcs/create/a', 'fail', { failures: [hostile] })]));
  expect(line?.split('\n')).toHaveLength(1);
  expect(line).not.toMatch(/[\r\n]/);
  expect(line).toContain('200%0A::set-output name=x::owned%0D%0A::error::fake');
});

test('non-strict requirements are warnings without --strict, errors with it', () => {
  const r = results([requirement('vpcs/list/d', 'non-strict')]);
  expect(githubAnnotations(r)[0]).toMatch(/^::warning title=vpcs\/list\/d \[SHOULD\] non-strict \(a SHOULD broken\)::/);
  expect(githubAnnotations({ ...r, strict: true })[0]).toMatch(/^::error title=vpcs\/list\/d \[SHOULD\] fails::/);
});

test('at most ten of a kind; the tenth says how many more', () => {
  const many = results(Array.from({ length: 25 }, (_, i) => requirement(`vpcs/create/r${i}`, 'fail')));
  const lines = githubAnnotations(many);
  expect(lines).toHaveLength(ANNOTATIONS_PER_KIND);
  expect(lines.at(-1)).toBe(
    '::error title=cloudconf%3A 16 more failing requirement(s)::16 more failing requirement(s): summary.md and index.html list every one.',
  );
});

test('against a baseline only what got worse is annotated, and an incomplete run says so', () => {
  const r = results([requirement('vpcs/create/a', 'fail'), requirement('vpcs/create/b', 'fail')]);
  const known = baselineFromKnownFailures(new Map([['vpcs/create/a', { reason: 'TICKET-7' }]]), 'known.txt');
  const lines = githubAnnotations({
    ...r,
    baseline: compareWithBaseline(r, known),
    incomplete: { reasons: ['cleanup: boom'] },
  });
  expect(lines.map((l) => l.slice(0, l.indexOf('::', 2)))).toEqual([
    '::error title=cloudconf%3A the run is incomplete',
    '::error title=vpcs/create/b [MUST] fails',
  ]);
});
