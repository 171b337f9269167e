// Self-test of a whole run against a partial implementation (issue 27): the plain server, which offers only the conventions and the twelve VPC operations, passes what it offers, is not-implemented everywhere else, and fails nothing.

import { mkdtempSync, readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { requirementById } from '../../spec/index.js';
import type { Requirement } from '../../spec/types.js';
import type { RequirementResult, Results } from '../report/results.js';
import { type PlainVpcServer, startPlainVpcServer } from '../selftest/plain-vpc-server.js';
import type { Verdict } from '../vocabulary/outcome.js';
import { type Finished, runCli } from './child.js';

/** What the plain server lacks on purpose, the requirements that need it, and the verdict they get instead of pass. */
interface Lack {
  why: string;
  verdict: Verdict;
  /** For not-implemented: the operation the verdict names. */
  needs?: string;
  /** For skipped: what the reason says. */
  reason?: RegExp;
  covers(r: Requirement): boolean;
}

/** The prose requirements of VPCs that attach an instance to a subnet through a configuration profile interface. */
const ATTACH_AN_INSTANCE = [
  'vpcs/delete/all-or-nothing',
  'vpcs/subnets/delete/refused-with-interfaces',
  'vpcs/subnets/view/nodes-from-interfaces',
  'vpcs/ips/list-all/every-vpc-interface',
  'vpcs/ips/list/one-vpc-only',
];

const LACKS: Lack[] = [
  {
    why: 'no events list (events/list, Part 2): the events an operation emits cannot be read',
    verdict: 'not-implemented',
    needs: 'events/list',
    covers: (r) => r.derivation?.kind === 'event' || r.id.startsWith('conventions/events/'),
  },
  {
    why: 'no literal resource: every path whose literal segment stands beside a parameter lies in an area it lacks',
    verdict: 'not-implemented',
    reason: /no operation the target offers shows it/,
    covers: (r) => r.id === 'conventions/http/literal-resources',
  },
  {
    why: 'no instances (Part 3): no interface can put an instance on a subnet',
    verdict: 'not-implemented',
    needs: 'instances/create',
    covers: (r) => ATTACH_AN_INSTANCE.includes(r.id),
  },
  {
    why: 'one full-scope token and no control interface: no token with chosen scopes can be had',
    verdict: 'skipped',
    reason: /chosen scopes/,
    covers: (r) =>
      (r.derivation?.kind === 'auth' && r.derivation.check.startsWith('scope-')) ||
      r.id === 'conventions/status/forbidden-403' ||
      r.id === 'conventions/scopes/read-write-includes-read-only',
  },
  {
    why: 'no restricted users (no control interface): grants cannot be judged',
    verdict: 'skipped',
    reason: /restricted users/,
    covers: (r) => r.derivation?.kind === 'global-grant' || r.derivation?.kind === 'entity-permission',
  },
];

const ownArea = (id: string) => id.startsWith('vpcs/') || id.startsWith('conventions/');
const lackOf = (id: string) => {
  const r = requirementById.get(id);
  return r ? LACKS.find((l) => l.covers(r)) : undefined;
};

/** A requirement's verdict with what explains it, for the failure message. */
const shown = (q: RequirementResult) =>
  `${q.id}: ${q.verdict}${q.reason ? ` (${q.reason})` : ''}${q.failures[0] ? ` ${JSON.stringify(q.failures[0]).slice(0, 600)}` : ''}`;

/** What a requirement got that its expectation does not allow, or undefined. */
function unexpected(q: RequirementResult): string | undefined {
  const lack = lackOf(q.id);
  if (!lack) return q.verdict === 'pass' ? undefined : shown(q);
  if (q.verdict !== lack.verdict) return `${shown(q)}; expected ${lack.verdict}: ${lack.why}`;
  if (lack.needs && q.needs !== lack.needs) return `${shown(q)}; expected it to need ${lack.needs}`;
  if (lack.reason && !lack.reason.test(q.reason ?? '')) return `${shown(q)}; expected a reason like ${lack.reason}`;
  return undefined;
}

describe('a whole run against the plain server (conventions and VPCs only)', () => {
  let server: PlainVpcServer;
  let run: Finished;
  let results: Results;
  const dir = mkdtempSync(join(tmpdir(), 'cloudconf-partial-'));

  beforeAll(async () => {
    server = await startPlainVpcServer({ regions: ['pl-central'] });
    const args = ['run', '--base-url', server.baseUrl, '--token', server.token, '--region', 'pl-central'];
    run = await runCli([...args, '--seed', '1', '--report-dir', join(dir, 'report')], {
      boundMs: 280_000,
      cwd: dir,
    });
    results = JSON.parse(readFileSync(join(dir, 'report', 'results.json'), 'utf8')) as Results;
  }, 300_000);

  // The reports hold about 12,000 Allure files: removing them takes seconds on a loaded machine.
  afterAll(async () => {
    await server?.close();
    await rm(dir, { recursive: true, force: true });
  }, 60_000);

  test('ends with exit 0, and no requirement is fail or error', () => {
    const broken = results.requirements.filter((q) => q.verdict === 'fail' || q.verdict === 'error').map(shown);
    expect(broken).toEqual([]);
    expect(run.code, run.stdout + run.stderr).toBe(0);
  });

  test('every requirement of vpcs/ and conventions/ passes, but those that need what the plain server lacks', () => {
    const mine = results.requirements.filter((q) => ownArea(q.id));
    expect(mine.length).toBeGreaterThan(100);
    expect(mine.flatMap((q) => unexpected(q) ?? [])).toEqual([]);
    // Each lack is met, so none of them is a dead letter that would excuse a requirement by mistake.
    for (const lack of LACKS)
      expect(
        mine.some((q) => lackOf(q.id) === lack),
        lack.why,
      ).toBe(true);
  });

  test('every other requirement is not-implemented, naming its operation, or excluded', () => {
    const others = results.requirements.filter((q) => !ownArea(q.id));
    expect(others.length).toBeGreaterThan(1000);
    const judged = others.filter((q) => q.verdict !== 'not-implemented' && q.verdict !== 'excluded').map(shown);
    expect(judged).toEqual([]);
    expect(others.filter((q) => q.verdict === 'not-implemented' && !q.needs).map(shown)).toEqual([]);
  });

  test('the run saw the twelve VPC operations served, and no other', () => {
    const vpcOperations = [
      'vpcs/create',
      'vpcs/delete',
      'vpcs/ips/list',
      'vpcs/ips/list-all',
      'vpcs/list',
      'vpcs/subnets/create',
      'vpcs/subnets/delete',
      'vpcs/subnets/list',
      'vpcs/subnets/update',
      'vpcs/subnets/view',
      'vpcs/update',
      'vpcs/view',
    ];
    expect(results.offer?.served).toEqual(vpcOperations);
    expect(results.offer?.notImplemented.filter((n) => n.operation.startsWith('vpcs/'))).toEqual([]);
  });
});
