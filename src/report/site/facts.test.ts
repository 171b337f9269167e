// Unit tests of what the site says about a run: every verdict counted (one this cloudconf does not know too), a declared profile and its completeness when results.json has one, known failures with reason, link and expiry, and the target as the publisher chose to show it.

import { expect, test } from 'vitest';
import type { Results } from '../results.js';
import { results as sample } from '../test-support/sample-results.js';
import { countsLine, knownFailureOf, profileOf, type SiteRun, targetShown, VERDICTS, verdictCounts } from './facts.js';

const base = (): Results => sample([]);

test('every verdict of VERDICT_MEANING is counted, zero included, and a verdict it does not list is counted after them', () => {
  const counts = verdictCounts([
    { verdict: 'pass' },
    { verdict: 'skipped' },
    { verdict: 'from-a-later-cloudconf' as 'pass' },
  ]);
  expect(Object.keys(counts)).toEqual([...VERDICTS, 'from-a-later-cloudconf']);
  expect(counts).toMatchObject({ pass: 1, skipped: 1, excluded: 0, 'from-a-later-cloudconf': 1 });
  expect(countsLine({ requirements: [{ verdict: 'excluded' }] } as unknown as Results)).toBe(
    `${VERDICTS.map((v) => `${v === 'excluded' ? 1 : 0} ${v}`).join(', ')}`,
  );
});

test('a declared profile is shown with what it leaves out and whether the run is complete for it; none when results.json has none', () => {
  expect(profileOf(base())).toBeUndefined();
  const withProfile = { ...base(), profile: { notOffered: { areas: ['transfers', 'billing'] }, complete: true } };
  expect(profileOf(withProfile as Results)).toEqual({ declared: 'not offered: transfers, billing', complete: true });
  const everything = { ...base(), profile: { offered: { areas: ['vpcs'] } }, completeForProfile: false };
  expect(profileOf(everything as unknown as Results)).toEqual({ declared: 'offers everything', complete: false });
  const offered = {
    ...base(),
    offer: { profile: { offers: ['vpcs', 'tags'], except: ['tags/delete'], note: 'a VPC service' } },
  };
  expect(profileOf(offered as unknown as Results)).toEqual({
    declared: 'offers vpcs, tags, except tags/delete (a VPC service)',
  });
});

test('a known failure shows its reason, and its link and expiry when the baseline has them; a link that is not http(s) is dropped', () => {
  const results: Results = {
    ...base(),
    baseline: {
      sources: ['known-failures.txt'],
      newFailures: [],
      newNonStrict: [],
      newErrors: [],
      improved: [],
      known: ['vpcs/create/label-length', 'tags/list/x'],
      notJudged: [],
      reasons: { 'vpcs/create/label-length': 'labels are trimmed', 'tags/list/x': 'scope ignored' },
      ...{
        links: { 'vpcs/create/label-length': 'https://tracker.example/T-12', 'tags/list/x': 'javascript:alert(1)' },
        expires: { 'vpcs/create/label-length': '2027-01-31' },
      },
    },
  };
  expect(knownFailureOf(results, 'vpcs/create/label-length')).toEqual({
    reason: 'labels are trimmed',
    link: 'https://tracker.example/T-12',
    expires: '2027-01-31',
  });
  expect(knownFailureOf(results, 'tags/list/x')).toEqual({ reason: 'scope ignored' });
  expect(knownFailureOf(results, 'vpcs/create/other')).toBeUndefined();
});

test("the target is product.json's `target` when the publisher gave one, else the run's base URL", () => {
  const run = (target?: string) =>
    ({
      product: { name: 'n', version: 'v', vendor: 'x', url: 'u', ...(target ? { target } : {}) },
      results: { ...base(), target: { baseUrl: 'https://staging.internal/v4', reference: false } },
    }) as unknown as SiteRun;
  expect(targetShown(run('staging, eu-west'))).toBe('staging, eu-west');
  expect(targetShown(run())).toBe('https://staging.internal/v4');
});
