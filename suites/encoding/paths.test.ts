// Unit tests of what the operation paths say: the literal resources beside a templated sibling, and where the entity an operation makes or changes is read back.

import { describe, expect, test } from 'vitest';
import { literalPaths, operations, opOf } from '../../spec/index.js';
import { entityViewOf } from '../../spec/paths.js';

describe('literal resources', () => {
  test('each literal path beside a parameter of a sibling, with its own methods', () => {
    const found = Object.fromEntries(literalPaths.map((r) => [r.path, r.methods]));
    expect(found).toMatchObject({
      '/managed/credentials/sshkey': ['GET'],
      '/node/instances/{nodeId}/backups/cancel': ['POST'],
      '/node/instances/{nodeId}/backups/enable': ['POST'],
      '/node/instances/{nodeId}/configs/{configId}/interfaces/order': ['POST'],
    });
    expect(found['/managed/credentials/{credentialId}']).toBeUndefined();
    for (const r of literalPaths) expect(r.siblings.length, r.path).toBeGreaterThan(0);
  });
});

describe('the entity read back', () => {
  test.each([
    ['instances/create', 'instances/view', 'nodeId'],
    ['disks/create', 'disks/view', 'diskId'],
    ['managed/credentials/create', 'managed/credentials/view', 'credentialId'],
    ['billing/payments/create', 'billing/payments/view', 'paymentId'],
    ['instances/rebuild', 'instances/view', undefined],
    ['disks/password', 'disks/view', undefined],
    ['managed/credentials/update-password', 'managed/credentials/view', undefined],
    ['vpcs/update', 'vpcs/view', undefined],
  ])('%s is read back through %s', (id, view, created) => {
    const at = entityViewOf(opOf(id), operations);
    expect(at?.view.id).toBe(view);
    expect(at?.createdParam).toBe(created);
  });

  test('a card added without a view of its own is read back nowhere', () => {
    expect(entityViewOf(opOf('billing/credit-card/add'), operations)).toBeUndefined();
  });
});
