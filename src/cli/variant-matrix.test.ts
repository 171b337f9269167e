// Self-tests of the variants in `cloudconf mutation`: which servers run and what each judges, and what counts as a false alarm there.

import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { exclusions, requirements } from '../../spec/index.js';
import { CATALOGUE_FILE } from '../export/catalogue-path.js';
import { faults } from '../reference/faults.js';
import { BUSY_STATE_REQUIREMENTS, variants } from '../reference/variants.js';
import type { Outcome, Verdict } from '../vocabulary/outcome.js';
import { faultsUnderVariants, variantServers, variantVerdict } from './variant-matrix.js';

const judged = requirements.filter((r) => !exclusions.some((x) => x.requirement === r.id));

describe('variant servers', () => {
  test('variants that only reshape answers share one server judged on the whole API; the others run alone', () => {
    const servers = variantServers([]);
    const together = servers.find((s) => s.label === 'variants:together');
    expect(together?.requirements).toHaveLength(judged.length);
    expect(together?.variants).toEqual(variants.filter((v) => v.scope.kind === 'together').map((v) => v.name));
    expect(servers.map((s) => s.label)).toEqual([
      'variants:together',
      ...variants.filter((v) => v.scope.kind !== 'together').map((v) => `variant:${v.name}`),
    ]);
  });

  test('--area narrows what every server judges; --variant runs only the named ones, each alone', () => {
    for (const s of variantServers(['events'])) {
      expect(
        s.requirements.every((id) => id.startsWith('events/')),
        s.label,
      ).toBe(true);
    }
    expect(variantServers([], ['ids-high']).map((s) => [s.label, s.variants])).toEqual([
      ['variant:ids-high', ['ids-high']],
    ]);
  });

  test('the variant that ends held actions early judges every requirement judged while an action is held', () => {
    const catalogue = readFileSync(CATALOGUE_FILE, 'utf8');
    const whileBusy = [...catalogue.matchAll(/^\| `([^`]+)` .*\(while busy\)/gm)].map((m) => m[1]);
    expect([...BUSY_STATE_REQUIREMENTS].sort()).toEqual(whileBusy.sort());
    const early = variantServers([], ['held-actions-end-early'])[0];
    expect(early?.requirements.sort()).toEqual([...BUSY_STATE_REQUIREMENTS].sort());
  });
});

describe('faults a variant must not blind the checks to', () => {
  test('each event fault runs again on a server listing events oldest first; the variant itself does not', () => {
    const again = faultsUnderVariants(faults).map((f) => f.name);
    expect(again).toContain('event-missing:vpc_create@events-oldest-first');
    expect(again).toContain('event-missing:node_config_update@events-oldest-first');
    expect(again.some((name) => name.startsWith('events-oldest-first@'))).toBe(false);
    expect(faultsUnderVariants(faults, ['ids-high'])).toEqual([]);
  });
});

const outcome = (requirement: string, verdict: Verdict, reason?: string): Outcome => ({
  requirement,
  verdict,
  failures:
    verdict === 'fail' || verdict === 'non-strict'
      ? [{ check: 'c', expected: 'e', actual: 'a', hint: 'h', exchanges: [] }]
      : [],
  requests: 1,
  seed: 1,
  ...(reason ? { reason } : {}),
});

describe('false alarms on a variant', () => {
  const server = {
    label: 'variant:events-oldest-first',
    variants: ['events-oldest-first'],
    requirements: ['conventions/events/newest-first', 'vpcs/create/event/vpc_create', 'events/list/history-window'],
    noise: 0,
  };

  test('a failure is a false alarm; a non-strict verdict of a convention the variant departs from is not', () => {
    const outcomes = new Map<string, Outcome>([
      ['variant:events-oldest-first|conventions/events/newest-first', outcome('x', 'non-strict')],
      ['variant:events-oldest-first|vpcs/create/event/vpc_create', outcome('x', 'fail')],
      ['variant:events-oldest-first|events/list/history-window', outcome('x', 'skipped', 'why')],
      ['|events/list/history-window', outcome('x', 'pass')],
    ]);
    const v = variantVerdict(server, outcomes);
    expect(v.falseAlarms).toEqual(['vpcs/create/event/vpc_create']);
    expect(v.departures).toEqual(['conventions/events/newest-first']);
    expect(v.notJudged).toEqual(['events/list/history-window']);
    expect(v.why['vpcs/create/event/vpc_create']).toContain('expected e; got a');
  });

  test('an error is the suite failing to judge a conforming server; a failure of a departed convention is still an alarm', () => {
    const outcomes = new Map<string, Outcome>([
      ['variant:events-oldest-first|conventions/events/newest-first', outcome('x', 'fail')],
      ['variant:events-oldest-first|vpcs/create/event/vpc_create', outcome('x', 'error', 'suite error: boom')],
    ]);
    const v = variantVerdict(server, outcomes);
    expect(v.falseAlarms).toEqual(['conventions/events/newest-first']);
    expect(v.errors).toEqual(['vpcs/create/event/vpc_create']);
    expect(v.why['vpcs/create/event/vpc_create']).toBe('suite error: boom');
  });
});
