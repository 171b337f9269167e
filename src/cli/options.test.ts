// Self-test that every option value is checked before anything runs: each bad value ends in exit 2 with one line naming the option, a refused user-info URL prints no password, and a closed output pipe ends a command quietly.

import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { runCli } from './child.js';
import { selectRequirements } from './selection.js';

/** A selection that matches nothing: a bad value that slipped through ends in "no requirement matches" instead. */
const NOTHING = [
  '--only',
  'zz-no-such-requirement',
  '--token',
  'x-token',
  '--report-dir',
  '/tmp/cloudconf-options-test',
];

const bad: { args: string[]; option: string }[] = [
  { args: ['run', '--seed', 'xyz', ...NOTHING], option: '--seed' },
  { args: ['run', '--runs', 'abc', ...NOTHING], option: '--runs' },
  { args: ['run', '--rate', '0', ...NOTHING], option: '--rate' },
  { args: ['run', '--timeout', 'soon', ...NOTHING], option: '--timeout' },
  { args: ['run', '--max-response-bytes', '-1', ...NOTHING], option: '--max-response-bytes' },
  { args: ['run', '--part', '4', ...NOTHING], option: '--part' },
  { args: ['run', '--mode', 'yolo', ...NOTHING], option: '--mode' },
  { args: ['run', '--level', 'must', ...NOTHING], option: '--level' },
  { args: ['run', '--base-url', 'ftp://127.0.0.1:1/v4', ...NOTHING], option: '--base-url' },
  { args: ['run', '--base-url', 'javascript:alert(1)', ...NOTHING], option: '--base-url' },
  { args: ['run', '--base-url', 'http://alice:PASSWORD-1234@127.0.0.1:1/v4', ...NOTHING], option: '--base-url' },
  { args: ['serve', '--port', '70000'], option: '--port' },
  { args: ['serve', '--port', '0', '--action-delay-ms', 'xyz'], option: '--action-delay-ms' },
  { args: ['serve', '--port', '0', '--fault', 'typo'], option: '--fault' },
  { args: ['mutation', '--area', 'vpc', '--seed', '1'], option: '--area' },
  { args: ['audit', '/dev/null', '--scopes', 'vpc:nope'], option: '--scopes' },
  { args: ['proxy', '--upstream', 'http://bob:PASSWORD-77@127.0.0.1:1/v4', '--port', '0'], option: '--upstream' },
  { args: ['proxy', '--upstream', 'http://127.0.0.1:1/v4', '--port', 'x'], option: '--port' },
];

describe.concurrent('a bad option value ends the command with exit 2 and one line', () => {
  for (const { args, option } of bad) {
    test(args.slice(0, args.indexOf(option) + 2).join(' '), { timeout: 60_000 }, async () => {
      const r = await runCli(args, { boundMs: 30_000, env: { CLOUDCONF_TOKEN: '' } });
      expect(r.signal, r.stderr).toBeNull();
      expect(r.code, r.stderr).toBe(2);
      const lines = r.stderr.trim().split('\n');
      expect(lines, r.stderr).toHaveLength(1);
      expect(lines[0]).toContain(option);
      expect(r.stdout + r.stderr).not.toContain('PASSWORD');
    });
  }
});

describe('selection', () => {
  test('--only is repeatable: the union of its prefixes; --exclude and --level narrow it', () => {
    const vpcs = selectRequirements({ only: ['vpcs'] }).all;
    const tags = selectRequirements({ only: 'tags' }).all;
    const both = selectRequirements({ only: ['vpcs', 'tags'] }).all;
    expect(vpcs.length).toBeGreaterThan(0);
    expect(tags.length).toBeGreaterThan(0);
    // The union: conventions judged through both areas are selected once.
    expect(both.map((r) => r.id).sort()).toEqual([...new Set([...vpcs, ...tags].map((r) => r.id))].sort());
    const less = selectRequirements({ only: ['vpcs'], exclude: ['vpcs/create'] }).all;
    expect(less.length).toBeLessThan(vpcs.length);
    expect(less.some((r) => r.id.startsWith('vpcs/create/'))).toBe(false);
    const should = selectRequirements({ only: ['vpcs', 'tags'], level: 'SHOULD' }).all;
    expect(should.every((r) => r.level === 'SHOULD')).toBe(true);
    expect(should.length).toBeLessThan(both.length);
  });
});

test('a closed output pipe ends the command quietly', { timeout: 60_000 }, async () => {
  const bin = fileURLToPath(new URL('./bin.mjs', import.meta.url));
  const child = spawn(process.execPath, [bin, 'spec', '--json'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c) => {
    stderr += c;
  });
  // Like `| head -1`: read the first chunk, then close the pipe.
  child.stdout.once('data', () => child.stdout.destroy());
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(stderr).toBe('');
  expect(code).toBe(0);
});
