// Self-tests of path matching: roots, literal segments before parameters, typed parameters, beta operations only under the beta root, ids holding a slash.

import { describe, expect, test } from 'vitest';
import { operations } from '../../spec/index.js';
import type { Operation } from '../../spec/types.js';
import { locate, OperationIndex } from './match.js';

const index = new OperationIndex();
const idOf = (method: string, path: string) => index.match(method, path)?.op.id;

/** A concrete path for an operation: integers for integer parameters, a word for string ones. */
const concrete = (op: Operation) =>
  op.path.replace(/\{(\w+)\}/g, (_m, name: string) =>
    op.pathParams.find((p) => p.name === name)?.type === 'integer' ? '7' : 'some-name',
  );

describe('locate', () => {
  test('the root is the /v4 or /v4beta segment, wherever the base URL puts it', () => {
    expect(locate('/v4/vpcs/1')).toEqual({ root: 'base', segments: ['vpcs', '1'] });
    expect(locate('/api/v4beta/account/availability')).toEqual({
      root: 'beta',
      segments: ['account', 'availability'],
    });
    expect(locate('/vpcs/1')).toEqual({ segments: ['vpcs', '1'] });
  });
});

describe('operation index', () => {
  test('every operation is found from a concrete path of its own, under its root', () => {
    const wrong = operations
      .map((op) => [op, index.match(op.method, `${op.root === 'beta' ? '/v4beta' : '/v4'}${concrete(op)}`)] as const)
      .filter(([op, found]) => found?.op.id !== op.id)
      .map(([op, found]) => `${op.method} ${op.path} -> ${found?.op.id}`);
    expect(wrong).toEqual([]);
  });

  test('path parameters bind with their types: integers as numbers, text decoded', () => {
    const vpc = operations.find((o) => o.method === 'GET' && /\{vpcId\}$/.test(o.path));
    expect(vpc).toBeDefined();
    const m = index.match('GET', `/v4${vpc?.path.replace('{vpcId}', '42')}`);
    expect(m?.op.id).toBe(vpc?.id);
    expect(m?.params).toEqual({ vpcId: 42 });
    // A word where an integer id goes names no operation at all.
    expect(index.match('GET', `/v4${vpc?.path.replace('{vpcId}', 'abc')}`)).toBeUndefined();
  });

  test('literal segments win over parameters', () => {
    const literal = operations.find((o) => o.path === '/managed/credentials/sshkey');
    expect(literal).toBeDefined();
    expect(idOf('GET', '/v4/managed/credentials/sshkey')).toBe(literal?.id);
    expect(idOf('GET', '/v4/managed/credentials/12')).not.toBe(literal?.id);
  });

  test('a literal segment is never an id of a templated sibling, whatever the method', () => {
    const at = (method: Operation['method'], path: string, id: string, type: 'string' | 'integer' = 'string') =>
      ({
        ...(operations[0] as Operation),
        id,
        method,
        path,
        root: 'base',
        pathParams: [{ name: 'name', type }],
      }) as Operation;
    const things = new OperationIndex([
      at('GET', '/things/{name}', 'things/view'),
      at('POST', '/things/special', 'things/special'),
    ]);
    expect(things.match('GET', '/v4/things/other')?.op.id).toBe('things/view');
    expect(things.match('POST', '/v4/things/special')?.op.id).toBe('things/special');
    // GET on the literal resource is a method it does not take, not a view of the thing named `special`.
    expect(things.match('GET', '/v4/things/special')).toBeUndefined();
    expect(idOf('GET', '/v4/node/instances/7/backups/cancel')).toBeUndefined();
    expect(idOf('POST', '/v4/node/instances/7/backups/cancel')).toBe('backups/cancel');
  });

  test('beta operations answer only under /v4beta; stable ones under both; a rootless path under either', () => {
    const beta = operations.filter((o) => o.root === 'beta');
    expect(beta.length).toBeGreaterThan(0);
    for (const op of beta) {
      expect(idOf(op.method, `/v4${concrete(op)}`)).toBeUndefined();
      expect(idOf(op.method, `/v4beta${concrete(op)}`)).toBe(op.id);
      expect(idOf(op.method, concrete(op))).toBe(op.id);
    }
    const stable = operations.find((o) => o.root === 'base' && o.pathParams.length === 0) as Operation;
    expect(idOf(stable.method, `/v4beta${stable.path}`)).toBe(stable.id);
  });

  test('a method the path does not take, or a path no operation has, matches nothing', () => {
    expect(idOf('PATCH', '/v4/vpcs')).toBeUndefined();
    expect(idOf('GET', '/v4/no-such-thing')).toBeUndefined();
    expect(idOf('GET', '/v4')).toBeUndefined();
  });

  test('a kernel id holding a slash matches encoded or written with a literal slash', () => {
    const view = operations.find((o) => o.path.endsWith('{kernelId}')) as Operation;
    const base = view.path.replace('/{kernelId}', '');
    expect(index.match('GET', `/v4${base}/node%2Fgrub2`)?.params).toEqual({ kernelId: 'node/grub2' });
    expect(index.match('GET', `/v4${base}/node/grub2`)?.params).toEqual({ kernelId: 'node/grub2' });
  });
});
