// Self-test of the OpenAPI export with a widely used linter: Redocly CLI's recommended rules find no error and no warning but the ones explained here.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { scratchDirectory } from '../test-support/scratch.js';
import { openapiDocument } from './openapi.js';

const work = scratchDirectory('openapi-lint');

const redocly = createRequire(import.meta.url).resolve('@redocly/cli/bin/cli.js');

/**
 * The warnings that stay, each with its reason. `info-license`: the documents name no licence for
 * the API and the export invents none. `no-unused-components`: the documents' field tables that are
 * request bodies or partial tables rather than the records the API answers (each body inlines its
 * fields; the records are the typed ones, `instance-record` and the like); each is named so that a
 * new unused component has to be explained here.
 */
const EXPLAINED: Record<string, string[]> = {
  'info-license': ['#/info'],
  'no-unused-components': [
    'account',
    'config',
    'disk',
    'instance',
    'managed-contact',
    'managed-credential',
    'managed-node-settings',
    'managed-service',
    'payment',
    'payment-method',
  ].map((name) => `#/components/schemas/${name}`),
};

interface Problem {
  ruleId: string;
  severity: string;
  message: string;
  location: { pointer: string }[];
}

test('redocly lint (recommended rules) finds no error, and only the warnings explained', () => {
  const dir = mkdtempSync(join(work, 'lint-'));
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(openapiDocument()));
  const run = spawnSync(process.execPath, [redocly, 'lint', file, '--format=json', '--max-problems=10000'], {
    cwd: dir,
    encoding: 'utf8',
    // No telemetry and no update check: the test talks to no network.
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    timeout: 120_000,
  });
  const report = JSON.parse(run.stdout) as { totals: { errors: number }; problems: Problem[] };
  expect(report.totals.errors, run.stderr).toBe(0);
  const found: Record<string, string[]> = {};
  for (const p of report.problems) {
    found[p.ruleId] ??= [];
    found[p.ruleId]?.push(p.location[0]?.pointer ?? p.message);
  }
  for (const pointers of Object.values(found)) pointers.sort();
  expect(found).toEqual(EXPLAINED);
}, 150_000);
