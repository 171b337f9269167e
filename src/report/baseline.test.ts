// Unit tests of the baseline comparison: the known-failures formats, how each requirement moves, and the exit code it decides.

import { describe, expect, test } from 'vitest';
import {
  baselineFromKnownFailures,
  baselineFromResults,
  compareWithBaseline,
  hygieneLines,
  knownFailuresFile,
  parseKnownFailures,
  unionOf,
} from './baseline.js';
import { exitCodeOf } from './results.js';
import { requirement, results } from './test-support/sample-results.js';

describe('parseKnownFailures', () => {
  test('reads `<id> <reason>` lines and skips blank lines and comments', () => {
    const known = parseKnownFailures(
      '# our server\n\nvpcs/create/label-length   labels are trimmed (TICKET-1)\n  tags/list/paging\n',
    );
    expect([...known]).toEqual([
      ['vpcs/create/label-length', { reason: 'labels are trimmed (TICKET-1)' }],
      ['tags/list/paging', { reason: 'no reason given' }],
    ]);
  });

  test('reads a JSON object of id to reason', () => {
    expect([...parseKnownFailures('{"a/b": "why", "c/d": "because"}')]).toEqual([
      ['a/b', { reason: 'why' }],
      ['c/d', { reason: 'because' }],
    ]);
  });

  test('an entry carries a link and an expiry, in a line or in JSON', () => {
    const line = parseKnownFailures('a/b trimmed labels link=https://t.example/12 expires=2027-03-01\n');
    expect(line.get('a/b')).toEqual({ reason: 'trimmed labels', link: 'https://t.example/12', expires: '2027-03-01' });
    const json = parseKnownFailures(
      '{"a/b": {"reason": "why", "link": "https://t.example/1", "expires": "2027-01-31"}}',
    );
    expect(json.get('a/b')).toEqual({ reason: 'why', link: 'https://t.example/1', expires: '2027-01-31' });
    expect(() => parseKnownFailures('a/b why expires=soon')).toThrow(/line 1: expires takes a date/);
  });

  test('refuses an id listed twice, naming the line', () => {
    expect(() => parseKnownFailures('a/b one\na/b two')).toThrow(/line 2: a\/b is listed twice/);
  });

  test('refuses JSON that is not an object of strings', () => {
    expect(() => parseKnownFailures('{"a/b": 1}')).toThrow(/reason must be a string/);
    expect(() => parseKnownFailures('{')).toThrow();
  });
});

describe('compareWithBaseline', () => {
  const before = baselineFromResults(
    results([
      requirement('a/was-pass', 'pass'),
      requirement('a/was-fail', 'fail'),
      requirement('a/was-fail-now-pass', 'fail'),
      requirement('a/was-fail-now-skipped', 'fail'),
      requirement('a/was-skipped', 'skipped'),
      requirement('a/should-was-pass', 'pass'),
    ]),
    'old/results.json',
  );
  const now = results([
    requirement('a/was-pass', 'fail'),
    requirement('a/was-fail', 'fail'),
    requirement('a/was-fail-now-pass', 'pass'),
    requirement('a/was-fail-now-skipped', 'skipped'),
    requirement('a/was-skipped', 'error'),
    requirement('a/should-was-pass', 'non-strict'),
    requirement('a/new-requirement', 'fail'),
  ]);

  test('sorts each requirement by how it moved', () => {
    expect(compareWithBaseline(now, before)).toEqual({
      sources: ['old/results.json'],
      newFailures: ['a/was-pass', 'a/new-requirement'],
      newNonStrict: ['a/should-was-pass'],
      newErrors: ['a/was-skipped'],
      improved: ['a/was-fail-now-pass'],
      known: ['a/was-fail'],
      notJudged: ['a/was-fail-now-skipped'],
    });
  });

  test('under --strict a new non-strict verdict is a new failure', () => {
    const c = compareWithBaseline({ ...now, strict: true }, before);
    expect(c.newFailures).toContain('a/should-was-pass');
    expect(c.newNonStrict).toEqual([]);
  });

  test('the run fails only on new failures; known ones pass it', () => {
    const onlyKnown = results([requirement('a/was-fail', 'fail'), requirement('a/was-pass', 'pass')]);
    expect(exitCodeOf(onlyKnown)).toBe(1);
    expect(exitCodeOf({ ...onlyKnown, baseline: compareWithBaseline(onlyKnown, before) })).toBe(0);
    expect(exitCodeOf({ ...now, baseline: compareWithBaseline(now, before) })).toBe(1);
  });

  test('a new error without new failures exits 2, the suite could not judge', () => {
    const errs = results([requirement('a/was-skipped', 'error')]);
    expect(exitCodeOf({ ...errs, baseline: compareWithBaseline(errs, before) })).toBe(2);
  });

  test('a known-failures list is the same thing, and carries its reasons', () => {
    const known = baselineFromKnownFailures(new Map([['a/was-pass', { reason: 'ticket 9' }]]), 'known.txt');
    const c = compareWithBaseline(now, known);
    expect(c.known).toEqual(['a/was-pass']);
    expect(c.newFailures).toEqual(['a/was-fail', 'a/new-requirement']);
    expect(c.reasons).toEqual({ 'a/was-pass': 'ticket 9' });
  });

  test('its hygiene: an entry naming no requirement (with a suggestion), one that passes now, one expired', () => {
    const entries = new Map([
      ['vpcs/create/label-lenght', { reason: 'typo' }],
      ['a/was-fail-now-pass', { reason: 'fixed since' }],
      ['a/was-pass', { reason: 'tracked', expires: '2026-01-31' }],
    ]);
    const known = baselineFromKnownFailures(entries, 'known.txt', '2026-02-01');
    const c = compareWithBaseline(now, known, '2026-02-01');
    expect(c.hygiene?.unknown).toEqual([{ id: 'vpcs/create/label-lenght', suggestion: 'vpcs/create/label-length' }]);
    expect(c.hygiene?.stale).toEqual(['a/was-fail-now-pass']);
    expect(c.hygiene?.expired).toEqual(['a/was-pass']);
    // An expired entry no longer excuses the failure.
    expect(c.newFailures).toContain('a/was-pass');
  });

  test('under --strict-known-failures an entry no longer true fails the run; without it, it is only said', () => {
    const entries = new Map([['a/was-fail-now-pass', { reason: 'fixed since' }]]);
    const fixed = results([requirement('a/was-fail-now-pass', 'pass')]);
    const c = compareWithBaseline(fixed, baselineFromKnownFailures(entries, 'known.txt'));
    const hygiene = c.hygiene ?? { unknown: [], stale: [], expired: [] };
    expect(exitCodeOf({ ...fixed, baseline: c })).toBe(0);
    expect(exitCodeOf({ ...fixed, baseline: { ...c, hygiene: { ...hygiene, strict: true } } })).toBe(1);
    expect(hygieneLines(c.hygiene)).toEqual(['known-failures entry a/was-fail-now-pass passes now: remove it']);
  });

  test('a run writes a known-failures file of what it found broken, which reads back as the same list', () => {
    const text = knownFailuresFile(now);
    const listed = parseKnownFailures(text);
    expect([...listed.keys()].sort()).toEqual(
      now.requirements
        .filter((r) => r.verdict === 'fail' || r.verdict === 'non-strict')
        .map((r) => r.id)
        .sort(),
    );
    expect(text).toMatch(/^# Known failures of /);
  });

  test('both forms together: a requirement is known broken when either says so', () => {
    const known = baselineFromKnownFailures(new Map([['a/was-pass', { reason: 'ticket 9' }]]), 'known.txt');
    const c = compareWithBaseline(now, unionOf([before, known]));
    expect(c.sources).toEqual(['old/results.json', 'known.txt']);
    expect(c.known.sort()).toEqual(['a/was-fail', 'a/was-pass']);
    expect(c.newFailures).toEqual(['a/new-requirement']);
  });
});
