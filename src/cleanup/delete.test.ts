// Self-tests of deleting a run's litter: children before parents, waiting while a delete is still going, retrying what a dependency held back, and naming what resisted.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, expect, test } from 'vitest';
import { operationById } from '../../spec/index.js';
import type { Operation } from '../../spec/types.js';
import { Session } from '../target/session.js';
import { deleteAll, type Litter } from './delete.js';

const op = (id: string): Operation => {
  const o = operationById.get(id);
  if (!o) throw new Error(`no ${id}`);
  return o;
};

/**
 * A target where VPC 1 refuses deletion while instance 5 exists, instance 5 stays `deleting` for a
 * few reads after its delete, and VPC 9 always refuses.
 */
const deletes: string[] = [];
/** What each entity reads back as: the run's own carry its prefix; VPC 4 is someone else's, VPC 6 answers its list. */
const records: Record<string, unknown> = {
  '/v4/vpcs/1': { id: 1, label: 'cctest1-vpc' },
  '/v4/vpcs/9': { id: 9, label: 'cctest1-stuck' },
  '/v4/vpcs/1/subnets/2': { id: 2, label: 'cctest1-subnet' },
  '/v4/vpcs/4': { id: 4, label: 'production' },
  '/v4/vpcs/6': { data: [{ id: 6, label: 'cctest1-listed' }], page: 1, pages: 1, results: 1 },
};
let instanceReads = 0;
let instanceDeleted = false;
const server = createServer((req, res) => {
  req.resume();
  const json = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  if (req.method === 'DELETE') deletes.push(req.url ?? '');
  // Payment method 3 is the default, which the documents say cannot be deleted.
  if (req.method === 'GET' && req.url === '/v4/account/payment-methods/3')
    return json(200, { id: 3, is_default: true });
  if (req.method === 'GET' && req.url === '/v4/node/instances/5') {
    instanceReads += 1;
    const record = { id: 5, label: 'cctest1-node', status: instanceDeleted ? 'deleting' : 'running' };
    return instanceDeleted && instanceReads > 3 ? json(404, {}) : json(200, record);
  }
  const record = req.method === 'GET' ? records[req.url ?? ''] : undefined;
  if (record) return json(200, record);
  if (req.method === 'DELETE' && req.url === '/v4/node/instances/5') instanceDeleted = true;
  const gone = instanceDeleted && instanceReads > 3;
  if (req.method === 'DELETE' && req.url === '/v4/vpcs/1' && !gone)
    return json(409, { errors: [{ reason: 'in use' }] });
  if (req.method === 'DELETE' && req.url === '/v4/vpcs/9') return json(400, { errors: [{ reason: 'never' }] });
  json(200, {});
});
const listening = new Promise<string>((resolve) =>
  server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v4`)),
);
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A session of a run with the prefix `cctest1` on the test's target. */
const sessionOn = (baseUrl: string, mode: 'safe' | 'full') =>
  new Session({
    baseUrl,
    betaUrl: baseUrl,
    token: 'delete-test-token',
    seed: 1,
    runs: 1,
    mode,
    strict: false,
    labelPrefix: 'cctest1',
    regions: [],
    images: [],
    types: [],
  });

test('children first, asynchronous deletes awaited, held-back deletes retried, resisters named, the default payment method kept', async () => {
  const baseUrl = await listening;
  const s = sessionOn(baseUrl, 'safe');
  // Newest first, as the journal gives them: the VPCs were made before the instance that uses one.
  const litter: Litter[] = [
    { remove: op('vpcs/delete'), params: { vpcId: 9 }, label: 'cctest1-stuck' },
    { remove: op('vpcs/delete'), params: { vpcId: 1 } },
    { remove: op('instances/delete'), params: { nodeId: 5 }, view: op('instances/view') },
    { remove: op('vpcs/subnets/delete'), params: { vpcId: 1, vpcSubnetId: 2 } },
    { remove: op('billing/payment-methods/delete'), params: { paymentMethodId: 3 } },
  ];
  const report = await deleteAll(s, litter, { rounds: 3, settleMs: 5000, pollMs: 50 });
  // The subnet before any entity of one path segment; those go a few at a time, in any order.
  expect(deletes[0]).toBe('/v4/vpcs/1/subnets/2');
  expect(deletes.slice(1, 4).sort()).toEqual(['/v4/node/instances/5', '/v4/vpcs/1', '/v4/vpcs/9']);
  expect(deletes.filter((d) => d === '/v4/vpcs/1').length).toBe(2);
  expect(instanceReads).toBeGreaterThan(3);
  expect(report.deleted).toBe(3);
  expect(deletes).not.toContain('/v4/account/payment-methods/3');
  expect(report.kept).toBe(1);
  expect(report.left).toEqual([
    { request: 'DELETE /v4/vpcs/9', label: 'cctest1-stuck', reason: 'answered 400: never' },
  ]);
  await s.client.close();
});

test('an entity is deleted only when read back from the target as the one its path names, carrying the prefix', async () => {
  const baseUrl = await listening;
  const s = sessionOn(baseUrl, 'full');
  deletes.length = 0;
  const view = op('vpcs/view');
  const litter: Litter[] = [
    // The journal says the run made it with its prefix; the target holds another entity under that id.
    { remove: op('vpcs/delete'), params: { vpcId: 4 }, label: 'cctest1-claimed', view },
    // What reads back is a list, not one record.
    { remove: op('vpcs/delete'), params: { vpcId: 6 }, label: 'cctest1-listed', view },
    // A tag names itself: its label must carry the prefix.
    { remove: op('tags/delete'), params: { tagLabel: 'production' }, label: 'cctest1-tag' },
    { remove: op('vpcs/delete'), params: { vpcId: 1 }, view },
  ];
  const told: string[] = [];
  const report = await deleteAll(s, litter, {
    rounds: 1,
    settleMs: 0,
    pollMs: 10,
    onDelete: (request, label) => told.push(`${request} (${label})`),
  });
  expect(deletes).toEqual(['/v4/vpcs/1']);
  expect(told).toEqual(['DELETE /v4/vpcs/1 (cctest1-vpc)']);
  // Each named with the label the target holds, not the journal's.
  const notOurs = new Map(report.notOurs?.map((l) => [l.request, l]));
  expect([...notOurs.keys()].sort()).toEqual(['DELETE /v4/tags/production', 'DELETE /v4/vpcs/4', 'DELETE /v4/vpcs/6']);
  expect(notOurs.get('DELETE /v4/vpcs/4')?.label).toBe('production');
  expect(notOurs.get('DELETE /v4/vpcs/6')?.reason).toMatch(/a list, not the entity/);
  await s.client.close();
});
