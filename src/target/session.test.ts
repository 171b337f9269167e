// Self-tests of what a session does for the target's sake: journals what it makes and deletes, puts back account-wide settings, and reports a silent control interface as no answer.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, test } from 'vitest';
import { operationById } from '../../spec/index.js';
import type { Operation } from '../../spec/types.js';
import { NoAnswer } from '../http/client.js';
import { startHostileTarget } from '../selftest/hostile-target.js';
import { scratchDirectory } from '../test-support/scratch.js';
import type { RunConfig } from './config.js';
import { readJournal } from './journal.js';
import { Session, STOP_CHECK_MS } from './session.js';

const work = scratchDirectory('session');

const op = (id: string): Operation => {
  const o = operationById.get(id);
  if (!o) throw new Error(`no ${id}`);
  return o;
};

const body = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    req.on('data', (c) => {
      text += c;
    });
    req.on('end', () => resolve(text));
  });

/** A fake target: settings that PUT changes, creations that answer new ids, control interface on. */
const seen: string[] = [];
let settings: Record<string, unknown> = { backups_enabled: false, network_helper: true };
let nextId = 100;
const server = createServer(async (req, res) => {
  const text = await body(req);
  seen.push(`${req.method} ${req.url} ${text}`);
  res.writeHead(200, { 'content-type': 'application/json' });
  if (req.url === '/v4/account/settings' && req.method === 'PUT') settings = { ...settings, ...JSON.parse(text) };
  if (req.url === '/v4/account/settings') return res.end(JSON.stringify(settings));
  if (req.url === '/__cloudconf/info') return res.end('{"cloudconf":true}');
  if (req.url === '/__cloudconf/accounts') return res.end('{"account":2,"username":"other","token":"other-token-1"}');
  res.end(JSON.stringify(req.method === 'POST' ? { id: nextId++, label: 'cctest1-x' } : {}));
});
const listening = new Promise<string>((resolve) =>
  server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v4`)),
);
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function config(baseUrl: string, extra: Partial<RunConfig> = {}): RunConfig {
  return {
    baseUrl,
    betaUrl: baseUrl,
    token: 'session-test-token',
    seed: 1,
    runs: 1,
    mode: 'full',
    strict: false,
    labelPrefix: 'cctest1',
    regions: ['r'],
    images: [],
    types: [],
    ...extra,
  };
}

describe('session', () => {
  test('journals what it creates in the run account, and what it deletes; not what another account makes', async () => {
    const journalPath = join(mkdtempSync(join(work, 'journal-')), 'created.jsonl');
    const s = new Session(config(await listening, { journalPath }));
    const vpc = await s.send(op('vpcs/create'), { body: { label: 'cctest1-a', region: 'r' } });
    const vpcId = (vpc.response?.json as { id: number } | undefined)?.id ?? 0;
    const subnet = await s.send(op('vpcs/subnets/create'), {
      params: { vpcId },
      body: { label: 's', ipv4: '10.0.0.0/24' },
    });
    const subnetId = (subnet.response?.json as { id: number } | undefined)?.id ?? 0;
    await s.send(op('vpcs/subnets/delete'), { params: { vpcId, vpcSubnetId: subnetId } });
    const other = await s.throwaway();
    await other?.send(op('vpcs/create'), { body: { label: 'cctest1-b', region: 'r' } });
    const { left, everMade } = readJournal(journalPath);
    expect(everMade.size).toBe(2);
    expect(left.map((m) => [m.remove, m.params, m.label])).toEqual([['vpcs/delete', { vpcId }, 'cctest1-x']]);
    await s.client.close();
  });

  test('puts back the account-wide settings a test changed', async () => {
    const s = new Session(config(await listening));
    await s.send(op('account/settings/update'), { body: { backups_enabled: true } });
    await s.send(op('account/settings/update'), { body: { network_helper: false } });
    expect(settings).toEqual({ backups_enabled: true, network_helper: false });
    await s.restoreAccount();
    expect(settings).toEqual({ backups_enabled: false, network_helper: true });
    await s.client.close();
  });

  test('a control interface that does not answer is no answer, not a missing feature', async () => {
    const target = await startHostileTarget('reset');
    const s = new Session(config(target.baseUrl));
    await expect(s.hasControl()).rejects.toThrow(NoAnswer);
    await s.client.close();
    await target.close();
  });
});

test('every request of the run stops once the stop file exists (seen within STOP_CHECK_MS)', async () => {
  const dir = mkdtempSync(join(work, 'stop-'));
  const stopPath = join(dir, 'stopped');
  const s = new Session(config(await listening, { stopPath }));
  expect((await s.send(op('vpcs/list'))).transportError).toBeUndefined();
  writeFileSync(stopPath, 'SIGINT');
  await sleep(STOP_CHECK_MS + 10);
  const before = seen.length;
  expect((await s.send(op('vpcs/list'))).transportError?.code).toBe('INTERRUPTED');
  expect(seen.length).toBe(before);
  await s.client.close();
});
