// Self-tests of the reference router: every operation is routed from a concrete path of its own, and a literal segment is never an id of a templated sibling (OPTIONS, 405 and Allow follow the resource addressed).

import { describe, expect, test } from 'vitest';
import { literalPaths, operations } from '../../spec/index.js';
import type { Operation } from '../../spec/types.js';
import { Router } from './router.js';

const router = new Router(operations);

/** A concrete path: `7` for every parameter (an integer id fits every integer parameter). */
const concrete = (path: string) => path.replace(/\{\w+\}/g, '7');

describe('router', () => {
  test('every operation is found from a concrete path of its own', () => {
    const wrong = operations
      .map((op: Operation) => [op, router.match(op.root, op.method, concrete(op.path))] as const)
      .filter(([op, m]) => m.kind !== 'found' || m.op.id !== op.id)
      .map(([op]) => `${op.method} ${op.path}`);
    expect(wrong).toEqual([]);
  });

  test('a literal resource allows its own methods only, whatever its templated sibling takes', () => {
    expect(literalPaths.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/managed/credentials/sshkey', '/node/instances/{nodeId}/backups/cancel']),
    );
    for (const resource of literalPaths) {
      const path = concrete(resource.path);
      expect(router.methodsAt(resource.root, path).sort(), resource.path).toEqual([...resource.methods].sort());
      for (const method of ['GET', 'POST', 'PUT', 'DELETE'].filter((m) => !resource.methods.includes(m as never))) {
        expect(router.match(resource.root, method, path), `${method} ${resource.path}`).toEqual({
          kind: 'method-not-allowed',
          allowed: resource.methods,
        });
      }
    }
  });

  test('read as an id of the sibling (the literal-segment-as-id fault), the literal gets the sibling methods', () => {
    const cancel = '/node/instances/7/backups/cancel';
    expect(router.methodsAt('base', cancel, false).sort()).toEqual(['GET', 'POST']);
    expect(router.match('base', 'GET', cancel, false)).toMatchObject({ kind: 'found', params: { backupId: 'cancel' } });
    expect(router.match('base', 'PUT', '/managed/credentials/sshkey', false)).toMatchObject({ kind: 'found' });
  });
});
