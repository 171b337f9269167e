// Self-tests of the mode guard: what each mode refuses, read from the effects in spec/, and that a session neither sends a refused request nor changes what it did not make.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, test } from 'vitest';
import { operationById, operations } from '../../spec/index.js';
import type { Operation } from '../../spec/types.js';
import { RequestRefused } from '../http/client.js';
import type { RunConfig } from './config.js';
import { defaultMode, modeRefusal, ownershipRefusal } from './mode.js';
import { Session } from './session.js';

const op = (id: string): Operation => {
  const o = operationById.get(id);
  if (!o) throw new Error(`no ${id}`);
  return o;
};

const REASON = /^mode (read-only|safe) does not send (GET|POST|PUT|DELETE) \/\S* \(.+\)$/;

describe('modes', () => {
  test('read-only refuses every operation but GET, naming method, path and effect', () => {
    for (const o of operations) {
      const refusal = modeRefusal({ mode: 'read-only' }, o);
      if (o.method === 'GET') expect(refusal, o.id).toBeUndefined();
      else expect(refusal, o.id).toMatch(REASON);
    }
  });

  test('safe refuses exactly what is billed, irreversible or account-wide', () => {
    for (const o of operations) {
      const forbidden = o.effects.some((e) => e === 'billing' || e === 'irreversible' || e === 'account-wide');
      expect(modeRefusal({ mode: 'safe' }, o) !== undefined, o.id).toBe(forbidden);
    }
    const never = [
      'account/cancel',
      'billing/payments/create',
      'billing/payment-methods/create',
      'billing/credit-card/add',
      'account/promo-codes/add',
      'account/settings/managed-enable',
      'transfers/service/create',
      'transfers/entity/create',
      'transfers/service/accept',
      'instances/create',
    ];
    for (const id of never) expect(modeRefusal({ mode: 'safe' }, op(id)), id).toMatch(REASON);
    expect(modeRefusal({ mode: 'safe' }, op('account/cancel'))).toBe(
      'mode safe does not send POST /account/cancel (billing, irreversible, account-wide)',
    );
  });

  test('--allow-billing lets instances go out in safe mode, never payments or cancellation', () => {
    const config = { mode: 'safe' as const, allowBilling: true };
    expect(modeRefusal(config, op('instances/create'))).toBeUndefined();
    expect(modeRefusal(config, op('account/cancel'))).toMatch(REASON);
    expect(modeRefusal(config, op('billing/payments/create'))).toMatch(/\(irreversible\)$/);
  });

  test('full refuses nothing', () => {
    for (const o of operations) expect(modeRefusal({ mode: 'full' }, o)).toBeUndefined();
  });

  test('safe changes only entities the run made, by the root of the path', () => {
    const owns = (id: string) => id === '7';
    const safe = { mode: 'safe' as const };
    expect(ownershipRefusal(safe, op('vpcs/update'), { vpcId: 8 }, owns)).toMatch(REASON);
    expect(ownershipRefusal(safe, op('vpcs/update'), { vpcId: 7 }, owns)).toBeUndefined();
    expect(ownershipRefusal(safe, op('vpcs/subnets/delete'), { vpcId: 7, vpcSubnetId: 99 }, owns)).toBeUndefined();
    expect(ownershipRefusal(safe, op('vpcs/view'), { vpcId: 8 }, owns)).toBeUndefined();
    expect(ownershipRefusal({ mode: 'full' }, op('vpcs/update'), { vpcId: 8 }, owns)).toBeUndefined();
  });

  test('the default is full on loopback and the reference server, safe elsewhere', () => {
    expect(defaultMode('http://127.0.0.1:8080/v4', false)).toBe('full');
    expect(defaultMode('http://localhost:8080/v4', false)).toBe('full');
    expect(defaultMode('https://api.example.test/v4', false)).toBe('safe');
    expect(defaultMode('https://127.example.test/v4', false)).toBe('safe');
  });
});

describe('a session in safe mode', () => {
  const hits: string[] = [];
  let nextId = 7;
  /** Labels by VPC id: creates echo the label sent (or, once asked, another), reads give it back. */
  const labels = new Map<number, string>();
  let echo = true;
  const server = createServer(async (req, res) => {
    hits.push(`${req.method} ${req.url}`);
    let text = '';
    for await (const c of req) text += c;
    const sent = text ? (JSON.parse(text) as { label?: string }) : {};
    const id = Number(/^\/v4\/vpcs\/(\d+)$/.exec(req.url ?? '')?.[1]);
    res.writeHead(200, { 'content-type': 'application/json' });
    if (req.url === '/__cloudconf/info') return res.end(JSON.stringify({ cloudconf: true }));
    if (req.method === 'POST') {
      const made = nextId++;
      labels.set(made, sent.label ?? '');
      return res.end(JSON.stringify({ id: made, label: echo ? sent.label : 'someone-else' }));
    }
    if (req.method === 'PUT' && sent.label) labels.set(id, sent.label);
    res.end(JSON.stringify(req.method === 'GET' ? { id, label: labels.get(id) } : {}));
  });
  const listening = new Promise<string>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v4`)),
  );
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const config = (baseUrl: string): RunConfig => ({
    baseUrl,
    betaUrl: baseUrl,
    token: 'safe-mode-token',
    seed: 1,
    runs: 1,
    mode: 'safe',
    strict: false,
    labelPrefix: 'cctest1',
    regions: ['r'],
    images: [],
    types: [],
  });

  test('sends nothing the mode refuses, and changes what it made but nothing else', async () => {
    const s = new Session(config(await listening));
    await expect(s.send(op('account/cancel'))).rejects.toThrow(RequestRefused);
    await expect(s.send(op('vpcs/delete'), { params: { vpcId: 1 } })).rejects.toThrow(/did not create/);
    expect(hits).toEqual([]);
    const made = await s.send(op('vpcs/create'), { body: { label: 'cctest1-a', region: 'r' } });
    const id = (made.response?.json as { id: number } | undefined)?.id ?? 0;
    await s.send(op('vpcs/update'), { params: { vpcId: id }, body: { label: 'cctest1-b' } });
    await s.send(op('vpcs/delete'), { params: { vpcId: id } });
    // Each change goes out after a read-back shows the VPC still carries the run's prefix.
    const view = `GET /v4/vpcs/${id}`;
    expect(hits).toEqual(['POST /v4/vpcs', view, `PUT /v4/vpcs/${id}`, view, `DELETE /v4/vpcs/${id}`]);
    await s.client.close();
  });

  test('takes nothing a create answer names without echoing the label sent, nor what lost its prefix', async () => {
    const s = new Session(config(await listening));
    echo = false;
    const foreign = await s.send(op('vpcs/create'), { body: { label: 'cctest1-c', region: 'r' } });
    echo = true;
    const foreignId = (foreign.response?.json as { id: number } | undefined)?.id ?? 0;
    expect(s.owns(foreignId)).toBe(false);
    expect(s.disowned(foreignId)).toMatch(/label/);
    await expect(s.send(op('vpcs/delete'), { params: { vpcId: foreignId } })).rejects.toThrow(/did not create/);
    const made = await s.send(op('vpcs/create'), { body: { label: 'cctest1-d', region: 'r' } });
    const id = (made.response?.json as { id: number } | undefined)?.id ?? 0;
    labels.set(id, 'production-db');
    hits.length = 0;
    await expect(s.send(op('vpcs/delete'), { params: { vpcId: id } })).rejects.toThrow(/prefix/);
    expect(hits).toEqual([`GET /v4/vpcs/${id}`]);
    await s.client.close();
  });

  test('read-only refuses the control interface too', async () => {
    const s = new Session({ ...config(await listening), mode: 'read-only' });
    await expect(s.throwaway()).rejects.toThrow(/mode read-only does not send POST \/__cloudconf\/accounts/);
    await s.client.close();
  });
});
