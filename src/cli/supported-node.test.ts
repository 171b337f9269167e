// Self-test of the Node.js check at start: the engines range read as npm reads it, and the machine's own Node 20 turned away by `cloudconf run` with one line and exit 2.

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { fromPackage } from '../package-root.js';
import { satisfies, unsupportedNode } from './supported-node.mjs';

const BIN = fileURLToPath(new URL('./bin.mjs', import.meta.url));
/** The machine's own Node, 20 here: end of life, and what a consumer may still run cloudconf on. */
const SYSTEM_NODE = '/usr/bin/node';
const engines = JSON.parse(readFileSync(fromPackage('package.json'), 'utf8')).engines.node as string;

test("package.json's engines is a range this check reads (else nobody would be turned away)", () => {
  expect(satisfies('24.0.0', engines)).not.toBeUndefined();
});

test('versions in and out of the engines range', () => {
  const range = '^22.19.0 || ^24.0.0 || >=26.0.0';
  const verdicts = [
    '20.20.2',
    '22.18.9',
    '22.19.0',
    'v22.21.1',
    '23.11.0',
    '24.0.0-rc.1',
    '24.21.0',
    '25.1.0',
    '26.0.0',
    '30.1.2',
  ].map((v) => [v, satisfies(v, range)]);
  expect(Object.fromEntries(verdicts)).toEqual({
    '20.20.2': false,
    '22.18.9': false,
    '22.19.0': true,
    'v22.21.1': true,
    '23.11.0': false,
    '24.0.0-rc.1': true,
    '24.21.0': true,
    '25.1.0': false,
    '26.0.0': true,
    '30.1.2': true,
  });
  expect(satisfies('22.0.0', '>=20 <23')).toBe(true);
  expect(satisfies('23.0.0', '>=20 <23')).toBe(false);
  expect(satisfies('22.0.0', '22.x')).toBeUndefined();
});

test('the line names the version and the range; a supported Node gets none', () => {
  expect(unsupportedNode('24.21.0')).toBeUndefined();
  expect(unsupportedNode('20.20.2')).toBe(
    `cloudconf: Node.js 20.20.2 is not supported: cloudconf needs Node.js ${engines} (the maintained LTS lines, package.json "engines"); run it with Node 24 (actions/setup-node in CI)`,
  );
});

const system = existsSync(SYSTEM_NODE)
  ? spawnSync(SYSTEM_NODE, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim()
  : undefined;

describe.skipIf(system === undefined || satisfies(system, engines) !== false)(
  `cloudconf on ${system ?? 'no system Node'}`,
  () => {
    test('run: one line and exit 2, nothing on stdout', () => {
      const r = spawnSync(SYSTEM_NODE, [BIN, 'run', '--only', 'vpcs'], { encoding: 'utf8', timeout: 60_000 });
      expect(r.status, r.stderr).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr.trim().split('\n')).toEqual([unsupportedNode(system)]);
    });
  },
);
