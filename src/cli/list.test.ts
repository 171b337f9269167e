// Self-test of `cloudconf run --list`: each requirement of the selection with judge, skip (the mode's reason) or excluded (the reason of spec/), and not one request sent.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from 'vitest';
import { exclusions } from '../../spec/index.js';
import { runCli } from './child.js';
import { listLines } from './list.js';

test('safe mode lists what it would skip, with the effect that forbids it', () => {
  const lines = listLines({ only: 'account' }, 'safe', false);
  const skipped = lines.filter((l) => l.startsWith('skip'));
  expect(skipped.length).toBeGreaterThan(0);
  expect(skipped.every((l) => /mode safe does not send \S+ \S+ \(.+\)$/.test(l))).toBe(true);
  expect(lines.filter((l) => l.startsWith('judge')).length).toBeGreaterThan(0);
  expect(listLines({ only: 'account' }, 'full', false).filter((l) => l.startsWith('skip'))).toEqual([]);
});

test('read-only mode skips every operation that is not a read', () => {
  const lines = listLines({ only: 'vpcs/create' }, 'read-only', false);
  expect(lines.filter((l) => l.startsWith('judge'))).toEqual([]);
});

test('a declared profile lists what it leaves out as not-offered, the conventions always judged', () => {
  const profile = { profile: { offers: ['vpcs'] }, source: 'vpcs.profile.json' };
  const lines = listLines({ only: ['vpcs', 'tags'] }, 'full', false, profile);
  const notOffered = lines.filter((l) => l.startsWith('not-offered'));
  expect(notOffered.length).toBeGreaterThan(0);
  expect(
    notOffered.every((l) => /^not-offered tags\/\S+ \[\w+\]: the profile vpcs.profile.json does not offer it$/.test(l)),
  ).toBe(true);
  expect(lines.some((l) => /^judge {5}vpcs\//.test(l))).toBe(true);
  expect(lines.some((l) => /^judge {5}conventions\//.test(l))).toBe(true);
  expect(listLines({ only: ['vpcs', 'tags'] }, 'full', false).some((l) => l.startsWith('not-offered'))).toBe(false);
});

test('excluded requirements are listed with their reason', () => {
  const x = exclusions[0];
  if (!x) return;
  const lines = listLines({ ids: [x.requirement] }, 'full', false);
  expect(lines[0]).toBe(`excluded  ${x.requirement} [${lines[0]?.match(/\[(\w+)\]/)?.[1]}]: ${x.reason}`);
});

test('run --list sends nothing to the target and exits 0', { timeout: 60_000 }, async () => {
  let requests = 0;
  const server = createServer((_req, res) => {
    requests += 1;
    res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    const base = `http://127.0.0.1:${port}/v4`;
    const r = await runCli([
      'run',
      '--list',
      '--base-url',
      base,
      '--token',
      'list-token',
      '--only',
      'vpcs',
      '--mode',
      'read-only',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^skip {6}vpcs\/create\/\S+ \[MUST\]: mode read-only does not send POST/m);
    expect(r.stdout).toMatch(/\d+ selected in mode read-only: \d+ judged, \d+ skipped by the mode, \d+ not offered/);
    expect(r.stdout).toMatch(/a requirement marked judge can still end skipped/);
    expect(requests).toBe(0);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});
